import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SitemapValidation } from '@domain/types';
import { apiSend } from '@/lib/api';
import { sitemapKeys } from './keys';

export const validateSitemaps = () => apiSend<SitemapValidation>('POST', '/api/admin/sitemap/validate');

export const useValidateSitemaps = (handlers: { onSuccess?: (result: SitemapValidation) => void; onError?: (err: unknown) => void } = {}) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: validateSitemaps,
    onSuccess: async (result) => {
      await Promise.all([qc.invalidateQueries({ queryKey: sitemapKeys.stats }), qc.invalidateQueries({ queryKey: sitemapKeys.files })]);
      handlers.onSuccess?.(result);
    },
    onError: handlers.onError,
  });
};
