import { queryOptions } from '@tanstack/react-query';
import type { DistrictCategoryLink } from '@domain/types';
import { apiGet } from '@/lib/api';
import { usePageQuery } from '@/lib/page-query';

/** The districts where a category has active businesses in a city, most first. */
export const getCategoryDistricts = (citySlug: string, categorySlug: string) =>
  apiGet<DistrictCategoryLink[]>(`/api/cities/${encodeURIComponent(citySlug)}/categories/${encodeURIComponent(categorySlug)}/districts`);

export const categoryDistrictsOptions = (citySlug: string, categorySlug: string) =>
  queryOptions({ queryKey: ['api', 'cities', citySlug, 'categories', categorySlug, 'districts'], queryFn: () => getCategoryDistricts(citySlug, categorySlug) });

/** Asked once the city and the category are known (under their own slugs). */
export const useCategoryDistricts = (citySlug: string, categorySlug: string, enabled: boolean) => usePageQuery({ ...categoryDistrictsOptions(citySlug, categorySlug), enabled });
