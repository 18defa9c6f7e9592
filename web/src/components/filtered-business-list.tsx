import type { ReactNode } from 'react';
import { resultCount, type SearchSort } from '@domain/search';
import type { ListAnswer, ListFiltersState } from '@/lib/list-filters';
import { BusinessList } from './business-list';
import { ListFiltersPanel, SortSelect } from './list-filters-panel';

/**
 * A public list of businesses with its filters beside it (below a Filters button on phones), the
 * count of matches and the sort above it, and page links below: the city, category and search pages.
 */
export function FilteredBusinessList({ state, query, sorts, places, categories, skeletons, notice, countFor, empty }: {
  state: ListFiltersState;
  query: { data: ListAnswer | undefined; isPending: boolean; isError: boolean; isPlaceholderData?: boolean };
  sorts: readonly SearchSort[];
  /** Which place facets to offer: the city page offers districts; search and category pages cities, then a chosen city's districts. */
  places: ReadonlyArray<'city' | 'district'>;
  categories: boolean;
  skeletons: number;
  /** Above the results: did-you-mean, how a one-box query was read. */
  notice?: ReactNode;
  /** What the count is of: '12 results for “pizza in Ankara”'. */
  countFor?: string;
  empty?: string;
}) {
  const data = query.data;
  const total = data?.pagination.total;
  // Near a point the list is nearest first; relevance means nothing without words.
  const shownSorts: readonly SearchSort[] = state.filters.near ? ['distance', ...sorts.filter((s) => s !== 'relevance' && s !== 'distance')] : sorts;
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:gap-6">
      <ListFiltersPanel state={state} facets={data?.facets} places={places} categories={categories} nearestCountry={data?.items[0]?.countryCode} />
      <section aria-label="Results" className="min-w-0 flex-1 space-y-3">
        {notice}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-gray-700" data-result-count="">
            {total === undefined ? '\u00a0' : `${resultCount(total, data)}${countFor ? ` for “${countFor}”` : ''}`}
          </p>
          <SortSelect state={state} sorts={shownSorts} />
        </div>
        <BusinessList query={query} skeletons={skeletons} hrefFor={(page) => state.hrefWith({ page })} empty={empty} />
      </section>
    </div>
  );
}
