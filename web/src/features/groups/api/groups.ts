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
  /** A category's plural as the admin set it; null: the rule's (domain/category-plural.ts). */
  pluralName?: string | null;
}

/** GET /api/admin/<kind>/:id/merge?into=: what a merge would move, for its confirmation. */
export interface MergePreview {
  businesses: number;
  from: { name: string; slug: string };
  into: { name: string; slug: string };
}

/** GET /api/admin/merges/last: the merge that undo takes back. */
export interface LastMerge {
  id: number;
  kind: 'category' | 'city';
  from: { name: string; slug: string };
  into: { id: number; name: string; slug: string };
  moved: number;
  at: string;
  username: string | null;
}

export const groupsQuery = (kind: GroupKind, search: string) => ({
  queryKey: ['api', 'admin', kind, search],
  queryFn: () => apiGet<GroupRow[]>(`/api/admin/${kind}${query({ search })}`),
});

export const useGroups = (kind: GroupKind, search: string, enabled = true) => useQuery({ ...groupsQuery(kind, search), enabled });

export const getMergePreview = (kind: GroupKind, id: number, into: number) => apiGet<MergePreview>(`/api/admin/${kind}/${id}/merge${query({ into })}`);

export const useLastMerge = () =>
  useQuery({ queryKey: ['api', 'admin', 'merges', 'last'], queryFn: () => apiGet<{ merge: LastMerge | null }>('/api/admin/merges/last') });

/** What a write to one category or city is: a new name, a category's plural (null clears it), or a merge. */
type GroupWrite = { kind: GroupKind; id: number } & ({ rename: string } | { plural: string | null } | { into: number });

const send = (w: GroupWrite) => {
  if ('into' in w) return apiSend('POST', `/api/admin/${w.kind}/${w.id}/merge`, { into: w.into });
  return apiSend('PUT', `/api/admin/${w.kind}/${w.id}`, 'rename' in w ? { name: w.rename } : { pluralName: w.plural });
};

/** Renaming, setting a plural, merging or undoing a merge changes names, counts and pages: every cached list may be stale. */
export const useGroupWrite = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => qc.invalidateQueries() });
};

export const useUndoMerge = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiSend<{ restored: number; stayed: number; slug: string }>('POST', `/api/admin/merges/${id}/undo`),
    onSettled: () => qc.invalidateQueries(),
  });
};
