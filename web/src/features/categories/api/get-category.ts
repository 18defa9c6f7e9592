import { queryOptions } from '@tanstack/react-query';
import type { CategoryDetail } from '@domain/types';
import { apiGet } from '@/lib/api';
import { usePageQuery } from '@/lib/page-query';

export const getCategory = (slug: string) => apiGet<CategoryDetail>(`/api/categories/${encodeURIComponent(slug)}`);

export const categoryOptions = (slug: string) => queryOptions({ queryKey: ['api', 'categories', slug], queryFn: () => getCategory(slug) });

export const useCategory = (slug: string) => usePageQuery(categoryOptions(slug));
