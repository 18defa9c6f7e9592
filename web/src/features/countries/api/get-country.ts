import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryDetail } from '@domain/types';
import { apiGet } from '@/lib/api';

export const getCountry = (slug: string) => apiGet<CountryDetail>(`/api/countries/${encodeURIComponent(slug)}`);

export const countryOptions = (slug: string) => queryOptions({ queryKey: ['api', 'countries', slug], queryFn: () => getCountry(slug) });

export const useCountry = (slug: string) => useQuery(countryOptions(slug));
