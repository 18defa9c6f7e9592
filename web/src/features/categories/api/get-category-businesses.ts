import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Business, Page } from '@data/domain/types';
import { apiGet, query } from '@/lib/api';

export const getCategoryBusinesses = (slug: string, page: number) =>
  apiGet<Page<Business>>(`/api/categories/${encodeURIComponent(slug)}/businesses${query({ page: page > 1 ? page : undefined })}`);

export const categoryBusinessesOptions = (slug: string, page: number) =>
  queryOptions({ queryKey: ['api', 'categories', slug, 'businesses', page], queryFn: () => getCategoryBusinesses(slug, page), placeholderData: keepPreviousData });

export const useCategoryBusinesses = (slug: string, page: number, enabled: boolean) => useQuery({ ...categoryBusinessesOptions(slug, page), enabled });
