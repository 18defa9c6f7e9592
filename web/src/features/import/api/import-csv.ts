import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '@data/domain/types';
import { apiSend } from '@/lib/api';

export const importCsv = (csvData: string) => apiSend<ImportResult>('POST', '/api/admin/import', { csvData });

/** After an import every cached list may be stale: refresh all of it (SPEC §4). */
export const useImportCsv = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: importCsv, onSettled: () => qc.invalidateQueries() });
};
