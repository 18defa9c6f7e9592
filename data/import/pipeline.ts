/**
 * The contracts between the parts of the import pipeline: readers yield SheetRows, business-row
 * turns them into BusinessInputs (or a "Row N: reason"), the loader writes batches of them.
 */

export type FileFormat = 'csv' | 'xlsx' | 'xls';

/** One data row as read from the file: cells in header order, as text. */
export interface SheetRow {
  /** The spreadsheet row number: the header is row 1, the first data row is row 2. */
  rowNumber: number;
  cells: string[];
  /**
   * Set when the reader itself rejected the row ('Row N: unbalanced quotes', 'Row N: expected 13
   * cells, found 15'); cells are then empty. normaliseRow turns it into a failed RowOutcome, so a
   * caller that sends every row through normaliseRow needs nothing else.
   */
  error?: string;
}

export interface RowSource {
  format: FileFormat;
  /** The header cells as written in the file. */
  headers: string[];
  rows: AsyncIterable<SheetRow>;
  /** File size in bytes, and how many have been consumed so far (for percent and ETA). */
  bytesTotal: number;
  bytesRead(): number;
  /** Releases the file early (when the caller stops iterating). Safe to call twice. */
  close(): Promise<void>;
}

export interface ReadOptions {
  /** Overrides CSV encoding detection, e.g. 'windows-1254'. */
  encoding?: string;
  /** Read an XLSX in a thread of its own, overlapping the import's work (read-xlsx-thread.ts). */
  readerThread?: boolean;
}

export type { BusinessInput } from '../../domain/business-columns.js';
import type { BusinessInput } from '../../domain/business-columns.js';

export type RowOutcome = { ok: true; value: BusinessInput } | { ok: false; error: string };

export type { ImportMode } from '../../domain/types.js';

/** Emitted by the pipeline as it goes; the CLI draws it, the server exposes it to the admin page. */
export interface Progress {
  rowsRead: number;
  imported: number;
  updated: number;
  skipped: number;
  bytesRead: number;
  bytesTotal: number;
  elapsedMs: number;
  /** Rows per second so far. */
  rate: number;
  done: boolean;
}
