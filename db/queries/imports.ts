import type { Db } from '../index.js';
import type { ImportMode } from '../../data/pipeline.js';
import type { ImportRecord } from '../../data/types.js';

/** How many error strings an import record keeps (the result itself keeps more). */
export const RECORD_ERROR_LIMIT = 100;

export interface ImportCounts {
  rowsRead: number;
  imported: number;
  updated: number;
  skipped: number;
}

interface ImportRow {
  id: number;
  file_name: string;
  source: ImportRecord['source'];
  username: string | null;
  mode: ImportMode;
  status: ImportRecord['status'];
  started_at: Date;
  finished_at: Date | null;
  duration_ms: number | null;
  rows_read: number;
  imported: number;
  updated: number;
  skipped: number;
  errors: string[];
  message: string | null;
}

/**
 * A running import commits a batch (and beats) every few seconds; one silent this long had its
 * process killed. Generous, because rebuilding the indexes after a huge bulk load beats not at all.
 */
export const IMPORT_STALE_AFTER_MINUTES = 60;

export async function startImport(
  db: Db,
  fields: { fileName: string; source: ImportRecord['source']; username?: string | null; mode: ImportMode },
): Promise<number> {
  await failStaleImports(db);
  const [row] = await db('imports')
    .insert({ file_name: fields.fileName, source: fields.source, username: fields.username ?? null, mode: fields.mode })
    .returning('id');
  return row.id as number;
}

/** Written after every committed batch, so other processes and the admin page see live counts. */
export async function updateImportProgress(db: Db, id: number, counts: ImportCounts): Promise<void> {
  await db('imports').where({ id }).update({ ...countColumns(counts), heartbeat_at: db.fn.now() });
}

/** Marks imports whose process died (killed, machine lost) as failed, so none stays 'running' forever. */
export async function failStaleImports(db: Db): Promise<number> {
  return db('imports')
    .where({ status: 'running' })
    .whereRaw(`heartbeat_at < now() - make_interval(mins => ?)`, [IMPORT_STALE_AFTER_MINUTES])
    .update({
      status: 'failed',
      message: 'Interrupted: the importing process stopped before the end',
      finished_at: db.ref('heartbeat_at'),
      duration_ms: db.raw('(extract(epoch from heartbeat_at - started_at) * 1000)::int'),
    });
}

export async function finishImport(db: Db, id: number, counts: ImportCounts, errors: string[]): Promise<void> {
  await db('imports')
    .where({ id })
    .update({
      ...countColumns(counts),
      status: 'done',
      errors: JSON.stringify(errors.slice(0, RECORD_ERROR_LIMIT)),
      finished_at: db.fn.now(),
      duration_ms: db.raw('(extract(epoch from now() - started_at) * 1000)::int'),
    });
}

/** The import stopped on a fatal error; counts keep what the committed batches wrote. */
export async function failImport(db: Db, id: number, message: string, counts?: ImportCounts, errors: string[] = []): Promise<void> {
  await db('imports')
    .where({ id })
    .update({
      ...(counts ? countColumns(counts) : {}),
      status: 'failed',
      message,
      errors: JSON.stringify(errors.slice(0, RECORD_ERROR_LIMIT)),
      finished_at: db.fn.now(),
      duration_ms: db.raw('(extract(epoch from now() - started_at) * 1000)::int'),
    });
}

export async function listRecentImports(db: Db, limit = 20): Promise<ImportRecord[]> {
  await failStaleImports(db);
  const rows = (await db('imports').orderBy([{ column: 'started_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit)) as ImportRow[];
  return rows.map(toRecord);
}

export async function getImport(db: Db, id: number): Promise<ImportRecord | null> {
  const row = (await db('imports').where({ id }).first()) as ImportRow | undefined;
  return row ? toRecord(row) : null;
}

function countColumns(c: ImportCounts) {
  return { rows_read: c.rowsRead, imported: c.imported, updated: c.updated, skipped: c.skipped };
}

function toRecord(r: ImportRow): ImportRecord {
  const errors = r.errors ?? [];
  return {
    id: r.id,
    fileName: r.file_name,
    source: r.source,
    username: r.username,
    mode: r.mode,
    status: r.status,
    startedAt: r.started_at.toISOString(),
    finishedAt: r.finished_at ? r.finished_at.toISOString() : null,
    durationMs: r.duration_ms,
    rowsRead: r.rows_read,
    imported: r.imported,
    updated: r.updated,
    skipped: r.skipped,
    errors,
    // A running import has no verdict yet; a failed one never succeeded.
    success: r.status === 'done' && errors.length === 0,
    message: r.message,
  };
}
