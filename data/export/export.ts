/**
 * The export: businesses read in id order in batches (keyset pagination, so memory
 * stays flat at any size and no transaction is held open), written as streamed XLSX or CSV.
 */
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Knex } from 'knex';
import type { Db } from '../../db/index.js';
import { VALUE_COLUMNS, VALUE_KEYS, type ValueColumnKey } from '../../domain/business-columns.js';
import { slugPath } from '../../domain/paths.js';
import type { ExportFormat } from '../../domain/constants.js';
import { neutralise } from '../../domain/formula-guard.js';
import { EXPORT_COLUMNS, type ExportRecord } from './export-columns.js';
import { CSV_BOM, csvRecord, type CsvValue } from './csv-writer.js';

export { EXPORT_COLUMNS, EXPORT_CONTENT_TYPES, exportFileName } from './export-columns.js';
export { neutralise } from '../../domain/formula-guard.js';

export interface ExportOptions {
  /** Exact value of businesses.country; all businesses when absent. */
  country?: string;
  /** Exact values of businesses.country, when one typed country names several stored spellings. */
  countries?: string[];
  format: ExportFormat;
  /** The public site's origin, for detail_url and city_url. */
  baseUrl: string;
  /** Rows per database round trip. */
  batchSize?: number;
  /** Called after each batch with the rows written so far. */
  onProgress?: (rows: number) => void;
}

/** A businesses row as readBatches selects it: the exported value columns, id, slug and the city's slug. */
type ExportRow = { id: number; slug: string; city_slug: string | null } & Record<string, unknown>;

/** The values a file carries, in the order of the table of business columns. */
const EXPORTED = VALUE_KEYS.filter((k) => VALUE_COLUMNS[k].field !== null);

/** Each exported value's select, aliased to its column name (city and category by name). */
function selectOf(db: Db, key: ValueColumnKey): string | Knex.Raw {
  const { column } = VALUE_COLUMNS[key];
  if (key === 'city') return `c.name as ${column}`;
  if (key === 'category') return `k.name as ${column}`;
  // A business without its own state shows its city's.
  if (key === 'state') return db.raw('coalesce(b.state, c.state) as state');
  return `b.${column}`;
}

const DEFAULT_BATCH = 5000;

async function* readBatches(db: Db, countries: string[] | undefined, batchSize: number): AsyncGenerator<ExportRow[]> {
  let after = 0;
  for (;;) {
    const q = db('businesses as b')
      .leftJoin('categories as k', 'k.id', 'b.category_id')
      .leftJoin('cities as c', 'c.id', 'b.city_id')
      .select<ExportRow[]>(['b.id', 'b.slug', 'c.slug as city_slug', 'b.coordinates_approximate', ...EXPORTED.map((k) => selectOf(db, k))])
      .where('b.id', '>', after)
      .orderBy('b.id')
      .limit(batchSize);
    if (countries !== undefined) q.whereIn('b.country', countries);
    const rows = await q;
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = Number(rows[rows.length - 1].id);
  }
}

/** How a format guards text against formulas: the CSV writer guards every cell itself. */
type Guard = (text: string) => string;
const unguarded: Guard = (text) => text;

/** One exported value as a cell: text guarded, numbers as numbers, services joined. */
function cell(key: ValueColumnKey, value: unknown, guard: Guard): string | number | null {
  switch (key) {
    case 'services':
      return (value as string[]).length ? guard((value as string[]).join(', ')) : null;
    case 'isVerified':
      return value ? 'true' : 'false';
    case 'rating':
    case 'reviewCount':
      return Number(value);
    case 'latitude':
    case 'longitude':
      return value as number | null;
    default: {
      const text = value as string | null | undefined;
      return text === null || text === undefined || text === '' ? null : guard(text);
    }
  }
}

export function toExportRecord(r: ExportRow, baseUrl: string, guard: Guard): ExportRecord {
  const record = Object.fromEntries(EXPORTED.map((k) => [VALUE_COLUMNS[k].field, cell(k, r[VALUE_COLUMNS[k].column], guard)])) as ExportRecord;
  // A city's centre standing in for the business's spot is the gazetteer's, not the file's: a
  // re-import works it out again, and a file that carried it would pin the business there.
  if (r.coordinates_approximate) record.latitude = record.longitude = null;
  record.detail_url = baseUrl + slugPath('details', r.slug);
  record.city_url = r.city_slug ? baseUrl + slugPath('city', r.city_slug) : null;
  return record;
}

/** Resolves on `drain`; rejects when the stream closes or fails first (a client that went away). */
function drain(stream: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (err?: Error) => {
      stream.off('drain', onDrain).off('close', onClose).off('error', onError);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(new Error('Export destination closed'));
    const onError = (err: Error) => settle(err);
    stream.on('drain', onDrain).on('close', onClose).on('error', onError);
  });
}

/** Waits while the destination is full, so a slow reader slows the export instead of filling memory. */
async function drained(out: Writable): Promise<void> {
  if (out.destroyed) throw new Error('Export destination closed');
  if (out.writableNeedDrain) await drain(out);
}

/**
 * exceljs hands the sheet's XML to the zip without back-pressure, so when compressing is slower
 * than reading rows the XML piles up in memory, more with every row exported. The sheet
 * stream's consumers are ordinary writables: wait for them.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  // archiver's streams come from readable-stream 2, which has no `writableLength`: read the state.
  type Piped = Writable & { _writableState?: { length: number; highWaterMark: number } };
  const pipes = (sheet as unknown as { stream?: { pipes?: Piped[] } }).stream?.pipes ?? [];
  for (const p of pipes) {
    const state = p._writableState;
    while (state && state.length > state.highWaterMark) await drain(p);
  }
}

/** Writes every matching business to `out` (and ends it). Resolves when `out` has finished. */
export async function exportBusinesses(db: Db, options: ExportOptions, out: Writable): Promise<{ rows: number }> {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const countries = options.countries ?? (options.country !== undefined ? [options.country] : undefined);
  const batches = readBatches(db, countries, options.batchSize ?? DEFAULT_BATCH);
  const rows = options.format === 'xlsx' ? await writeXlsx(batches, baseUrl, out, options.onProgress) : await writeCsv(batches, baseUrl, out, options.onProgress);
  await finished(out);
  return { rows };
}

async function writeXlsx(batches: AsyncIterable<ExportRow[]>, baseUrl: string, out: Writable, onProgress?: (rows: number) => void): Promise<number> {
  // Shared strings and styles off: with them exceljs keeps every distinct string in memory, so
  // memory grows with the rows; inline strings stream out row by row.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('Businesses');
  sheet.columns = EXPORT_COLUMNS.map((key) => ({ header: key, key }));
  let count = 0;
  for await (const batch of batches) {
    for (const r of batch) sheet.addRow(toExportRecord(r, baseUrl, neutralise)).commit();
    count += batch.length;
    onProgress?.(count);
    await zipCaughtUp(sheet);
    await drained(out);
  }
  sheet.commit();
  await workbook.commit();
  return count;
}

async function writeCsv(batches: AsyncIterable<ExportRow[]>, baseUrl: string, out: Writable, onProgress?: (rows: number) => void): Promise<number> {
  // One write (and one back-pressure check) per batch of 5,000 rows rather than per row, which
  // made a streaming stringifier several times slower. The header goes with the first batch, so
  // a database that fails at once leaves nothing written.
  let head = CSV_BOM + csvRecord(EXPORT_COLUMNS);
  const values: CsvValue[] = new Array(EXPORT_COLUMNS.length);
  let count = 0;
  for await (const batch of batches) {
    let text = head;
    head = '';
    for (const r of batch) {
      const record = toExportRecord(r, baseUrl, unguarded);
      for (let i = 0; i < EXPORT_COLUMNS.length; i++) values[i] = record[EXPORT_COLUMNS[i]];
      text += csvRecord(values);
    }
    count += batch.length;
    if (!out.write(text)) await drained(out);
    onProgress?.(count);
  }
  if (head) out.write(head);
  out.end();
  return count;
}
