import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryStat } from '@domain/types';
import { apiGet } from '@/lib/api';

export const adminCountriesKey = ['api', 'admin', 'countries'] as const;

export const getAdminCountries = () => apiGet<CountryStat[]>('/api/admin/countries');

export const adminCountriesOptions = () => queryOptions({ queryKey: adminCountriesKey, queryFn: getAdminCountries });

export const useAdminCountries = () => useQuery(adminCountriesOptions());
