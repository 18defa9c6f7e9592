import { useState } from 'react';
import { toggled, usePendingRows, without } from '@/lib/selection';
import type { AdminBusiness, AdminSort, BulkAction } from '@domain/types';
import { paths } from '@/config/paths';
import { badgeClass } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog, NameList } from '@/components/ui/confirm-dialog';
import { failedToast, toast } from '@/components/ui/toast';
import { TRASH_RETENTION_DAYS } from '@domain/constants';
import { countOf } from '@domain/plural';
import { useBusinessAction } from '../api/manage';
import { EditDialog } from './edit-dialog';
import { tableScrollClass } from '@/components/ui/table-scroll';

const dash = (v: string | null | undefined) => (v ? v : '-');

/** The columns a header click sorts by. */
const SORTABLE: Record<string, AdminSort['by'] | undefined> = { Name: 'name', City: 'city', Country: 'country', Category: 'category', Rating: 'rating' };

type FlagAction = Exclude<BulkAction, 'delete'>;
const ACTION_LABELS: Record<FlagAction, string> = {
  hide: 'Hide', show: 'Show', feature: 'Feature', unfeature: 'Unfeature', verify: 'Verify', unverify: 'Unverify',
};
const DONE: Record<FlagAction, string> = {
  hide: 'hidden', show: 'shown', feature: 'featured', unfeature: 'no longer featured', verify: 'verified', unverify: 'unverified',
};

/**
 * The admin list (Name, Address, City, Country, Category, Rating, Status; dashes for what is
 * missing), with what the admin does to listings: select rows (or the page) for a bulk action,
 * or act on one row: edit, hide or show, feature, delete. Delete moves to the trash, and only
 * after a confirmation naming the rows; a Delete pressed while one is open does nothing.
 */
export function BusinessTable({
  businesses,
  listKey = '',
  sort,
  onSort,
}: {
  businesses: AdminBusiness[];
  /** Changes with the page, search, filters or sort; the selection is cleared then, never kept out of sight. */
  listKey?: string;
  sort?: AdminSort;
  onSort?: (by: AdminSort['by']) => void;
}) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [selectedIn, setSelectedIn] = useState(listKey);
  if (selectedIn !== listKey) {
    setSelectedIn(listKey);
    setSelected(new Set());
  }
  const [editing, setEditing] = useState<number | null>(null);
  const { pending: confirmDelete, ask: askDelete, take, cancel } = usePendingRows();
  const act = useBusinessAction();
  const ids = businesses.map((b) => b.id);
  const chosen = ids.filter((id) => selected.has(id));
  const allChosen = ids.length > 0 && chosen.length === ids.length;

  const run = (action: FlagAction, target: number[]) => {
    act.mutate(
      { action, ids: target },
      {
        onSuccess: (r) => {
          toast({ title: `${countOf(r.changed, 'business')} ${DONE[action]}` });
          setSelected(new Set());
        },
        onError: failedToast(`${ACTION_LABELS[action]} failed`),
      },
    );
  };

  const confirmed = () => {
    const target = take();
    if (!target) return;
    act.mutate(
      { action: 'delete', ids: target },
      {
        onSuccess: (r) => {
          toast({ title: `Moved ${countOf(r.changed, 'business')} to the trash` });
          setSelected((s) => without(s, target));
        },
        onError: failedToast('Delete failed'),
      },
    );
  };

  return (
    <div>
      <div className="flex flex-wrap items-center gap-2 px-3 py-2" role="toolbar" aria-label="Selected businesses">
        <span className="text-sm text-gray-600">{chosen.length ? `${chosen.length} selected` : 'Select rows for bulk actions'}</span>
        {chosen.length > 0 &&
          (['hide', 'show', 'feature', 'unfeature', 'verify', 'unverify'] as const).map((a) => (
            <button key={a} type="button" className={buttonClass('subtle')} disabled={act.isPending} onClick={() => run(a, chosen)}>
              {ACTION_LABELS[a]} selected
            </button>
          ))}
        {chosen.length > 0 && (
          <button type="button" className={buttonClass('danger')} disabled={act.isPending} onClick={() => askDelete(businesses.filter((b) => selected.has(b.id)))}>
            Delete selected
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirmDelete !== null}
        title={confirmDelete?.ids.length === 1 ? `Move ${confirmDelete.names[0]} to the trash?` : `Move ${countOf(confirmDelete?.ids.length ?? 0, 'business')} to the trash?`}
        confirmLabel="Move to trash"
        onConfirm={confirmed}
        onCancel={cancel}
      >
        {confirmDelete && confirmDelete.ids.length > 1 && <NameList names={confirmDelete.names} />}
        <p className="mt-2">
          The Trash keeps {confirmDelete?.ids.length === 1 ? 'it' : 'them'} at least {TRASH_RETENTION_DAYS} days: restore from there, or delete for good.
        </p>
      </ConfirmDialog>
      <div className={tableScrollClass()}>
        <table className="w-full text-left text-sm" data-testid="business-table">
          <thead className="bg-gray-50 text-xs uppercase text-gray-500">
            <tr>
              <th className="px-3 py-2">
                <input
                  type="checkbox"
                  aria-label="Select all on this page"
                  checked={allChosen}
                  onChange={() => setSelected(allChosen ? new Set() : new Set(ids))}
                />
              </th>
              {['Name', 'Address', 'City', 'Country', 'Category', 'Rating', 'Status', 'Actions'].map((h) => {
                const by = SORTABLE[h];
                const current = by && sort?.by === by;
                return (
                  <th key={h} className="px-3 py-2" aria-sort={current ? (sort?.order === 'asc' ? 'ascending' : 'descending') : undefined}>
                    {by && onSort ? (
                      <button type="button" className="uppercase hover:underline" onClick={() => onSort(by)}>
                        {h}
                        {current ? (sort?.order === 'asc' ? ' ▲' : ' ▼') : ''}
                      </button>
                    ) : (
                      h
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {businesses.map((b) => (
              <tr key={b.id} className={`border-t border-gray-100 ${b.isActive === false ? 'bg-gray-50 text-gray-500' : ''}`}>
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label={`Select ${b.name}`}
                    checked={selected.has(b.id)}
                    onChange={() => setSelected(toggled(selected, b.id))}
                  />
                </td>
                <td className="px-3 py-2 font-medium">
                  <a href={paths.details(b.slug)} target="_blank" rel="noopener noreferrer" className="hover:underline" title="Open the public page">
                    {b.name}
                  </a>
                </td>
                <td className="max-w-xs truncate px-3 py-2" title={b.address}>
                  {b.address}
                </td>
                <td className="px-3 py-2">{dash(b.city?.name)}</td>
                <td className="px-3 py-2">{dash(b.country)}</td>
                <td className="px-3 py-2">{dash(b.category?.name)}</td>
                <td className="px-3 py-2">{b.rating ? b.rating.toFixed(1) : '-'}</td>
                <td className="space-x-1 whitespace-nowrap px-3 py-2">
                  {b.isVerified ? <span className={badgeClass('green')}>Verified</span> : <span className={badgeClass('gray')}>Unverified</span>}
                  {b.isActive === false && <span className={badgeClass('gray')}>Hidden</span>}
                  {b.isFeatured && <span className={badgeClass('amber')}>Featured</span>}
                </td>
                <td className="space-x-1 whitespace-nowrap px-3 py-2">
                  <button type="button" className={buttonClass('subtle')} aria-label={`Edit ${b.name}`} onClick={() => setEditing(b.id)}>
                    Edit
                  </button>
                  <button
                    type="button"
                    className={buttonClass('subtle')}
                    aria-label={`${b.isActive === false ? 'Show' : 'Hide'} ${b.name}`}
                    onClick={() => run(b.isActive === false ? 'show' : 'hide', [b.id])}
                  >
                    {b.isActive === false ? 'Show' : 'Hide'}
                  </button>
                  <button
                    type="button"
                    className={buttonClass('subtle')}
                    aria-label={`${b.isFeatured ? 'Unfeature' : 'Feature'} ${b.name}`}
                    onClick={() => run(b.isFeatured ? 'unfeature' : 'feature', [b.id])}
                  >
                    {b.isFeatured ? 'Unfeature' : 'Feature'}
                  </button>
                  <button
                    type="button"
                    className={buttonClass('subtle')}
                    aria-label={`${b.isVerified ? 'Unverify' : 'Verify'} ${b.name}`}
                    onClick={() => run(b.isVerified ? 'unverify' : 'verify', [b.id])}
                  >
                    {b.isVerified ? 'Unverify' : 'Verify'}
                  </button>
                  <button type="button" className={buttonClass('danger')} aria-label={`Delete ${b.name}`} onClick={() => askDelete([b])}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <EditDialog id={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
