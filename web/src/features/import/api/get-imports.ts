import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportRecord } from '@domain/types';
import { apiGet } from '@/lib/api';

export const importsKey = ['api', 'admin', 'imports'] as const;

export const getImports = () => apiGet<ImportRecord[]>('/api/admin/imports');

export const importsOptions = () => queryOptions({ queryKey: importsKey, queryFn: getImports });

/** `poll`: refetch every second, while an import request is pending, for its live counts. */
export const useImports = ({ poll = false }: { poll?: boolean } = {}) =>
  useQuery({ ...importsOptions(), refetchInterval: poll ? 1000 : false });
