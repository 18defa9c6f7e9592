import { useEffect, useRef, useState } from 'react';
import type { ImportResult, UploadResponse } from '@domain/types';
import { IMPORT_START_DELAY_MS } from '@domain/constants';
import { toast } from '@/components/ui/toast';
import { UploadError, useUploadExcel } from '../api/upload-excel';
import { useImportExcelStream } from '../api/import-excel-stream';
import { useImportPreview } from '../api/import-preview';
import type { ImportPreview } from '@domain/types';
import { ApiError, apiMessage } from '@/lib/api';
import { msg } from './messages';

/** A preview on screen, with the token and the option it was made with. */
export type ShownPreview = ImportPreview & { filePath: string; clearEmpty: boolean };

/**
 * The import flow: a chosen file is uploaded at once and imported 0.5 s later. Every
 * file takes one path, whatever its size or format: the upload's token through the streaming
 * import, so the same file always gives the same result (`POST /api/admin/import` stays for API
 * clients). An upload is imported once: the Import button starts it early when pressed within the
 * 0.5 s, and afterwards asks for the file again instead of importing it a second time.
 *
 * "Preview first" (on by default, so a file chosen by mistake writes nothing; unticked, the spec's
 * flow) replaces the 0.5 s wait with a preview of what the file would do; the import then runs on "Import these changes", with the
 * preview's options and the token its answer gave (the server refuses other options). Changing an
 * option while a preview is shown makes the preview again: Import is not offered meanwhile.
 */
/** Where the admin's "Preview first" choice is kept between visits (this browser only). */
const PREVIEW_FIRST_KEY = 'rehber.import.previewFirst';

// Storage can be missing or refuse access (private windows, blocked cookies): the safe default then, a preview.
const readPreviewFirst = (): boolean => {
  try {
    return window.localStorage.getItem(PREVIEW_FIRST_KEY) !== 'false';
  } catch {
    return true;
  }
};

const savePreviewFirst = (value: boolean) => {
  try {
    window.localStorage.setItem(PREVIEW_FIRST_KEY, String(value));
  } catch {
    // Not remembered; the choice still holds for this visit.
  }
};

export function useImportFlow() {
  const upload = useUploadExcel();
  const stream = useImportExcelStream();
  const [uploaded, setUploaded] = useState<UploadResponse | null>(null);
  const [fileName, setFileName] = useState('');
  const [result, setResult] = useState<ImportResult | null>(null);
  const [clearEmpty, setClearEmpty] = useState(false);
  const [previewFirst, setPreviewFirstState] = useState(readPreviewFirst);
  const [preview, setPreview] = useState<ShownPreview | null>(null);
  // Only the latest preview asked for may be shown: an earlier answer arriving late is dropped.
  const previewSeq = useRef(0);
  const previewing = useImportPreview();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The token of the upload already sent to the import: never twice.
  const started = useRef<string | null>(null);
  const clearEmptyRef = useRef(clearEmpty);
  clearEmptyRef.current = clearEmpty;
  useEffect(() => () => clearTimeout(timer.current), []);

  const runImport = async (data: UploadResponse) => {
    clearTimeout(timer.current);
    if (started.current === data.filePath) {
      toast(msg.alreadyImported);
      return;
    }
    started.current = data.filePath;
    const previewed = preview?.filePath === data.filePath;
    const clear = previewed ? preview.clearEmpty : clearEmptyRef.current;
    previewSeq.current++;
    setPreview(null);
    try {
      const r = await stream.mutateAsync({ filePath: data.filePath, clearEmpty: clear });
      setResult(r);
      toast(msg.streamDone(r));
    } catch (err) {
      const refused = err instanceof Error && err.cause instanceof ApiError && err.cause.status === 409 ? err.cause : undefined;
      if (previewed && refused) {
        // The preview no longer holds (the directory changed since): the upload is kept, so show what it would do now.
        started.current = null;
        toast(msg.previewAgain(apiMessage(refused)));
        await makePreview(data, clear).catch((e: unknown) => toast(msg.previewFailed(apiMessage(e))));
        return;
      }
      console.error('Streaming import failed', err);
      toast(msg.streamFailed);
    }
  };

  /** Previews upload `data` with these options; the answer's token replaces the upload's. */
  const makePreview = async (data: UploadResponse, clear: boolean) => {
    const seq = ++previewSeq.current;
    setPreview(null);
    const p = await previewing.mutateAsync({ filePath: data.filePath, clearEmpty: clear });
    if (seq !== previewSeq.current) return;
    const filePath = p.filePath ?? data.filePath;
    setUploaded({ ...data, filePath });
    setPreview({ ...p, filePath, clearEmpty: clear });
  };

  const changeClearEmpty = (value: boolean) => {
    setClearEmpty(value);
    clearEmptyRef.current = value;
    if (!preview || !uploaded || started.current === uploaded.filePath) return;
    makePreview(uploaded, value).catch((err: unknown) => {
      console.error('Preview failed', err);
      setUploaded(null);
      toast(msg.previewFailed(apiMessage(err)));
    });
  };

  const chooseFile = async (file: File) => {
    clearTimeout(timer.current);
    previewSeq.current++;
    setUploaded(null);
    setResult(null);
    setPreview(null);
    setFileName(file.name);
    toast(msg.uploading(file));
    try {
      const data = await upload.mutateAsync(file);
      setUploaded(data);
      if (previewFirst) {
        await makePreview(data, clearEmptyRef.current);
        return;
      }
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
    clearEmpty,
    setClearEmpty: changeClearEmpty,
    previewFirst,
    setPreviewFirst: (value: boolean) => {
      setPreviewFirstState(value);
      savePreviewFirst(value);
    },
    preview,
    cancelPreview: () => {
      previewSeq.current++;
      setPreview(null);
      setUploaded(null);
    },
    uploading: upload.isPending || previewing.isPending,
    importing: stream.isPending,
    streaming: stream.isPending,
    rowCount: uploaded?.rowCount,
    // The file input is emptied after each choice, so the name of the file loaded is said here.
    fileName: uploaded ? fileName : undefined,
  };
}
