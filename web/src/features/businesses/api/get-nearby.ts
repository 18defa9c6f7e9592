import { queryOptions } from '@tanstack/react-query';
import type { Business } from '@domain/types';
import { nearbyRow, type NearbyRow } from '@domain/card-row';
import { apiGet } from '@/lib/api';
import { usePageQuery } from '@/lib/page-query';

/**
 * "More nearby": the nearest other businesses with precise coordinates, each with its distance,
 * kept as what their compact cards draw (nearbyRow), as the server render's loader keeps them.
 */
export const getNearby = (slug: string) => apiGet<Business[]>(`/api/businesses/detail/${encodeURIComponent(slug)}/nearby`).then((items): NearbyRow[] => items.map(nearbyRow));

export const nearbyOptions = (slug: string) => queryOptions({ queryKey: ['api', 'businesses', 'detail', slug, 'nearby'], queryFn: () => getNearby(slug) });

export const useNearby = (slug: string) => usePageQuery(nearbyOptions(slug));
