import { queryOptions } from '@tanstack/react-query';
import type { Category } from '@domain/types';
import { apiGet } from '@/lib/api';
import { usePageQuery } from '@/lib/page-query';

/** A category without its links: what a category in a city, a district or a country names. */
export const getCategorySummary = (slug: string) => apiGet<Category>(`/api/categories/${encodeURIComponent(slug)}/summary`);

export const categorySummaryOptions = (slug: string) => queryOptions({ queryKey: ['api', 'categories', slug, 'summary'], queryFn: () => getCategorySummary(slug) });

export const useCategorySummary = (slug: string) => usePageQuery(categorySummaryOptions(slug));
