import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Business } from '@domain/types';
import { cardRow, type CardRow } from '@domain/card-row';
import { apiGet } from '@/lib/api';

export const getFeaturedBusinesses = () => apiGet<Business[]>('/api/businesses/featured').then((items): CardRow[] => items.map(cardRow));

export const featuredBusinessesOptions = () => queryOptions({ queryKey: ['api', 'businesses', 'featured'], queryFn: getFeaturedBusinesses });

export const useFeaturedBusinesses = () => useQuery(featuredBusinessesOptions());
