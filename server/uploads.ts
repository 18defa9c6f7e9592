/**
 * Uploaded import files: where they are, who may import them, and what the admin page needs to
 * know first (CONTRACT §5). The client only ever sees an opaque token, bound to the uploader's
 * session and resolvable by any server process (the table lives in PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import iconv from 'iconv-lite';
import type { Db } from '../db/index.js';
import { mapHeaders } from '../data/columns.js';
import { CSV_DATA_MAX_BYTES, LARGE_FILE_THRESHOLD_BYTES } from '../data/constants.js';
import { detectEncoding } from '../data/encoding.js';
import type { FileFormat } from '../data/pipeline.js';
import { openRows } from '../data/read-rows.js';

/** Uploads never imported are removed after this long. */
export const UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Rows read to estimate the row count of a large spreadsheet. */
const SAMPLE_ROWS = 2000;

export const newToken = () => randomBytes(24).toString('base64url');

export async function saveUpload(db: Db, fields: { owner: string; path: string; fileName: string; bytes: number }): Promise<string> {
  const token = newToken();
  await db('uploads').insert({ token, owner: fields.owner, path: fields.path, file_name: fields.fileName, bytes: fields.bytes });
  return token;
}

/**
 * Takes the upload out of the store when `token` belongs to `owner` (one import per upload);
 * null for anything else, a server path included.
 */
export async function claimUpload(db: Db, token: string, owner: string): Promise<{ path: string; fileName: string } | null> {
  const [row] = (await db('uploads').where({ token, owner }).delete().returning(['path', 'file_name'])) as Array<{ path: string; file_name: string }>;
  return row ? { path: row.path, fileName: row.file_name } : null;
}

/** Forgets uploads older than maxAgeMs and deletes their files. */
export async function sweepUploads(db: Db, maxAgeMs = UPLOAD_MAX_AGE_MS): Promise<number> {
  const rows = (await db('uploads')
    .where('created_at', '<', new Date(Date.now() - maxAgeMs))
    .delete()
    .returning('path')) as Array<{ path: string }>;
  await Promise.all(rows.map((r) => fs.promises.rm(r.path, { force: true })));
  return rows.length;
}

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
