/**
 * One import, start to finish: read rows (any format), map the headers, validate each row, load
 * the good ones in batches, record the run in `imports` and emit Progress as it goes. The CLI,
 * the admin API (through import-worker.ts) and the sample loader all come through here.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/index.js';
import { failImport, finishImport, startImport, updateImportProgress, type ImportCounts } from '../../db/queries/imports.js';
import { normaliseRow } from './business-row.js';
import { type Field, mapHeaders } from './columns.js';
import { BATCH_SIZE, openLoader, type Loader, type PreparedRow } from '../store/load.js';
import { PACED_BATCH_SIZE } from '../store/load-pace.js';
import type { ImportMode, Progress, RowSource } from './pipeline.js';
import { openRows } from './read-rows.js';
import { CSV_BOM, csvRecord } from '../export/csv-writer.js';
import { unneutralise } from '../../domain/formula-guard.js';
import type { ChangeSample, ImportPreview, ImportRecord, ImportResult } from '../../domain/types.js';

/** How many 'Row N: reason' strings a result carries; every rejected row is still counted. */
export const RESULT_ERROR_LIMIT = 1000;
/** A batch is also cut at this many bytes of cell text, so wide rows cannot blow up memory. */
export const BATCH_MAX_CHARS = 8 * 1024 * 1024;
/** Progress events at most this often (the CLI redraws on each). */
export const PROGRESS_INTERVAL_MS = 100;

export interface ImportOptions {
  mode?: ImportMode;
  encoding?: string;
  source: ImportRecord['source'];
  username?: string | null;
  /** The name recorded in `imports`; defaults to the file's base name. */
  fileName?: string;
  onProgress?: (p: Progress) => void;
  batchSize?: number;
  /** Allow the loader's index drop-and-rebuild on an empty table (default true). */
  bulk?: boolean;
  /** Let an empty cell erase a stored value (the merge rule keeps it by default). */
  clearEmpty?: boolean;
  /**
   * Where to keep the rejected rows as a CSV to fix and import again (the file's columns plus
   * `reason`): `<dir>/import-<id>-rejected.csv` (rejectedRowsFile). Not kept when unset.
   */
  rejectedDir?: string;
  /** A preview: read, validate and merge everything, write nothing, record no import (see the loader's dryRun). */
  dryRun?: boolean;
  /** Give way to a serving site (data/store/load-pace.ts): the web's imports do, the CLI's do not. */
  pace?: boolean;
}

/** The CSV of an import's rejected rows in `dir`. */
export const rejectedRowsFile = (dir: string, importId: number) => path.join(dir, `import-${importId}-rejected.csv`);

export type ImportOutcome = ImportResult & { importId: number; rowsRead: number; changes?: ChangeSample[] } & Partial<Pick<ImportPreview, 'overwrites' | 'newBusinesses'>>;

export async function importFile(db: Db, filePath: string, options: ImportOptions): Promise<ImportOutcome> {
  const mode = options.mode ?? 'upsert';
  const batchSize = options.batchSize ?? (options.pace ? PACED_BATCH_SIZE : BATCH_SIZE);
  const dryRun = options.dryRun === true;
  // A file that cannot be opened or is of no kind rehber reads is refused before an import is
  // recorded: a mistyped path or a photo is not a failed import on the dashboard. A spreadsheet
  // without the columns an import needs is recorded as failed, with its reason.
  const source: RowSource = await openRows(filePath, { encoding: options.encoding, readerThread: true });
  let run: { id: number; release(): Promise<void> };
  try {
    run = dryRun
      ? { id: 0, release: async () => {} }
      : await startImport(db, {
          fileName: options.fileName ?? path.basename(filePath),
          source: options.source,
          username: options.username,
          mode,
        });
  } catch (err) {
    await source.close();
    throw err;
  }
  const importId = run.id;
  const started = Date.now();
  const counts: ImportCounts = { rowsRead: 0, imported: 0, updated: 0, skipped: 0 };
  const errors: string[] = [];
  let rejected = 0;
  let loader: Loader | undefined;
  let lastEmit = 0;
  let pending: Promise<void> = Promise.resolve();
  let rejects: RejectedRowsWriter | undefined;

  const emit = (done: boolean) => {
    if (!options.onProgress) return;
    const now = Date.now();
    if (!done && now - lastEmit < PROGRESS_INTERVAL_MS) return;
    lastEmit = now;
    const elapsedMs = now - started;
    options.onProgress({
      ...counts,
      bytesRead: source.bytesRead(),
      bytesTotal: source.bytesTotal,
      elapsedMs,
      rate: elapsedMs > 0 ? Math.round((counts.rowsRead * 1000) / elapsedMs) : 0,
      done,
    });
  };

  try {
    // A file without the required columns is refused here, before any row is written.
    const columns = mapHeaders(source.headers);
    if (options.rejectedDir && !dryRun) rejects = rejectedRowsWriter(rejectedRowsFile(options.rejectedDir, importId), source.headers);
    // The merge rule: a column the file does not have never changes a stored value.
    const fields = new Set(Object.keys(columns) as Field[]);
    const activeLoader = (loader = await openLoader(db, { mode, bulk: options.bulk, fields, clearEmpty: options.clearEmpty, importId: dryRun ? undefined : importId, dryRun, pace: options.pace }));

    // One batch loads while the next is read, validated and encoded: the two cores both work.
    let failure: unknown;
    const flush = (rows: PreparedRow[]) =>
      activeLoader
        .loadPrepared(rows, async (c, trx) => {
          // Recorded in the batch's own transaction: the record never counts an uncommitted row.
          await updateImportProgress(trx, importId, add(counts, c));
        })
        .then((c) => {
          Object.assign(counts, add(counts, c));
          // Rows only the loader could judge (one that would create a business without its name or address).
          for (const { error, cells } of c.rejected ?? []) {
            rejected++;
            if (errors.length < RESULT_ERROR_LIMIT) errors.push(error);
            rejects?.write(cells ?? [], error);
          }
          emit(false);
        });

    // Each row is encoded as soon as it is valid: the batch keeps what the write needs, not the whole row.
    let batch: PreparedRow[] = [];
    let batchChars = 0;
    for await (const row of source.rows) {
      counts.rowsRead++;
      for (const cell of row.cells) batchChars += cell.length;
      const outcome = normaliseRow(columns, row);
      if (outcome.ok) {
        const prepared = activeLoader.prepare(outcome.value);
        if (rejects && prepared.missing !== null) prepared.cells = row.cells;
        batch.push(prepared);
      } else {
        counts.skipped++;
        rejected++;
        if (errors.length < RESULT_ERROR_LIMIT) errors.push(outcome.error);
        rejects?.write(row.cells, outcome.error);
      }
      if (batch.length >= batchSize || batchChars >= BATCH_MAX_CHARS) {
        batchChars = 0;
        const rows = batch;
        batch = [];
        // Handed over at once: the next one is read and encoded while this one is still writing.
        const queued = flush(rows).catch((err) => {
          failure = err;
        });
        await pending;
        pending = queued;
        if (failure) throw failure;
      }
      emit(false);
    }
    await pending;
    if (failure) throw failure;
    if (batch.length) await flush(batch);
    loader = undefined;
    await activeLoader.close();

    // The loader reports its rejections a batch late: the list goes back to the file's order.
    errors.sort((a, b) => rowOf(a) - rowOf(b));
    if (rejected > errors.length) errors.push(`… and ${rejected - errors.length} more rows rejected`);
    if (!dryRun) await finishImport(db, importId, counts, errors);
    emit(true);
    return {
      success: rejected === 0, ...pick(counts), unchanged: counts.skipped - rejected, rejected, errors, importId, rowsRead: counts.rowsRead,
      ...(dryRun ? { changes: activeLoader.changes, ...activeLoader.preview } : {}),
    };
  } catch (err) {
    await pending; // never rejects: flush failures are caught into `failure`
    if (!dryRun) await failImport(db, importId, err instanceof Error ? err.message : String(err), counts, errors).catch(() => {});
    throw err;
  } finally {
    await rejects?.close().catch(() => {});
    await source.close();
    await loader?.close().catch(() => {});
    await run.release().catch(() => {});
  }
}

interface RejectedRowsWriter {
  write(cells: string[], reason: string): void;
  close(): Promise<void>;
}

/**
 * The rejected rows as a CSV, ready to fix in a spreadsheet and import again: the file's own
 * headers plus `reason` (the row number first, so a person finds it in the original). Opened at
 * the first rejected row; a BOM so Excel reads it as UTF-8.
 */
function rejectedRowsWriter(file: string, headers: string[]): RejectedRowsWriter {
  let out: fs.WriteStream | undefined;
  return {
    write(cells, reason) {
      if (!out) {
        // Rows of people's data: readable by the server's own user only.
        fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
        out = fs.createWriteStream(file, { mode: 0o600 });
        out.write(CSV_BOM + csvRecord([...headers.map(unneutralise), 'reason']));
      }
      // Guarded like an export: the file's cells are untrusted, and the import reads the guard back
      // off. Each is written as the value the import read from it, so a guarded cell (a rejected
      // file imported again) is guarded once, not twice.
      out.write(csvRecord([...headers.map((_, i) => unneutralise(cells[i] ?? '')), reason]));
    },
    close: () => (out ? new Promise((resolve, reject) => out!.end((err?: Error | null) => (err ? reject(err) : resolve()))) : Promise.resolve()),
  };
}

const rowOf = (error: string) => Number(/^Row (\d+)/.exec(error)?.[1] ?? Infinity);

const add = (a: ImportCounts, c: { imported: number; updated: number; skipped: number }): ImportCounts => ({
  rowsRead: a.rowsRead,
  imported: a.imported + c.imported,
  updated: a.updated + c.updated,
  skipped: a.skipped + c.skipped,
});
const pick = (c: ImportCounts) => ({ imported: c.imported, updated: c.updated, skipped: c.skipped });
