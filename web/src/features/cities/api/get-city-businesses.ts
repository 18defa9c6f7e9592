import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Business, Page } from '@data/domain/types';
import { apiGet, query } from '@/lib/api';

export const getCityBusinesses = (slug: string, page: number) =>
  apiGet<Page<Business>>(`/api/cities/${encodeURIComponent(slug)}/businesses${query({ page: page > 1 ? page : undefined })}`);

export const cityBusinessesOptions = (slug: string, page: number) =>
  queryOptions({ queryKey: ['api', 'cities', slug, 'businesses', page], queryFn: () => getCityBusinesses(slug, page), placeholderData: keepPreviousData });

/** SPEC §7: requested only after the city itself has loaded. */
export const useCityBusinesses = (slug: string, page: number, enabled: boolean) => useQuery({ ...cityBusinessesOptions(slug, page), enabled });
