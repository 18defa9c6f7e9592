import { useQuery } from '@tanstack/react-query';
import type { ActivityEntry } from '@domain/types';
import { apiGet } from '@/lib/api';

export const getActivity = () => apiGet<ActivityEntry[]>('/api/admin/activity');

export const useActivity = () => useQuery({ queryKey: ['api', 'admin', 'activity'], queryFn: getActivity });
