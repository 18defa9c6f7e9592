import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBusinessList, AdminListFilters, AdminSort } from '@domain/types';
import { ADMIN_PAGE_SIZE } from '@domain/constants';
import { apiGet, query } from '@/lib/api';

export interface BusinessesParams {
  page: number;
  search: string;
  filters?: AdminListFilters;
  sort?: AdminSort;
}

export const adminBusinessesKey = ['api', 'admin', 'businesses'] as const;

export const getAdminBusinesses = ({ page, search, filters = {}, sort }: BusinessesParams) =>
  apiGet<AdminBusinessList>(
    `/api/admin/businesses${query({
      page,
      limit: ADMIN_PAGE_SIZE,
      search,
      country: filters.country,
      city: filters.city,
      category: filters.category,
      status: filters.status,
      verified: filters.verified === undefined ? undefined : String(filters.verified),
      sort: sort?.by,
      order: sort?.order,
    })}`,
  );

export const adminBusinessesOptions = (params: BusinessesParams) =>
  queryOptions({
    queryKey: [...adminBusinessesKey, params],
    queryFn: () => getAdminBusinesses(params),
    // The table keeps the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useAdminBusinesses = (params: BusinessesParams) => useQuery(adminBusinessesOptions(params));
