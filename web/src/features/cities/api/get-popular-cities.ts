import { queryOptions, useQuery } from '@tanstack/react-query';
import type { City } from '@domain/types';
import { apiGet } from '@/lib/api';

export const getPopularCities = () => apiGet<City[]>('/api/cities/popular');

export const popularCitiesOptions = () => queryOptions({ queryKey: ['api', 'cities', 'popular'], queryFn: getPopularCities });

export const usePopularCities = () => useQuery(popularCitiesOptions());
