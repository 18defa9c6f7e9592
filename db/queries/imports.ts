import type pg from 'pg';
import type { Db } from '../index.js';
import type { ImportBusinesses, ImportMode, ImportRecord } from '../../domain/types.js';

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
  undone_at: Date | null;
  undone_by: string | null;
}

/**
 * A running import holds this advisory lock (keyed by its id) on a connection of its own for its
 * whole run. When its process dies, PostgreSQL drops the connection and the lock with it, so any
 * process can tell at once that a 'running' record has nobody behind it.
 */
const RUN_LOCK = `hashtext('rehber:import-run')`;

export interface RunningImport {
  id: number;
  /** Lets go of the run lock; call it once the record says done or failed. */
  release(): Promise<void>;
}

export async function startImport(
  db: Db,
  fields: { fileName: string; source: ImportRecord['source']; username?: string | null; mode: ImportMode },
): Promise<RunningImport> {
  await failOrphanedImports(db);
  const conn = (await db.client.acquireConnection()) as pg.PoolClient;
  try {
    // The id comes first and is locked before the record exists: no one can see it unlocked.
    const { rows } = await conn.query<{ id: string }>(`SELECT nextval(pg_get_serial_sequence('imports', 'id')) AS id`);
    const id = Number(rows[0].id);
    await conn.query(`SELECT pg_advisory_lock(${RUN_LOCK}, $1)`, [id]);
    await db('imports').insert({ id, file_name: fields.fileName, source: fields.source, username: fields.username ?? null, mode: fields.mode });
    let released = false;
    return {
      id,
      async release() {
        if (released) return;
        released = true;
        try {
          await conn.query(`SELECT pg_advisory_unlock(${RUN_LOCK}, $1)`, [id]);
        } finally {
          await db.client.releaseConnection(conn);
        }
      },
    };
  } catch (err) {
    await db.client.releaseConnection(conn);
    throw err;
  }
}

/** Written after every committed batch, so other processes and the admin page see live counts. */
export async function updateImportProgress(db: Db, id: number, counts: ImportCounts): Promise<void> {
  await db('imports').where({ id }).update({ ...countColumns(counts), heartbeat_at: db.fn.now() });
}

/**
 * Marks 'running' imports whose run lock nobody holds (their process died: killed, crashed,
 * machine lost) as failed, at once. Called by every new import, the admin's list and server start.
 */
export async function failOrphanedImports(db: Db): Promise<number> {
  return db.transaction(async (trx): Promise<number> => {
    const orphans = (await trx('imports')
      .where({ status: 'running' })
      .whereRaw(`pg_try_advisory_xact_lock(${RUN_LOCK}, id::int)`)
      .pluck('id')) as number[];
    if (!orphans.length) return 0;
    const changed = await trx('imports')
      .whereIn('id', orphans)
      .update({
        status: 'failed',
        message: 'Interrupted: the importing process stopped before the end',
        finished_at: trx.ref('heartbeat_at'),
        duration_ms: trx.raw('(extract(epoch from heartbeat_at - started_at) * 1000)::int'),
      });
    return Number(changed ?? 0);
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
  await failOrphanedImports(db);
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
    undoneAt: r.undone_at ? r.undone_at.toISOString() : null,
    undoneBy: r.undone_by,
  };
}

/** How many businesses of each kind an import's detail lists. */
export const IMPORT_BUSINESSES_LIMIT = 100;

/**
 * The businesses an import created (still there) and changed (with the fields it changed): what
 * its undo would take away and put back. The first IMPORT_BUSINESSES_LIMIT of each.
 */
export async function importBusinesses(db: Db, id: number): Promise<ImportBusinesses> {
  const created = await db('businesses').where({ created_import_id: id }).orderBy('id').limit(IMPORT_BUSINESSES_LIMIT).select('id', 'name', 'slug');
  const changed = await db('business_versions as v')
    .join('businesses as b', 'b.id', 'v.business_id')
    .where({ 'v.import_id': id, 'v.action': 'import' })
    .orderBy('v.id')
    .limit(IMPORT_BUSINESSES_LIMIT)
    .select('b.id', 'b.name', 'b.slug', 'v.after');
  return {
    created: created.map((r) => ({ id: Number(r.id), name: r.name, slug: r.slug })),
    changed: changed.map((r) => ({ id: Number(r.id), name: r.name, slug: r.slug, fields: Object.keys(r.after ?? {}).map((k) => k.replace(/_id$/, '')) })),
  };
}

/** When each of these imports started and when it was undone; ids no import has are left out. */
export async function importTimes(db: Db, ids: number[]): Promise<Array<{ id: number; startedAt: Date; undoneAt: Date | null }>> {
  const rows = (await db('imports').whereIn('id', ids).select('id', 'started_at', 'undone_at')) as Array<{ id: number; started_at: Date; undone_at: Date | null }>;
  return rows.map((r) => ({ id: r.id, startedAt: r.started_at, undoneAt: r.undone_at }));
}
