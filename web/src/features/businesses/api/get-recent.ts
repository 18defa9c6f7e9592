import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Business } from '@domain/types';
import { cardRow, type CardRow } from '@domain/card-row';
import { apiGet } from '@/lib/api';

export const getRecentBusinesses = () => apiGet<Business[]>('/api/businesses/recent').then((items): CardRow[] => items.map(cardRow));

export const recentBusinessesOptions = () => queryOptions({ queryKey: ['api', 'businesses', 'recent'], queryFn: getRecentBusinesses });

export const useRecentBusinesses = () => useQuery(recentBusinessesOptions());
