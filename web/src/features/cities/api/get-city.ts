import { queryOptions } from '@tanstack/react-query';
import type { CityDetail } from '@domain/types';
import { apiGet } from '@/lib/api';
import { usePageQuery } from '@/lib/page-query';

export const getCity = (slug: string) => apiGet<CityDetail>(`/api/cities/${encodeURIComponent(slug)}`);

export const cityOptions = (slug: string) => queryOptions({ queryKey: ['api', 'cities', slug], queryFn: () => getCity(slug) });

export const useCity = (slug: string) => usePageQuery(cityOptions(slug));
