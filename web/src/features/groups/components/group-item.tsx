import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { failedToast, toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { countOf, nounFor } from '@domain/plural';
import { englishPlural } from '@domain/category-plural';
import { getMergePreview, type GroupKind, type GroupRow, type MergePreview, useGroupWrite } from '../api/groups';
import { GroupPicker, groupLabel } from './group-picker';

const input = 'rounded-md border border-gray-300 px-2 py-1 text-sm';

/** One category or city: rename it, or merge it into any other after confirming what moves. */
export function GroupItem({ kind, group }: { kind: GroupKind; group: GroupRow }) {
  const [name, setName] = useState(group.name);
  const [plural, setPlural] = useState(group.pluralName ?? '');
  const [into, setInto] = useState<GroupRow | null>(null);
  const [confirm, setConfirm] = useState<(MergePreview & { intoId: number }) | null>(null);
  const write = useGroupWrite();
  const page = kind === 'cities' ? paths.city : paths.category;
  const fail = failedToast;
  // Through the mutation's promise, not mutate()'s callbacks: a merge removes this row once the
  // lists refetch, and an unmounted row's callbacks never run (the toast would be lost).
  // A rename clears the plural written for the old name (the server's rule), so the field empties too.
  const rename = () =>
    write.mutateAsync({ kind, id: group.id, rename: name }).then(() => {
      setPlural('');
      toast({ title: `Renamed to ${name.trim()}` });
    }, fail('Not changed'));
  const savePlural = () => {
    const typed = plural.trim();
    return write.mutateAsync({ kind, id: group.id, plural: typed || null }).then(
      () => toast(typed ? { title: `Plural set to ${typed}` } : { title: 'Plural cleared', description: `Pages say ${englishPlural(group.name)}` }),
      fail('Not changed'),
    );
  };
  const ask = () => {
    if (!into) return;
    const intoId = into.id;
    getMergePreview(kind, group.id, intoId).then((p) => setConfirm({ ...p, intoId }), fail('Not merged'));
  };
  const merge = (c: MergePreview & { intoId: number }) => {
    setConfirm(null);
    void write.mutateAsync({ kind, id: group.id, into: c.intoId }).then(
      () => toast({ title: `${c.from.name} merged`, description: `${countOf(c.businesses, 'business')} moved to ${c.into.name}` }),
      fail('Not merged'),
    );
  };
  return (
    <li className="flex flex-wrap items-center gap-2 py-2" aria-label={group.name}>
      <input className={input} aria-label={`Name of ${group.name}`} value={name} onChange={(e) => setName(e.target.value)} />
      <span className="text-gray-500">
        {group.businessCount.toLocaleString()} {nounFor(group.businessCount, 'business')}
        {group.where ? ` · ${group.where}` : ''}
      </span>
      <button type="button" className={buttonClass('subtle')} disabled={write.isPending || name.trim() === group.name} onClick={() => void rename()}>
        Rename
      </button>
      {kind === 'categories' && (
        <>
          {/* Empty: the pages' headings use the rule's plural, shown as the placeholder. */}
          <input className={input} aria-label={`Plural of ${group.name}`} placeholder={englishPlural(group.name)} value={plural} onChange={(e) => setPlural(e.target.value)} />
          <button type="button" className={buttonClass('subtle')} disabled={write.isPending || plural.trim() === (group.pluralName ?? '')} onClick={() => void savePlural()}>
            Set plural
          </button>
        </>
      )}
      <GroupPicker kind={kind} label={`Merge ${group.name} into`} exclude={group.id} value={into} onChange={setInto} />
      <button type="button" className={buttonClass('subtle')} disabled={write.isPending || !into} onClick={ask}>
        Merge
      </button>
      <ConfirmDialog
        open={!!confirm}
        title={confirm ? `Merge ${confirm.from.name} into ${confirm.into.name}?` : ''}
        confirmLabel="Merge"
        onConfirm={() => confirm && merge(confirm)}
        onCancel={() => setConfirm(null)}
      >
        {confirm && (
          <>
            <p>
              {countOf(confirm.businesses, 'business')} {confirm.businesses === 1 ? 'moves' : 'move'} to {into ? groupLabel(into) : confirm.into.name}, and{' '}
              {confirm.from.name} is removed.
            </p>
            <p className="mt-2">
              Its page {page(confirm.from.slug)} will redirect to {page(confirm.into.slug)}.
            </p>
            <p className="mt-2">Until another merge, Undo last merge on this page puts it back.</p>
          </>
        )}
      </ConfirmDialog>
    </li>
  );
}
