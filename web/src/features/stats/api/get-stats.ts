import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stats } from '@domain/types';
import { apiGet } from '@/lib/api';

export const getStats = () => apiGet<Stats>('/api/stats');

export const statsOptions = () => queryOptions({ queryKey: ['api', 'stats'], queryFn: getStats });

export const useStats = () => useQuery(statsOptions());
