import { useMutation } from '@tanstack/react-query';
import type { ImportPreview } from '@domain/types';
import { apiSend } from '@/lib/api';

/** What the uploaded file would do, written nowhere; the upload's token stays for the import. */
export const previewImport = ({ filePath, clearEmpty }: { filePath: string; clearEmpty: boolean }) =>
  apiSend<ImportPreview>('POST', '/api/admin/import-preview', { filePath, clearEmpty });

export const useImportPreview = () => useMutation({ mutationFn: previewImport });
