import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBusinessDetail, BulkAction } from '@domain/types';
import { apiGet, apiSend } from '@/lib/api';

/** One business as the edit form shows it; loaded only while the form is open. */
export const useAdminBusiness = (id: number | null) =>
  useQuery({
    queryKey: ['api', 'admin', 'businesses', 'one', id],
    queryFn: () => apiGet<AdminBusinessDetail>(`/api/admin/businesses/${id}`),
    enabled: id !== null,
    staleTime: 0,
  });

/** After any write every cached list may be stale: the admin list, counts, the public pages' data. */
function useWrite<A, R>(fn: (args: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries() });
}

export const useEditBusiness = () =>
  useWrite(({ id, fields, slug }: { id: number; fields: Record<string, string>; slug: string }) =>
    apiSend<{ slug: string }>('PUT', `/api/admin/businesses/${id}`, { fields, slug }),
  );

export const useBusinessAction = () =>
  useWrite(({ action, ids }: { action: BulkAction; ids: number[] }) => apiSend<{ changed: number }>('POST', '/api/admin/business-actions', { action, ids }));
