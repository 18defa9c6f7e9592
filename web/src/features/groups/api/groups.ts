import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend, query } from '@/lib/api';

export type GroupKind = 'categories' | 'cities';

export interface GroupRow {
  id: number;
  name: string;
  slug: string;
  businessCount: number;
  /** A city's state and country. */
  where?: string;
}

export const useGroups = (kind: GroupKind, search: string) =>
  useQuery({ queryKey: ['api', 'admin', kind, search], queryFn: () => apiGet<GroupRow[]>(`/api/admin/${kind}${query({ search })}`) });

/** Renaming or merging moves businesses, counts and pages: every cached list may be stale. */
export const useGroupWrite = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (w: { kind: GroupKind; id: number } & ({ rename: string } | { into: number })) =>
      'rename' in w ? apiSend('PUT', `/api/admin/${w.kind}/${w.id}`, { name: w.rename }) : apiSend('POST', `/api/admin/${w.kind}/${w.id}/merge`, { into: w.into }),
    onSettled: () => qc.invalidateQueries(),
  });
};
