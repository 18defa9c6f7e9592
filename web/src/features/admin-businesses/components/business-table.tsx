import { useState } from 'react';
import type { AdminBusiness, AdminSort, BulkAction } from '@data/domain/types';
import { paths } from '@/config/paths';
import { badgeClass } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { apiMessage } from '@/lib/api';
import { useBusinessAction } from '../api/manage';
import { EditDialog } from './edit-dialog';

const dash = (v: string | null | undefined) => (v ? v : '-');

/** The columns a header click sorts by. */
const SORTABLE: Record<string, AdminSort['by'] | undefined> = { Name: 'name', City: 'city', Country: 'country', Category: 'category', Rating: 'rating' };

const ACTION_LABELS: Record<BulkAction, string> = {
  hide: 'Hide', show: 'Show', feature: 'Feature', unfeature: 'Unfeature', verify: 'Verify', unverify: 'Unverify', delete: 'Delete',
};
const DONE: Record<BulkAction, string> = {
  hide: 'hidden', show: 'shown', feature: 'featured', unfeature: 'no longer featured', verify: 'verified', unverify: 'unverified', delete: 'deleted',
};

/**
 * SPEC §2's list (Name, Address, City, Country, Category, Rating, Status; dashes for what is
 * missing), with what the admin does to listings: select rows (or the page) for a bulk action,
 * or act on one row: edit, hide or show, feature, delete. Delete asks first.
 */
export function BusinessTable({ businesses, sort, onSort }: { businesses: AdminBusiness[]; sort?: AdminSort; onSort?: (by: AdminSort['by']) => void }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<number[] | null>(null);
  const act = useBusinessAction();
  const ids = businesses.map((b) => b.id);
  const chosen = ids.filter((id) => selected.has(id));
  const allChosen = ids.length > 0 && chosen.length === ids.length;

  const run = (action: BulkAction, target: number[]) => {
    if (action === 'delete' && confirmDelete === null) {
      setConfirmDelete(target);
      return;
    }
    setConfirmDelete(null);
    act.mutate(
      { action, ids: target },
      {
        onSuccess: (r) => {
          toast({ title: `${r.changed} ${r.changed === 1 ? 'business' : 'businesses'} ${DONE[action]}` });
          setSelected(new Set());
        },
        onError: (err) => toast({ title: `${ACTION_LABELS[action]} failed`, description: apiMessage(err) ?? 'Please try again', variant: 'destructive' }),
      },
    );
  };

  return (
    <div>
      <div className="flex flex-wrap items-center gap-2 px-3 py-2" role="toolbar" aria-label="Selected businesses">
        <span className="text-sm text-gray-600">{chosen.length ? `${chosen.length} selected` : 'Select rows for bulk actions'}</span>
        {chosen.length > 0 &&
          (['hide', 'show', 'feature', 'unfeature', 'delete'] as const).map((a) => (
            <button key={a} type="button" className={buttonClass(a === 'delete' ? 'danger' : 'subtle')} disabled={act.isPending} onClick={() => run(a, chosen)}>
              {ACTION_LABELS[a]} selected
            </button>
          ))}
      </div>
      {confirmDelete && (
        <div className="mx-3 mb-2 flex flex-wrap items-center gap-2 rounded border border-red-200 bg-red-50 p-2 text-sm" role="alertdialog" aria-label="Confirm delete">
          <span>
            Delete {confirmDelete.length} {confirmDelete.length === 1 ? 'business' : 'businesses'} for good? Hiding keeps them for later.
          </span>
          <button type="button" className={buttonClass('danger')} onClick={() => run('delete', confirmDelete)}>
            Confirm delete
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={() => setConfirmDelete(null)}>
            Cancel
          </button>
        </div>
      )}
      <div className="overflow-x-auto">
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
                    onChange={() => {
                      const next = new Set(selected);
                      if (next.has(b.id)) next.delete(b.id);
                      else next.add(b.id);
                      setSelected(next);
                    }}
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
                  <button type="button" className={buttonClass('danger')} aria-label={`Delete ${b.name}`} onClick={() => run('delete', [b.id])}>
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
