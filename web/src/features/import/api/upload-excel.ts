import { useMutation } from '@tanstack/react-query';
import type { UploadResponse } from '@domain/types';
import { apiMessage, apiSend } from '@/lib/api';

/** The thrown text is the server's message, otherwise 'Failed to upload file'. */
export class UploadError extends Error {
  constructor(readonly serverMessage: string | undefined) {
    super(serverMessage ?? 'Failed to upload file');
    this.name = 'UploadError';
  }
}

export async function uploadExcel(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.append('file', file);
  try {
    return await apiSend<UploadResponse>('POST', '/api/admin/upload-excel', form);
  } catch (err) {
    throw new UploadError(apiMessage(err));
  }
}

export const useUploadExcel = () => useMutation({ mutationFn: uploadExcel });
