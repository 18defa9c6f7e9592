import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api';
import { adminCheckKey } from './check';

export const logout = () => apiSend('POST', '/api/admin/logout');

export const useLogout = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => qc.setQueryData(adminCheckKey, { authenticated: false }),
    onError: (err) => console.error('Logout failed', err),
  });
};
