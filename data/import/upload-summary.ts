/**
 * What the admin page needs to know of an uploaded file before importing it: its format, headers
 * and row count (and the text of a small CSV). Reads the file, so the server runs it in a worker
 * thread (import-worker.ts), never on its event loop.
 */
import fs from 'node:fs';
import iconv from 'iconv-lite';
import { mapHeaders } from './columns.js';
import { CSV_DATA_MAX_BYTES, LARGE_FILE_THRESHOLD_BYTES } from '../../domain/constants.js';
import { detectEncoding } from './encoding.js';
import type { FileFormat } from './pipeline.js';
import { openRows } from './read-rows.js';

/** Rows read to estimate the row count of a large spreadsheet. */
const SAMPLE_ROWS = 2000;

export interface UploadSummary {
  format: FileFormat;
  headers: string[];
  /** Exact for files up to LARGE_FILE_THRESHOLD_BYTES; above it, lines (CSV) or an extrapolation from the first rows (XLSX). */
  rowCount: number;
  /** The CSV itself decoded to UTF-8, when it is at most CSV_DATA_MAX_BYTES. */
  csvData?: string;
}

/**
 * Checks the file from its bytes (InputError 415 for another kind, 400 for missing columns) and
 * counts its rows cheaply.
 */
export async function summariseUpload(filePath: string): Promise<UploadSummary> {
  const source = await openRows(filePath);
  try {
    mapHeaders(source.headers);
    const base = { format: source.format, headers: source.headers };
    if (source.format === 'csv' && source.bytesTotal <= CSV_DATA_MAX_BYTES) {
      const bytes = await fs.promises.readFile(filePath);
      const { encoding, bomLength } = detectEncoding(bytes);
      return { ...base, rowCount: await countRows(source, Infinity), csvData: iconv.decode(bytes.subarray(bomLength), encoding) };
    }
    if (source.bytesTotal <= LARGE_FILE_THRESHOLD_BYTES) return { ...base, rowCount: await countRows(source, Infinity) };
    if (source.format === 'csv') return { ...base, rowCount: Math.max(0, (await countLines(filePath)) - 1) };
    const sampled = await countRows(source, SAMPLE_ROWS);
    const read = source.bytesRead();
    return { ...base, rowCount: read > 0 && sampled === SAMPLE_ROWS ? Math.round((sampled * source.bytesTotal) / read) : sampled };
  } finally {
    await source.close();
  }
}

async function countRows(source: Awaited<ReturnType<typeof openRows>>, limit: number): Promise<number> {
  let n = 0;
  for await (const _row of source.rows) if (++n >= limit) break;
  return n;
}

/** Newlines in the file, streamed: a quoted multi-line cell counts more than once (an estimate). */
async function countLines(filePath: string): Promise<number> {
  let lines = 0;
  let last = 0x0a;
  for await (const chunk of fs.createReadStream(filePath, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) lines++;
    last = chunk[chunk.length - 1];
  }
  return last === 0x0a ? lines : lines + 1;
}
