import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Business, Page } from '@data/domain/types';
import { apiGet, query } from '@/lib/api';

export interface SearchParams {
  q: string;
  location: string;
  page: number;
}

export const searchBusinesses = ({ q, location, page }: SearchParams) =>
  apiGet<Page<Business>>(`/api/search${query({ q, location, page: page > 1 ? page : undefined })}`);

export const searchOptions = (params: SearchParams) =>
  queryOptions({ queryKey: ['api', 'search', params], queryFn: () => searchBusinesses(params), placeholderData: keepPreviousData });

/** Nothing is asked before the visitor has typed something. */
export const useSearchBusinesses = (params: SearchParams) => useQuery({ ...searchOptions(params), enabled: !!(params.q || params.location) });
