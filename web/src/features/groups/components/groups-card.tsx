import { useState } from 'react';
import { cardClass } from '@/components/ui/card';
import { type GroupKind, useGroups } from '../api/groups';
import { GroupItem } from './group-item';
import { LastMerge } from './last-merge';

const input = 'rounded-md border border-gray-300 px-2 py-1 text-sm';

/**
 * Categories and cities: rename one, or merge a duplicate into another ('Café' into 'Cafe'). Its
 * businesses and counts move, and its old page redirects to the one that replaced it; the last
 * merge can be undone.
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
      <LastMerge />
      <div className="mt-2 flex flex-wrap gap-2">
        <select className={input} aria-label="Which list" value={kind} onChange={(e) => setKind(e.target.value as GroupKind)}>
          <option value="categories">Categories</option>
          <option value="cities">Cities</option>
        </select>
        <input className={input} type="search" aria-label={`Search ${kind}`} placeholder="Search by name" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <ul className="mt-3 divide-y divide-gray-100 text-sm" data-testid="groups">
        {groups.data?.map((g) => <GroupItem key={`${kind}-${g.id}`} kind={kind} group={g} />)}
      </ul>
    </section>
  );
}
