import { useState } from 'react';
import type { ImportRecord } from '@domain/types';
import { useUndoImport } from '../api/undo-import';
import { useUndoPlan } from '../api/get-undo-plan';
import { buttonClass } from '@/components/ui/button';
import { failedToast, toast } from '@/components/ui/toast';
import { apiMessage } from '@/lib/api';
import { nounFor } from '@domain/plural';

/** What the admin typed, as a count: digits with any thousands separators ('2,000', '2.000', '2 000'). */
const typedCount = (text: string): number | undefined => {
  const digits = text.replace(/[\s,.'’_]/g, '');
  return /^\d{1,10}$/.test(digits) ? Number(digits) : undefined;
};

/**
 * Undo, asked twice: the first click says what it will do (counted by the server now, not when
 * the import ran), the second does it. An undo that removes more businesses than the server's
 * threshold also wants that number typed, and sends it: the server refuses it otherwise. Offered
 * for a finished import that changed something and was not undone yet.
 */
export function UndoButton({ record }: { record: ImportRecord }) {
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const plan = useUndoPlan(record.id, asking);
  const undo = useUndoImport({
    onSuccess: (r) =>
      toast({
        title: 'Import undone',
        description: `${r.removed} new ${nounFor(r.removed, 'business')} removed, ${r.restored} restored${r.keptChanged ? `, ${r.keptChanged} changed since and left as they are` : ''}${
          r.keptPlaceGone ? `, ${r.keptPlaceGone} left as they are because their former category or city is gone` : ''
        }`,
      }),
    onError: failedToast('Undo failed'),
  });
  if (record.undoneAt || record.status === 'running' || record.imported + record.updated === 0) return null;
  const close = () => {
    setAsking(false);
    setTyped('');
  };
  if (!asking) {
    return (
      <button type="button" className={buttonClass('secondary')} onClick={() => setAsking(true)}>
        Undo
      </button>
    );
  }
  const p = plan.data;
  const confirmed = p !== undefined && (!p.typedCountRequired || typedCount(typed) === p.removes);
  return (
    <div className="flex flex-col gap-1 text-xs" role="group" aria-label={`Undo ${record.fileName}`}>
      {!p ? (
        <span>{plan.isError ? (apiMessage(plan.error) ?? 'Could not check what the undo would do') : 'Checking what the undo would do...'}</span>
      ) : (
        <span>
          Remove its {p.removes.toLocaleString()} new {nounFor(p.removes, 'business')} and restore {p.restores.toLocaleString()} changed ones?
        </span>
      )}
      {p?.typedCountRequired && (
        <label className="flex flex-col gap-1 font-medium text-red-800">
          This removes {p.removes.toLocaleString()} {nounFor(p.removes, 'business')}. Type {p.removes} to confirm.
          <input
            className="rounded border border-gray-300 px-2 py-1 font-normal text-gray-900"
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            aria-label="Number of businesses to remove"
          />
        </label>
      )}
      <div className="flex gap-1">
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={undo.isPending || !confirmed}
          onClick={() => undo.mutate({ id: record.id, confirmCount: p?.typedCountRequired ? p.removes : undefined }, { onSettled: close })}
        >
          Confirm undo
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={close}>
          Cancel
        </button>
      </div>
    </div>
  );
}
