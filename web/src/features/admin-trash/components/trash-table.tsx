import { useState } from 'react';
import { toggled, usePendingRows, without } from '@/lib/selection';
import type { TrashEntry } from '@domain/types';
import { countOf } from '@domain/plural';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog, NameList } from '@/components/ui/confirm-dialog';
import { failedToast, toast } from '@/components/ui/toast';
import { usePurge, useRestore } from '../api/trash-actions';
import { tableScrollClass } from '@/components/ui/table-scroll';

const dash = (v: string | null | undefined) => (v ? v : '-');

/**
 * The deleted businesses (newest first) with Restore, and Delete for good behind its own
 * confirmation naming what it deletes. Restore needs none: it takes nothing away.
 */
export function TrashTable({ entries }: { entries: TrashEntry[] }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const { pending: confirmPurge, ask: askPurge, take, cancel } = usePendingRows();
  const restore = useRestore();
  const purge = usePurge();
  const busy = restore.isPending || purge.isPending;
  const ids = entries.map((e) => e.id);
  const chosen = entries.filter((e) => selected.has(e.id));
  const allChosen = ids.length > 0 && chosen.length === ids.length;
  const forget = (done: number[]) => setSelected((s) => without(s, done));

  const restoreRows = (rows: TrashEntry[]) => {
    const target = rows.map((e) => e.id);
    restore.mutate(target, {
      onSuccess: (r) => {
        toast({ title: `Restored ${countOf(r.restored, 'business')}`, description: rows.length === 1 ? rows[0].name : undefined });
        forget(target);
      },
      onError: failedToast('Restore failed'),
    });
  };

  const confirmed = () => {
    const target = take();
    if (!target) return;
    purge.mutate(target, {
      onSuccess: (r) => {
        toast({ title: `Deleted ${countOf(r.purged, 'business')} for good` });
        forget(target);
      },
      onError: failedToast('Delete failed'),
    });
  };

  const one = confirmPurge?.ids.length === 1;
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2 px-3 py-2" role="toolbar" aria-label="Selected businesses">
        <span className="text-sm text-gray-600">{chosen.length ? `${chosen.length} selected` : 'Select rows to restore or delete several at once'}</span>
        {chosen.length > 0 && (
          <>
            <button type="button" className={buttonClass('subtle')} disabled={busy} onClick={() => restoreRows(chosen)}>
              Restore selected
            </button>
            <button type="button" className={buttonClass('danger')} disabled={busy} onClick={() => askPurge(chosen)}>
              Delete selected for good
            </button>
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirmPurge !== null}
        title={one ? `Delete ${confirmPurge?.names[0]} for good?` : `Delete ${countOf(confirmPurge?.ids.length ?? 0, 'business')} for good?`}
        confirmLabel="Delete for good"
        onConfirm={confirmed}
        onCancel={cancel}
      >
        {confirmPurge && !one && <NameList names={confirmPurge.names} />}
        <p className="mt-2">{one ? 'It' : 'They'} cannot be restored afterwards.</p>
      </ConfirmDialog>
      <div className={tableScrollClass()}>
        <table className="w-full text-left text-sm" data-testid="trash-table">
          <thead className="bg-gray-50 text-xs uppercase text-gray-500">
            <tr>
              <th className="px-3 py-2">
                <input type="checkbox" aria-label="Select all on this page" checked={allChosen} onChange={() => setSelected(allChosen ? new Set() : new Set(ids))} />
              </th>
              {['Name', 'City', 'Deleted', 'By', 'Actions'].map((h) => (
                <th key={h} className="px-3 py-2">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} className="border-t border-gray-100">
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label={`Select ${e.name}`}
                    checked={selected.has(e.id)}
                    onChange={() => setSelected(toggled(selected, e.id))}
                  />
                </td>
                <td className="px-3 py-2 font-medium">{e.name}</td>
                <td className="px-3 py-2">{dash(e.city)}</td>
                <td className="whitespace-nowrap px-3 py-2">{new Date(e.deletedAt).toLocaleString()}</td>
                <td className="px-3 py-2">{dash(e.deletedBy)}</td>
                <td className="space-x-1 whitespace-nowrap px-3 py-2">
                  <button type="button" className={buttonClass('subtle')} aria-label={`Restore ${e.name}`} disabled={busy} onClick={() => restoreRows([e])}>
                    Restore
                  </button>
                  <button type="button" className={buttonClass('danger')} aria-label={`Delete ${e.name} for good`} onClick={() => askPurge([e])}>
                    Delete for good
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
