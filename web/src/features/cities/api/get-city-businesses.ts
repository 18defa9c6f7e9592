import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListFilters, ListPage } from '@domain/search';
import { cardList } from '@domain/card-row';
import { apiGet, query } from '@/lib/api';
import { clean, listFiltersParams, type ListAnswer } from '@/lib/list-filters';
import { usePageQuery } from '@/lib/page-query';

/** A city's businesses with the list's filters, sort and page (ListFilters' names as query parameters). */
export const getCityBusinesses = (slug: string, filters: ListFilters) =>
  apiGet<ListPage>(`/api/cities/${encodeURIComponent(slug)}/businesses${query(listFiltersParams(filters))}`).then((answer): ListAnswer => cardList(answer));

export const cityBusinessesOptions = (slug: string, filters: ListFilters) =>
  queryOptions({ queryKey: ['api', 'cities', slug, 'businesses', clean(filters)], queryFn: () => getCityBusinesses(slug, filters), placeholderData: keepPreviousData });

/** Requested only after the city itself has loaded. */
export const useCityBusinesses = (slug: string, filters: ListFilters, enabled: boolean) => usePageQuery({ ...cityBusinessesOptions(slug, filters), enabled });
