import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListFilters, ListPage } from '@domain/search';
import { cardList } from '@domain/card-row';
import { apiGet, query } from '@/lib/api';
import { clean, listFiltersParams, type ListAnswer } from '@/lib/list-filters';

export interface SearchParams extends ListFilters {
  q: string;
  location: string;
}

export const searchBusinesses = ({ q, location, ...filters }: SearchParams) =>
  apiGet<ListPage>(`/api/search${query({ q, location, ...listFiltersParams(filters) })}`).then((answer): ListAnswer => cardList(answer));

export const searchOptions = (params: SearchParams) =>
  queryOptions({ queryKey: ['api', 'search', clean(params)], queryFn: () => searchBusinesses(params), placeholderData: keepPreviousData });

/** Nothing is asked before the visitor has typed something or chosen a point. */
export const useSearchBusinesses = (params: SearchParams) => useQuery({ ...searchOptions(params), enabled: !!(params.q || params.location || params.near) });
