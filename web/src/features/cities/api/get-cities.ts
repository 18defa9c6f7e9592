import { queryOptions, useQuery } from '@tanstack/react-query';
import type { City } from '@domain/types';
import { apiGet } from '@/lib/api';

export const getCities = () => apiGet<City[]>('/api/cities');

export const citiesOptions = () => queryOptions({ queryKey: ['api', 'cities'], queryFn: getCities });

export const useCities = () => useQuery(citiesOptions());
