import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Business } from '@domain/types';
import { apiGet } from '@/lib/api';

export const getRecentBusinesses = () => apiGet<Business[]>('/api/businesses/recent');

export const recentBusinessesOptions = () => queryOptions({ queryKey: ['api', 'businesses', 'recent'], queryFn: getRecentBusinesses });

export const useRecentBusinesses = () => useQuery(recentBusinessesOptions());
