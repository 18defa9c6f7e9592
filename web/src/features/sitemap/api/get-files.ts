import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SitemapFile } from '@domain/types';
import { SITEMAP_REFRESH_MS } from '@domain/constants';
import { apiGet } from '@/lib/api';
import { sitemapKeys } from './keys';

export const getSitemapFiles = () => apiGet<SitemapFile[]>('/api/admin/sitemap/files');

export const sitemapFilesOptions = () =>
  queryOptions({ queryKey: sitemapKeys.files, queryFn: getSitemapFiles, refetchInterval: SITEMAP_REFRESH_MS });

export const useSitemapFiles = () => useQuery(sitemapFilesOptions());
