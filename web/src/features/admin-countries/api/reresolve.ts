import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReresolveStatus } from '@domain/types';
import { apiGet, apiSend } from '@/lib/api';

const key = ['api', 'admin', 'places', 'reresolve'] as const;
/** How often a running re-resolution is asked how far it got. */
const POLL_MS = 1000;

export const getReresolveStatus = () => apiGet<ReresolveStatus>('/api/admin/places/reresolve');

/** Polled while a run is under way, so the card shows its progress and then its result. */
export const reresolveStatusOptions = () =>
  queryOptions({ queryKey: key, queryFn: getReresolveStatus, refetchInterval: (q) => (q.state.data?.running ? POLL_MS : false) });

export const useReresolveStatus = () => useQuery(reresolveStatusOptions());

/** Starts the run (202); 409 while one runs. */
export const useStartReresolve = (handlers: { onError?: (err: unknown) => void } = {}) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<ReresolveStatus>('POST', '/api/admin/places/reresolve'),
    onSuccess: (status) => qc.setQueryData(key, status),
    onError: handlers.onError,
  });
};
