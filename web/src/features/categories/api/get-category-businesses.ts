import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListFilters, ListPage } from '@domain/search';
import { cardList } from '@domain/card-row';
import { apiGet, query } from '@/lib/api';
import { clean, listFiltersParams, type ListAnswer } from '@/lib/list-filters';
import { usePageQuery } from '@/lib/page-query';

/** A category's businesses with the list's filters, sort and page. */
export const getCategoryBusinesses = (slug: string, filters: ListFilters) =>
  apiGet<ListPage>(`/api/categories/${encodeURIComponent(slug)}/businesses${query(listFiltersParams(filters))}`).then((answer): ListAnswer => cardList(answer));

export const categoryBusinessesOptions = (slug: string, filters: ListFilters) =>
  queryOptions({ queryKey: ['api', 'categories', slug, 'businesses', clean(filters)], queryFn: () => getCategoryBusinesses(slug, filters), placeholderData: keepPreviousData });

export const useCategoryBusinesses = (slug: string, filters: ListFilters, enabled: boolean) => usePageQuery({ ...categoryBusinessesOptions(slug, filters), enabled });
