import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SitemapStats } from '@domain/types';
import { SITEMAP_REFRESH_MS } from '@domain/constants';
import { apiGet } from '@/lib/api';
import { sitemapKeys } from './keys';

export const getSitemapStats = () => apiGet<SitemapStats>('/api/admin/sitemap/stats');

export const sitemapStatsOptions = () =>
  queryOptions({ queryKey: sitemapKeys.stats, queryFn: getSitemapStats, refetchInterval: SITEMAP_REFRESH_MS });

export const useSitemapStats = () => useQuery(sitemapStatsOptions());
