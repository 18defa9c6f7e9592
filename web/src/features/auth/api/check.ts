import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCheck } from '@domain/types';
import { apiGet } from '@/lib/api';

export const adminCheckKey = ['api', 'admin', 'check'] as const;

export const getAdminCheck = () => apiGet<AdminCheck>('/api/admin/check');

export const adminCheckOptions = () => queryOptions({ queryKey: adminCheckKey, queryFn: getAdminCheck });

export const useAdminCheck = () => useQuery(adminCheckOptions());
