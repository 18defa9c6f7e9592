import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UndoPlan } from '@domain/types';
import { apiGet } from '@/lib/api';
import { importsKey } from './get-imports';

export const getUndoPlan = (id: number) => apiGet<UndoPlan>(`/api/admin/imports/${id}/undo`);

/** Under the imports' key, so every import or undo (which invalidate it) makes it fresh again. */
export const undoPlanOptions = (id: number) => queryOptions({ queryKey: [...importsKey, id, 'undo'], queryFn: () => getUndoPlan(id), staleTime: 0 });

/** What undoing import `id` would do now, loaded while its confirmation is open. */
export const useUndoPlan = (id: number, enabled: boolean) => useQuery({ ...undoPlanOptions(id), enabled });
