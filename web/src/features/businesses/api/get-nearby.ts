import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Business } from '@domain/types';
import { apiGet } from '@/lib/api';

/** "More nearby": the nearest other businesses with precise coordinates, each with its distance. */
export const getNearby = (slug: string) => apiGet<Business[]>(`/api/businesses/detail/${encodeURIComponent(slug)}/nearby`);

export const nearbyOptions = (slug: string) => queryOptions({ queryKey: ['api', 'businesses', 'detail', slug, 'nearby'], queryFn: () => getNearby(slug) });

export const useNearby = (slug: string) => useQuery(nearbyOptions(slug));
