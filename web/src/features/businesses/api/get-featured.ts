import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Business } from '@domain/types';
import { apiGet } from '@/lib/api';

export const getFeaturedBusinesses = () => apiGet<Business[]>('/api/businesses/featured');

export const featuredBusinessesOptions = () => queryOptions({ queryKey: ['api', 'businesses', 'featured'], queryFn: getFeaturedBusinesses });

export const useFeaturedBusinesses = () => useQuery(featuredBusinessesOptions());
