import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryStat } from '@domain/types';
import { apiGet } from '@/lib/api';

export const countryStatsKey = ['api', 'admin', 'country-stats'] as const;

export const getCountryStats = () => apiGet<CountryStat[]>('/api/admin/country-stats');

export const countryStatsOptions = () => queryOptions({ queryKey: countryStatsKey, queryFn: getCountryStats });

/** `enabled: false` keeps it idle, e.g. until the export dialog opens. */
export const useCountryStats = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...countryStatsOptions(), enabled });
