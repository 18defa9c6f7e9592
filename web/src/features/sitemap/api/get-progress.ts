import { queryOptions, useQuery } from '@tanstack/react-query';
import { SITEMAP_PROGRESS_POLL_MS } from '@domain/constants';
import { apiGet } from '@/lib/api';
import { sitemapKeys } from './keys';

export interface SitemapProgressResult {
  progress: number;
}

/** Polling failures are only logged: the bar keeps its last value. */
export const getSitemapProgress = () =>
  apiGet<SitemapProgressResult>('/api/admin/sitemap/progress').catch((err: unknown) => {
    console.error('Sitemap progress polling failed', err);
    throw err;
  });

/** Polled once a second, and only while a generation runs. */
export const sitemapProgressOptions = (generating: boolean) =>
  queryOptions({
    queryKey: sitemapKeys.progress,
    queryFn: getSitemapProgress,
    enabled: generating,
    refetchInterval: generating ? SITEMAP_PROGRESS_POLL_MS : false,
    staleTime: 0,
    gcTime: 0,
  });

export const useSitemapProgress = (generating: boolean) => useQuery(sitemapProgressOptions(generating));
