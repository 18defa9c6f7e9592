import { useEffect, useRef, useState } from 'react';
import type { ImportResult, UploadResponse } from '@data/domain/types';
import { IMPORT_START_DELAY_MS } from '@data/domain/constants';
import { toast } from '@/components/ui/toast';
import { UploadError, useUploadExcel } from '../api/upload-excel';
import { useImportExcelStream } from '../api/import-excel-stream';
import { useImportCsv } from '../api/import-csv';
import { msg } from './messages';

/**
 * The import flow of SPEC §4: a chosen file is uploaded at once; 0.5 s later the answer's
 * csvHeaders start the streaming import with its token, or its csvData the CSV import. The
 * Import button re-runs the import of the uploaded file, and asks for a file when there is none.
 */
export function useImportFlow() {
  const upload = useUploadExcel();
  const stream = useImportExcelStream();
  const csv = useImportCsv();
  const [uploaded, setUploaded] = useState<UploadResponse | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const runImport = async (data: UploadResponse) => {
    if (data.csvData !== undefined) {
      try {
        const r = await csv.mutateAsync(data.csvData);
        setResult(r);
        toast(msg.csvDone(r));
      } catch (err) {
        console.error('CSV import failed', err);
        toast(msg.csvFailed);
      }
      return;
    }
    try {
      const r = await stream.mutateAsync(data.filePath);
      setResult(r);
      toast(msg.streamDone(r));
    } catch (err) {
      console.error('Streaming import failed', err);
      toast(msg.streamFailed);
    }
  };

  const chooseFile = async (file: File) => {
    clearTimeout(timer.current);
    setUploaded(null);
    setResult(null);
    toast(msg.uploading(file));
    try {
      const data = await upload.mutateAsync(file);
      setUploaded(data);
      timer.current = setTimeout(() => void runImport(data), IMPORT_START_DELAY_MS);
    } catch (err) {
      console.error('Upload failed', err);
      toast(msg.uploadFailed(err instanceof UploadError ? err.serverMessage : undefined));
    }
  };

  const importNow = () => {
    if (!uploaded) {
      toast(msg.noFile);
      return;
    }
    void runImport(uploaded);
  };

  return {
    chooseFile,
    importNow,
    result,
    uploading: upload.isPending,
    importing: stream.isPending || csv.isPending,
    streaming: stream.isPending,
    rowCount: uploaded?.rowCount,
  };
}
