import { queryOptions } from '@tanstack/react-query';
import type { CategorySummary } from '@domain/types';
import { apiGet } from '@/lib/api';
import { usePageQuery } from '@/lib/page-query';

/**
 * A category without its links and its count: what a category in a city, a district or a country
 * names. Its own key, apart from the category's page (which shows the count): neither fills the other.
 */
export const getCategorySummary = (slug: string) => apiGet<CategorySummary>(`/api/categories/${encodeURIComponent(slug)}/summary`);

export const categorySummaryOptions = (slug: string) => queryOptions({ queryKey: ['api', 'categories', slug, 'summary'], queryFn: () => getCategorySummary(slug) });

export const useCategorySummary = (slug: string) => usePageQuery(categorySummaryOptions(slug));
