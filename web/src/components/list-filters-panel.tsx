import { Check, SlidersHorizontal, X } from 'lucide-react';
import { icon } from '@/components/ui/icon';
import { useId, useState, type ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import type { FacetValue, Facets, SearchSort } from '@domain/search';
import { formatNumber } from '@domain/plural';
import { formatDistance, radiusChoices, radiusCountry } from '@domain/nearby';
import { hasFilters, NO_FILTERS, RATING_STEPS, type ListFiltersState } from '@/lib/list-filters';
import { cardClass } from '@/components/ui/card';

const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Relevance',
  rating: 'Highest rated',
  reviews: 'Most reviewed',
  name: 'Name (A-Z)',
  distance: 'Nearest',
};

/** How many values of a long facet (categories, cities) show before the rest. */
const FACET_TOP = 8;

/** Sort by: a select that rewrites the URL (the list goes back to page 1). */
export function SortSelect({ state, sorts }: { state: ListFiltersState; sorts: readonly SearchSort[] }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-gray-700">Sort by</label>
      <select id={id} name="sort" value={state.sort} onChange={(e) => state.go({ sort: e.target.value as SearchSort })} className="rounded-md border border-gray-300 bg-white px-2 py-1.5 text-gray-900">
        {sorts.map((s) => <option key={s} value={s}>{SORT_LABELS[s]}</option>)}
      </select>
    </div>
  );
}

/**
 * The filters of a public list as links (each one a URL: reload and back keep it), with the counts
 * of the facets when the answer carries them; without facets the filters that need no values
 * (rating, verified, has phone) still show. Near a point, a radius too. On phones the panel opens
 * from a Filters button.
 */
export function ListFiltersPanel({ state, facets, places, categories, nearestCountry }: {
  state: ListFiltersState;
  facets?: Facets;
  places: ReadonlyArray<'city' | 'district'>;
  categories: boolean;
  /** The country code of the list's first business (near a point, its nearest unless sorted otherwise): the radius is offered in its units. */
  nearestCountry?: string | null;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const f = state.filters;
  const active = hasFilters(f);
  return (
    <div className="lg:w-60 lg:shrink-0">
      <button type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)} className="inline-flex items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 lg:hidden">
        {icon(SlidersHorizontal, 'h-4 w-4')} Filters{active ? ' (on)' : ''}
      </button>
      <nav id={panelId} aria-label="Filters" className={`${open ? 'mt-3 block' : 'hidden'} ${cardClass('space-y-5 p-4 text-sm')} lg:mt-0 lg:block`} data-filters="">
        {active && (
          <Link to={state.hrefWith(NO_FILTERS)} rel="nofollow" className="inline-flex items-center gap-1 font-medium text-blue-700 hover:underline">
            {icon(X, 'h-4 w-4')} Clear filters
          </Link>
        )}
        {f.near && <RadiusGroup state={state} nearestCountry={nearestCountry} />}
        {categories && <ValueGroup title="Category" values={facets?.categories} selected={f.category} hrefFor={(v) => state.hrefWith({ category: v })} />}
        {places.includes('city') && <ValueGroup title="City" values={facets?.cities} selected={f.city} hrefFor={(v) => state.hrefWith({ city: v, district: undefined })} />}
        {places.includes('district') && <ValueGroup title="District" values={facets?.districts} selected={f.district} hrefFor={(v) => state.hrefWith({ district: v })} />}
        <Group title="Rating">
          {RATING_STEPS.map((min) => {
            const count = facets?.ratings?.find((r) => r.min === min)?.count;
            const on = f.minRating === min;
            return (
              <FilterLink key={min} to={state.hrefWith({ minRating: on ? undefined : min })} on={on} count={count}>
                {`${min.toFixed(1)} & up`}
              </FilterLink>
            );
          })}
        </Group>
        <Group title="Show only">
          <FilterLink to={state.hrefWith({ verified: f.verified ? undefined : true })} on={!!f.verified} count={facets?.verified}>Verified</FilterLink>
          <FilterLink to={state.hrefWith({ hasPhone: f.hasPhone ? undefined : true })} on={!!f.hasPhone} count={facets?.hasPhone}>Has phone</FilterLink>
          <FilterLink to={state.hrefWith({ openNow: f.openNow ? undefined : true })} on={!!f.openNow}>Open now</FilterLink>
        </Group>
      </nav>
    </div>
  );
}

/**
 * Near a point: how far from it, as links like every other filter (a plain GET without script).
 * A radius that is none of the choices (the map's "Search this area" sets its view's) shows as
 * chosen above them, so the visitor sees what narrows the list.
 */
function RadiusGroup({ state, nearestCountry }: { state: ListFiltersState; nearestCountry?: string | null }) {
  const radius = state.filters.radius;
  const country = radiusCountry(radius, nearestCountry);
  const choices = radiusChoices(country);
  const other = radius !== undefined && !choices.some((c) => c.km === radius);
  return (
    <Group title="Distance">
      <FilterLink to={state.hrefWith({ radius: undefined })} on={radius === undefined}>Any distance</FilterLink>
      {other && <FilterLink to={state.hrefWith({ radius: undefined })} on>{`Within ${formatDistance(radius * 1000, country)}`}</FilterLink>}
      {choices.map((c) => (
        <FilterLink key={c.km} to={state.hrefWith({ radius: c.km === radius ? undefined : c.km })} on={c.km === radius}>{`Within ${c.label}`}</FilterLink>
      ))}
    </Group>
  );
}

function ValueGroup({ title, values, selected, hrefFor }: { title: string; values: FacetValue[] | undefined; selected: string | undefined; hrefFor: (value: string | undefined) => string }) {
  // Most matches first (a stable sort keeps the answer's order among equals: no locale involved,
  // so the server render and the browser agree).
  const list = [...(values ?? [])].sort((a, b) => b.count - a.count);
  // The chosen value first, even when the answer does not list it.
  const at = list.findIndex((v) => v.value === selected);
  const chosen = at >= 0 ? list.splice(at, 1)[0] : selected ? { value: selected, label: selected, count: undefined } : null;
  if (chosen) list.unshift(chosen as FacetValue);
  if (list.length === 0) return null;
  const link = (v: FacetValue) => {
    const on = v.value === selected;
    return (
      <FilterLink key={v.value} to={hrefFor(on ? undefined : v.value)} on={on} count={v.count}>
        {v.label}
      </FilterLink>
    );
  };
  const rest = list.slice(FACET_TOP);
  return (
    <Group title={title}>
      {list.slice(0, FACET_TOP).map(link)}
      {rest.length > 0 && (
        <li>
          <details>
            <summary className="cursor-pointer px-1 py-0.5 font-medium text-blue-700">{`${rest.length} more`}</summary>
            <ul className="mt-1 space-y-1">{rest.map(link)}</ul>
          </details>
        </li>
      )}
    </Group>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 font-semibold text-gray-900">{title}</h2>
      <ul className="space-y-1">{children}</ul>
    </section>
  );
}

/**
 * One filter: a link that turns it on, or off when it is on (aria-current marks the chosen ones).
 * Its look is the `filter-*` classes of index.css (a list page draws dozens), a chosen one's
 * utilities given over them.
 */
function FilterLink({ to, on, count, children }: { to: string; on: boolean; count?: number; children: ReactNode }) {
  return (
    <li>
      <Link to={to} rel="nofollow" aria-current={on ? 'true' : undefined} className={on ? 'filter-link font-semibold text-blue-800' : 'filter-link'} data-filter-on={on ? '' : undefined}>
        <span className="filter-label">
          <span className={on ? 'filter-box border-blue-700 bg-blue-700 text-white' : 'filter-box'} aria-hidden="true">
            {on && icon(Check, 'h-3 w-3')}
          </span>
          <span className="truncate">{children}</span>
        </span>
        {count !== undefined && <span className="filter-count">{formatNumber(count)}</span>}
      </Link>
    </li>
  );
}

