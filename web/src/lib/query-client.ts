import { QueryClient } from '@tanstack/react-query';

/** Data-loading defaults of SPEC §4: no interval, no refetch on focus, never stale, no retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
    mutations: { retry: false },
  },
});
