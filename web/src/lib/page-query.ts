/**
 * useQuery for the queries a server-rendered page loads (app/loaders.ts), read with fewer moving
 * parts on the server: the business page's and the list pages' (a city, a category, a country and
 * their combinations). There a page's queries are in the client before the render starts and
 * nothing fetches, subscribes or renders twice: TanStack Query's useQuery built an observer for
 * each, merged its options, hashed its key and worked out a whole result on every render, a
 * measurable share of a business page's render, to give the query's state as it stands. The
 * server build reads that state from the cache; the browser keeps useQuery (it fetches, retries
 * and re-renders). Only what the page's components read is given, so a caller that needs more
 * takes useQuery itself. page-query.test.tsx compares the two over the states a page can have.
 */
import { hashKey, useQuery, useQueryClient, type DataTag, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

/** What a page's component reads of its query. */
export interface PageQueryResult<T> {
  data: T | undefined;
  /** Not loaded: the page draws its loading state (the browser then asks). */
  isPending: boolean;
  /** Failed: after the server's loaders only a 404 stays (kept not to be asked again on mount). */
  isError: boolean;
  /**
   * The browser's list between two pages, showing the last one (`keepPreviousData`). Never on the
   * server, where nothing is fetched during the render: left unset there, as a false draws nothing.
   */
  isPlaceholderData?: boolean;
}

type PageQueryOptions<T, K extends QueryKey> = UseQueryOptions<T, Error, T, K> & { queryKey: DataTag<K, T, Error> };

/**
 * The query's state as useQuery reports it on the server for what the loaders leave in the client:
 * an answer, a 404 kept with retryOnMount off (isError), or nothing (pending: a query the loaders
 * did not fill, or whose read failed and was dropped). The default key hash, as no query here sets another.
 */
export function useLoadedQuery<T, K extends QueryKey>(options: PageQueryOptions<T, K>): PageQueryResult<T> {
  const state = useQueryClient().getQueryCache().get<T, Error>(hashKey(options.queryKey))?.state;
  const status = state?.status ?? 'pending';
  return { data: state?.data, isPending: status === 'pending', isError: status === 'error' };
}

const useBrowserQuery = <T, K extends QueryKey>(options: PageQueryOptions<T, K>): PageQueryResult<T> => useQuery(options);

export const usePageQuery: <T, K extends QueryKey>(options: PageQueryOptions<T, K>) => PageQueryResult<T> = import.meta.env.SSR ? useLoadedQuery : useBrowserQuery;
