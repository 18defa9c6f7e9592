import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '@domain/types';
import { ApiError, apiSend } from '@/lib/api';

export async function importExcelStream({ filePath, clearEmpty }: { filePath: string; clearEmpty: boolean }): Promise<ImportResult> {
  try {
    return await apiSend<ImportResult>('POST', '/api/admin/import-excel-stream', { filePath, clearEmpty });
  } catch (err) {
    // The message the admin sees: 'Streaming import failed: {status}'.
    if (err instanceof ApiError) throw new Error(`Streaming import failed: ${err.status}`, { cause: err });
    throw err;
  }
}

/** After an import every cached list may be stale: refresh all of it. */
export const useImportExcelStream = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: importExcelStream, onSettled: () => qc.invalidateQueries() });
};
