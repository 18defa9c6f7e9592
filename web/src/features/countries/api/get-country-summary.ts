import { queryOptions } from '@tanstack/react-query';
import type { Country } from '@domain/types';
import { apiGet } from '@/lib/api';
import { usePageQuery } from '@/lib/page-query';

/** A country without its cities and links: what a category in a country's page names. */
export const getCountrySummary = (slug: string) => apiGet<Country>(`/api/countries/${encodeURIComponent(slug)}/summary`);

export const countrySummaryOptions = (slug: string) => queryOptions({ queryKey: ['api', 'countries', slug, 'summary'], queryFn: () => getCountrySummary(slug) });

export const useCountrySummary = (slug: string) => usePageQuery(countrySummaryOptions(slug));
