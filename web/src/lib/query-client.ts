import { QueryClient, type Query, type QueryKey } from '@tanstack/react-query';

/** Data-loading defaults: no interval, no refetch on focus, never stale, no retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
  });
}

/** The browser's one client (the server render makes one per request). */
export const queryClient = createQueryClient();

/** A 404 kept in the cache; after dehydration it is a plain object with the same status. */
export function isNotFound(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { status?: unknown }).status === 404;
}

/** Which queries a server-rendered page carries: answers, and the 404s the page shows. */
export const shouldDehydrateQuery = (query: Query) => query.state.status === 'success' || (query.state.status === 'error' && isNotFound(query.state.error));

/**
 * A 404 the server found is final: the page shows its "Not Found" state at once and does not ask
 * again when it mounts (TanStack Query would otherwise retry an errored query on mount, rendering
 * it loading meanwhile). For the server's client after loading, and the browser's after hydrating.
 */
export function keepNotFound(client: QueryClient, queries: Array<{ queryKey: QueryKey; state: { status: string; error?: unknown } }>): void {
  for (const q of queries) if (q.state.status === 'error' && isNotFound(q.state.error)) client.setQueryDefaults(q.queryKey, { retryOnMount: false });
}
