import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@domain/types';
import { apiGet } from '@/lib/api';

export const getCategories = () => apiGet<Category[]>('/api/categories');

export const categoriesOptions = () => queryOptions({ queryKey: ['api', 'categories'], queryFn: getCategories });

export const useCategories = () => useQuery(categoriesOptions());
