import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCheck } from '@domain/types';
import { apiSend } from '@/lib/api';
import { adminCheckKey } from './check';

export interface LoginInput {
  username: string;
  password: string;
}

export const login = (input: LoginInput) => apiSend<{ success: boolean }>('POST', '/api/admin/login', input);

/**
 * On success the cached check says signed in at once. Invalidating it was not enough: nothing
 * watched it on the login page, so the protected page mounted with the old 'signed out' answer
 * and sent the admin back to the login form once.
 */
export const useLogin = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (_, input) => {
      qc.setQueryData<AdminCheck>(adminCheckKey, { authenticated: true, username: input.username });
      void qc.invalidateQueries({ queryKey: adminCheckKey });
    },
  });
};
