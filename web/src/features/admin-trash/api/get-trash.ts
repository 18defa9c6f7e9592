import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TrashList } from '@domain/types';
import { ADMIN_PAGE_SIZE } from '@domain/constants';
import { apiGet, query } from '@/lib/api';

export interface TrashParams {
  page: number;
  search: string;
}

export const trashKey = ['api', 'admin', 'trash'] as const;

export const getTrash = ({ page, search }: TrashParams) => apiGet<TrashList>(`/api/admin/trash${query({ page, limit: ADMIN_PAGE_SIZE, search })}`);

export const trashOptions = (params: TrashParams) =>
  queryOptions({
    queryKey: [...trashKey, params],
    queryFn: () => getTrash(params),
    placeholderData: keepPreviousData,
  });

export const useTrash = (params: TrashParams) => useQuery(trashOptions(params));
