import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { apiMessage } from '@/lib/api';
import { type GroupKind, type GroupRow, useGroups, useGroupWrite } from '../api/groups';
import { nounFor } from '@domain/plural';

const input = 'rounded-md border border-gray-300 px-2 py-1 text-sm';

/**
 * Categories and cities: rename one, or merge a duplicate into another ('Café' into 'Cafe'). Its
 * businesses and counts move, and its old page redirects to the one that replaced it.
 */
export function GroupsCard() {
  const [kind, setKind] = useState<GroupKind>('categories');
  const [search, setSearch] = useState('');
  const groups = useGroups(kind, search);
  return (
    <section className={cardClass('p-4')} aria-labelledby="groups-title">
      <h2 id="groups-title" className="font-semibold">
        Categories and cities
      </h2>
      <div className="mt-2 flex flex-wrap gap-2">
        <select className={input} aria-label="Which list" value={kind} onChange={(e) => setKind(e.target.value as GroupKind)}>
          <option value="categories">Categories</option>
          <option value="cities">Cities</option>
        </select>
        <input className={input} type="search" aria-label={`Search ${kind}`} placeholder="Search by name" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <ul className="mt-3 divide-y divide-gray-100 text-sm" data-testid="groups">
        {groups.data?.map((g) => <GroupItem key={g.id} kind={kind} group={g} others={groups.data.filter((o) => o.id !== g.id)} />)}
      </ul>
    </section>
  );
}

function GroupItem({ kind, group, others }: { kind: GroupKind; group: GroupRow; others: GroupRow[] }) {
  const [name, setName] = useState(group.name);
  const [into, setInto] = useState('');
  const write = useGroupWrite();
  // Through the mutation's promise, not mutate()'s callbacks: a merge removes this row once the
  // lists refetch, and an unmounted row's callbacks never run (the toast would be lost).
  const run = (change: Parameters<typeof write.mutateAsync>[0], title: string) =>
    write.mutateAsync(change).then(
      () => toast({ title }),
      (err: unknown) => toast({ title: 'Not changed', description: apiMessage(err) ?? 'Please try again', variant: 'destructive' }),
    );
  return (
    <li className="flex flex-wrap items-center gap-2 py-2" aria-label={group.name}>
      <input className={input} aria-label={`Name of ${group.name}`} value={name} onChange={(e) => setName(e.target.value)} />
      <span className="text-gray-500">
        {group.businessCount.toLocaleString()} {nounFor(group.businessCount, 'business')}{group.where ? ` · ${group.where}` : ''}
      </span>
      <button
        type="button"
        className={buttonClass('subtle')}
        disabled={write.isPending || name.trim() === group.name}
        onClick={() => void run({ kind, id: group.id, rename: name }, `Renamed to ${name.trim()}`)}
      >
        Rename
      </button>
      <select className={input} aria-label={`Merge ${group.name} into`} value={into} onChange={(e) => setInto(e.target.value)}>
        <option value="">Merge into…</option>
        {others.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
            {o.where ? ` (${o.where})` : ''}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={buttonClass('subtle')}
        disabled={write.isPending || !into}
        onClick={() => void run({ kind, id: group.id, into: Number(into) }, `${group.name} merged`)}
      >
        Merge
      </button>
    </li>
  );
}
