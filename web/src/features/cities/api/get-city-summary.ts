import { queryOptions } from '@tanstack/react-query';
import type { City } from '@domain/types';
import { apiGet } from '@/lib/api';
import { usePageQuery } from '@/lib/page-query';

/** A city without its links: what a category in a city or a district names. */
export const getCitySummary = (slug: string) => apiGet<City>(`/api/cities/${encodeURIComponent(slug)}/summary`);

export const citySummaryOptions = (slug: string) => queryOptions({ queryKey: ['api', 'cities', slug, 'summary'], queryFn: () => getCitySummary(slug) });

export const useCitySummary = (slug: string) => usePageQuery(citySummaryOptions(slug));
