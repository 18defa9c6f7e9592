import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SitemapFile } from '@domain/types';
import { apiSend } from '@/lib/api';
import { sitemapKeys } from './keys';

export interface GenerateResult {
  success: boolean;
  files: SitemapFile[];
}

/** Answers when the new set is published; 409 while another generation runs. */
export const generateSitemaps = () => apiSend<GenerateResult>('POST', '/api/admin/sitemap/generate');

export const useGenerateSitemaps = (handlers: { onSuccess?: () => void; onError?: (err: unknown) => void } = {}) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: generateSitemaps,
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: sitemapKeys.stats }), qc.invalidateQueries({ queryKey: sitemapKeys.files })]);
      handlers.onSuccess?.();
    },
    onError: handlers.onError,
  });
};
