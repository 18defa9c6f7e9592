import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api';

/** A restore changes the public pages and the admin list too: every cached read may be stale. */
function useTrashWrite<R>(path: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (ids: number[]) => apiSend<R>('POST', path, { ids }), onSettled: () => qc.invalidateQueries() });
}

/** Restores the businesses (all or none: the answer's message names a clash). */
export const useRestore = () => useTrashWrite<{ restored: number }>('/api/admin/trash/restore');

/** Deletes the businesses in the trash for good. */
export const usePurge = () => useTrashWrite<{ purged: number }>('/api/admin/trash/purge');
