import { useState } from 'react';
import type { AdminListFilters } from '@domain/types';
import { buttonClass } from '@/components/ui/button';

const select = 'rounded-md border border-gray-300 px-2 py-1.5 text-sm';

/** Country, city, category, status and verified filters; city and category apply on Enter or Apply. */
export function FiltersBar({
  filters,
  countries,
  onFilter,
}: {
  filters: AdminListFilters;
  countries: string[];
  onFilter: (changes: Partial<Record<keyof AdminListFilters, string>>) => void;
}) {
  const [city, setCity] = useState(filters.city ?? '');
  const [category, setCategory] = useState(filters.category ?? '');
  return (
    <div className="flex flex-wrap items-end gap-2" role="group" aria-label="Filters">
      <label className="text-xs text-gray-600">
        Country
        <select className={`${select} block`} value={filters.country ?? ''} onChange={(e) => onFilter({ country: e.target.value })}>
          <option value="">All</option>
          {countries.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          onFilter({ city: city.trim(), category: category.trim() });
        }}
      >
        <label className="text-xs text-gray-600">
          City
          <input className={`${select} block`} value={city} onChange={(e) => setCity(e.target.value)} />
        </label>
        <label className="text-xs text-gray-600">
          Category
          <input className={`${select} block`} value={category} onChange={(e) => setCategory(e.target.value)} />
        </label>
        <button type="submit" className={buttonClass('subtle')}>
          Apply
        </button>
      </form>
      <label className="text-xs text-gray-600">
        Status
        <select className={`${select} block`} value={filters.status ?? ''} onChange={(e) => onFilter({ status: e.target.value })}>
          <option value="">All</option>
          <option value="active">Shown</option>
          <option value="hidden">Hidden</option>
          <option value="featured">Featured</option>
        </select>
      </label>
      <label className="text-xs text-gray-600">
        Verified
        <select
          className={`${select} block`}
          value={filters.verified === undefined ? '' : String(filters.verified)}
          onChange={(e) => onFilter({ verified: e.target.value })}
        >
          <option value="">All</option>
          <option value="true">Verified</option>
          <option value="false">Unverified</option>
        </select>
      </label>
    </div>
  );
}
