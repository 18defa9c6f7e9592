import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UndoResult } from '@domain/types';
import { apiSend } from '@/lib/api';

/** `confirmCount`: the number of businesses it removes, typed by the admin (required over the threshold). */
export const undoImport = ({ id, confirmCount }: { id: number; confirmCount?: number }) =>
  apiSend<UndoResult>('POST', `/api/admin/imports/${id}/undo`, confirmCount === undefined ? {} : { confirmCount });

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
