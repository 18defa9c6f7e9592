import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UndoResult } from '@data/domain/types';
import { apiSend } from '@/lib/api';

export const undoImport = (id: number) => apiSend<UndoResult>('POST', `/api/admin/imports/${id}/undo`);

/** After an undo every cached list may be stale (businesses, counts, the imports list). */
export const useUndoImport = (handlers: { onSuccess?: (r: UndoResult) => void; onError?: (err: unknown) => void } = {}) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: undoImport,
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
    onSettled: () => qc.invalidateQueries(),
  });
};
