import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api';
import { adminCheckKey } from './check';

export interface LoginInput {
  username: string;
  password: string;
}

export const login = (input: LoginInput) => apiSend<{ success: boolean }>('POST', '/api/admin/login', input);

export const useLogin = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: () => qc.invalidateQueries({ queryKey: adminCheckKey }) });
};
