import { queryOptions } from '@tanstack/react-query';
import { DETAIL_FETCH_RETRIES, DETAIL_FETCH_RETRY_DELAY_MS } from '@domain/constants';
import type { Business } from '@domain/types';
import { ApiError, apiGet } from '@/lib/api';
import { usePageQuery } from '@/lib/page-query';

export const getBusiness = (slug: string) => apiGet<Business>(`/api/businesses/detail/${encodeURIComponent(slug)}`);

export const businessOptions = (slug: string) =>
  queryOptions({
    queryKey: ['api', 'businesses', 'detail', slug],
    queryFn: () => getBusiness(slug),
    // The one read that retries, 3 times 1 s apart. A 4xx is the server's final word
    // (unknown slug), so it shows 'Business Not Found' at once instead of after three seconds.
    retry: (failures, error) => failures < DETAIL_FETCH_RETRIES && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    retryDelay: DETAIL_FETCH_RETRY_DELAY_MS,
  });

export const useBusiness = (slug: string) => usePageQuery(businessOptions(slug));
