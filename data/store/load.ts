/**
 * The loader: batches of BusinessInputs go through COPY into a temporary staging table, then a
 * few set-based statements tell new, changed and unchanged rows apart and write only what
 * differs. One transaction per batch, committed as it goes: a killed import loses no committed
 * batch and leaves no half-written row, and re-running converges because identity_key is unique.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { connectionUrlOf, type Db } from '../../db/index.js';
import { type DimRef, ensureDims, newDimCache, rowCityKey } from './load-dims.js';
import { baseSlug, type EncodedBytes, encodeRow, STAGING_COLUMNS, STAGING_DDL, stagingBytes } from './load-copy.js';
import { dropIndexesIfEmpty, ensureBusinessIndexes } from './load-indexes.js';
import { newPacer, noPacing } from './load-pace.js';
import { insertNewRows } from './load-new-rows.js';
import { BATCH_SETTINGS_SQL, IMPORT_LOCK_SQL, INSERT_SQL, LOCK_BATCH_CITIES_SQL, type MergePlan, mergeSql, UNPLACED_SQL } from './load-sql.js';
import type { BusinessInput } from '../../domain/business-columns.js';
import type { ImportMode } from '../../domain/types.js';
import type { ChangeSample, ImportPreview } from '../../domain/types.js';
import { lastBusinessId, PREVIEW_SAMPLES, sampleNewBusinesses, sampleOverwrites } from './load-preview.js';
import { incompleteReason, type IncompleteRef, missingOf, splitIncomplete } from './load-incomplete.js';

/** How many changes a dry run shows. */
export const CHANGE_SAMPLES = 20;

/** A dry-run batch's counts, thrown to roll its transaction back. */
class DryRunBatch extends Error {
  constructor(readonly counts: BatchCounts) {
    super('dry run');
  }
}

/**
 * What this transaction's merges would change (its business_versions rows: created_at is the
 * transaction's start), as field → [before, after], city and category by name.
 */
async function sampleChanges(conn: pg.ClientBase, limit: number): Promise<ChangeSample[]> {
  const { rows } = await conn.query<{ name: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
    `SELECT b.name, v.before, v.after FROM business_versions v JOIN businesses b ON b.id = v.business_id
      WHERE v.created_at = now() AND v.action = 'import' ORDER BY v.id LIMIT $1`,
    [limit],
  );
  const ids = (table: 'city_id' | 'category_id') => rows.flatMap((r) => [r.before?.[table], r.after?.[table]]).filter((v): v is number => typeof v === 'number');
  const names = async (table: string, list: number[]) =>
    new Map((await conn.query<{ id: number; name: string }>(`SELECT id, name FROM ${table} WHERE id = ANY($1::int[])`, [list])).rows.map((r) => [r.id, r.name]));
  const cities = await names('cities', ids('city_id'));
  const categories = await names('categories', ids('category_id'));
  const show = (key: string, v: unknown) =>
    v === null || v === undefined ? null : key === 'city_id' ? (cities.get(v as number) ?? null) : key === 'category_id' ? (categories.get(v as number) ?? null) : typeof v === 'string' ? v : JSON.stringify(v);
  return rows.map((r) => ({
    business: r.name,
    fields: Object.keys({ ...r.before, ...r.after }).map((key) => ({
      field: key.replace(/_id$/, ''),
      before: show(key, r.before?.[key]),
      after: show(key, r.after?.[key]),
    })),
  }));
}

/** Rows per batch: big enough for COPY to shine, small enough to keep memory flat and commits frequent. */
export const BATCH_SIZE = 10_000;

export interface BatchCounts {
  imported: number;
  updated: number;
  /** Rows that changed nothing, these rejected ones included. */
  skipped: number;
  /** Rows that would have created a business without its name or address (load-incomplete.ts), when any. */
  rejected?: { error: string; cells?: string[] }[];
}

export interface LoaderOptions extends MergePlan {
  mode: ImportMode;
  /** The import the writes belong to: new businesses and versions carry it, so it can be undone. */
  importId?: number;
  /**
   * A preview: every batch runs exactly as it would, then rolls back. Nothing is written; the
   * counts are what the import would report (but for a business repeated across batches, counted
   * new in each) and `changes` samples what it would change.
   */
  dryRun?: boolean;
  /** Allow dropping and rebuilding the secondary indexes when the table starts empty (default true). */
  bulk?: boolean;
  /** Give way to a serving site (load-pace.ts): lower priority, and a pause after each batch while others use the database. */
  pace?: boolean;
}

/**
 * A row as a batch keeps it, from the moment it is read: its COPY text (as UTF-8 bytes) and content
 * hash (encoded once), its identity, what its slug comes from (and, in a bulk load, the slug) and
 * what find-or-create needs. The BusinessInput it came from is garbage at once: a batch of these
 * holds a few short strings per row instead of every field, which keeps the collector's work per
 * row small, and its COPY text outside the JavaScript heap.
 */
export interface PreparedRow extends EncodedBytes, DimRef, IncompleteRef, Pick<BusinessInput, 'identityKey' | 'name' | 'placeId'> {
  /** Set in a bulk load (every row is new): the slug it asks for. */
  slug: string | null;
  /** The file's cells, kept by a caller that reports a rejected row with them (only incomplete rows can be). */
  cells?: string[];
}

type BeforeCommit = (counts: BatchCounts, trx: Db) => Promise<void>;

export interface Loader {
  /** Whether the secondary indexes were dropped for a bulk load into an empty table. */
  readonly bulk: boolean;
  /** A dry run's sample of the changes it would make (the first CHANGE_SAMPLES). */
  readonly changes: ChangeSample[];
  /** A dry run's hand-edited values it would overwrite, and the first businesses it would create. */
  readonly preview: Pick<ImportPreview, 'overwrites' | 'newBusinesses'>;
  /** A row encoded for this loader: a caller that prepares each row as it reads it keeps less alive per batch. */
  prepare(row: BusinessInput): PreparedRow;
  /**
   * Loads one batch of prepared rows in one transaction, written after every earlier batch, so a
   * caller may hand over the next batch while this one is still writing. `beforeCommit` runs
   * inside it with the batch's counts, so whatever it writes (the import record's live counts)
   * commits with the rows, or not at all.
   */
  loadPrepared(rows: PreparedRow[], beforeCommit?: BeforeCommit): Promise<BatchCounts>;
  /** loadPrepared of these rows, each prepared now. */
  load(rows: BusinessInput[], beforeCommit?: BeforeCommit): Promise<BatchCounts>;
  /** Rebuilds dropped indexes; always call it, also after a failure. */
  close(): Promise<void>;
}

const BULK_LOCK = `hashtext('rehber:bulk')`;

/**
 * Recreates the indexes and keys a killed bulk load left dropped, unless a bulk load is running
 * right now (it rebuilds them itself when it ends). For server start-up.
 */
export async function repairIndexesUnlessBulkLoading(db: Db): Promise<void> {
  const lease = (await db.client.acquireConnection()) as pg.PoolClient;
  try {
    const { rows } = await lease.query(`SELECT pg_try_advisory_lock(${BULK_LOCK}) AS ok`);
    if (!rows[0].ok) return;
    try {
      await ensureBusinessIndexes(db);
    } finally {
      await lease.query(`SELECT pg_advisory_unlock(${BULK_LOCK})`);
    }
  } finally {
    await db.client.releaseConnection(lease);
  }
}

export async function openLoader(db: Db, options: LoaderOptions): Promise<Loader> {
  const upsert = options.mode === 'upsert';
  // A session-level lock marks the one import allowed to drop indexes; it lives on a leased connection.
  const lease = (await db.client.acquireConnection()) as pg.PoolClient;
  let bulk = false;
  try {
    const { rows } = await lease.query(`SELECT pg_try_advisory_lock(${BULK_LOCK}) AS ok`);
    if (rows[0].ok) {
      // Nobody is bulk-loading: indexes a killed bulk load left dropped come back now.
      await ensureBusinessIndexes(db);
      if (options.bulk !== false && !options.dryRun) bulk = await dropIndexesIfEmpty(db);
      if (!bulk) await lease.query(`SELECT pg_advisory_unlock(${BULK_LOCK})`);
    }
  } catch (err) {
    await db.client.releaseConnection(lease);
    throw err;
  }
  if (!bulk) await db.client.releaseConnection(lease);

  let dims = newDimCache();
  const pacer = options.pace ? newPacer(new URL(connectionUrlOf(db)).hostname) : noPacing;
  const changes: ChangeSample[] = [];
  const preview: Loader['preview'] = { overwrites: { count: 0, examples: [] }, newBusinesses: [] };
  const mergeStatement = mergeSql(options);
  const signature = `${options.fields ? [...options.fields].sort().join(',') : '*'}|${options.clearEmpty ? 'clear-empty' : 'keep-empty'}`;
  const nextSuffix = new Map<string, number>();
  // Batches write one after another; a batch after a failed one fails too.
  let turn: Promise<unknown> = Promise.resolve();

  /**
   * The fast lane for new rows (load-new-rows.ts) takes the rows whose identity is not stored (rowsToWrite asked)
   * and whose slug nobody holds, each once in the batch: their positions in `keys`.
   */
  const newWithFreeSlugs = async (conn: pg.ClientBase, keys: string[], wanted: string[], known: ReadonlyMap<string, unknown>): Promise<number[]> => {
    const keyCount = new Map<string, number>();
    for (const k of keys) keyCount.set(k, (keyCount.get(k) ?? 0) + 1);
    const slugCount = new Map<string, number>();
    for (const s of wanted) slugCount.set(s, (slugCount.get(s) ?? 0) + 1);
    const fresh: number[] = [];
    for (let j = 0; j < keys.length; j++) if (!known.has(keys[j]) && keyCount.get(keys[j]) === 1 && slugCount.get(wanted[j]) === 1) fresh.push(j);
    if (!fresh.length) return [];
    const { rows: taken } = await conn.query<{ slug: string }>('SELECT slug FROM businesses WHERE slug = ANY($1::text[])', [fresh.map((j) => wanted[j])]);
    const held = new Set(taken.map((r) => r.slug));
    return fresh.filter((j) => !held.has(wanted[j]));
  };

  const write = async (rows: PreparedRow[], beforeCommit?: BeforeCommit): Promise<BatchCounts> => {
    const counts = await db.transaction(async (trx) => {
      const conn = (await trx.client.acquireConnection()) as pg.PoolClient;
      await pacer.started(conn);
      await conn.query(BATCH_SETTINGS_SQL);
      await conn.query(IMPORT_LOCK_SQL);
      const candidates = await rowsToWrite(conn, upsert, rows);
      const known = candidates.known;
      const { first: todo, then, refused } = splitIncomplete(rows, candidates.todo, known, upsert);
      const batch: BatchCounts = { imported: 0, updated: 0, skipped: rows.length - todo.length - then.length };
      const lastId = options.dryRun && preview.newBusinesses.length < PREVIEW_SAMPLES ? await lastBusinessId(conn) : null;
      if (refused.length) batch.rejected = refused.map((i) => ({ error: incompleteReason(rows[i]), cells: rows[i].cells }));
      if (todo.length) {
        await ensureDims(conn, dims, [...todo, ...then].map((i) => rows[i]));
        const slugOf = (i: number) => rows[i].slug ?? baseSlug(rows[i]);
        const cityId = (r: PreparedRow) => (r.city ? (dims.cities.get(rowCityKey(r)!) ?? null) : null);
        const categoryId = (r: PreparedRow) => (r.category ? (dims.categories.get(r.category.toLowerCase()) ?? null) : null);
        const stagingText = (list: number[]) =>
          stagingBytes(
            list.map((i) => {
              const city = cityId(rows[i]);
              return { ord: i, row: rows[i], slug: slugOf(i), categoryId: categoryId(rows[i]), cityId: city, offsets: city === null ? null : (dims.offsets.get(city) ?? null) };
            }),
          );
        const written = [...todo, ...then];
        await conn.query(LOCK_BATCH_CITIES_SQL, [
          [...new Set(written.map((i) => cityId(rows[i])).filter((id) => id !== null))],
          written.map((i) => rows[i].identityKey).filter((k) => known.has(k)),
        ]);
        let rest = todo;
        {
          const keys = todo.map((i) => rows[i].identityKey);
          const picked = (await newWithFreeSlugs(conn, keys, todo.map(slugOf), known)).map((j) => todo[j]);
          const insertedDirectly = picked.length > 0 && (await insertNewRows(conn, stagingText(picked), options.importId ?? null, dims.offsets));
          if (insertedDirectly) {
            batch.imported += picked.length;
            const done = new Set(picked);
            rest = todo.filter((i) => !done.has(i));
          }
        }
        let staged = false;
        const merge = async (list: number[]) => {
          await conn.query(staged ? 'TRUNCATE import_staging' : STAGING_DDL);
          staged = true;
          const text = stagingText(list);
          await pipeline(Readable.from([text]), conn.query(copyFrom(`COPY import_staging (${STAGING_COLUMNS.join(', ')}) FROM STDIN`)));
          const c = (await conn.query(mergeStatement, [upsert, options.importId ?? null])).rows[0] as { total: number; imported: number; updated: number; inserted: number };
          // New businesses whose slug was taken are still to place.
          if (c.inserted < c.imported) await placeClashing(conn, upsert, nextSuffix, options.importId ?? null);
          batch.imported += c.imported;
          batch.updated += c.updated;
          batch.skipped += c.total - c.imported - c.updated;
        };
        if (rest.length) await merge(rest);
        // Their businesses exist now (made by the rows above), so these only update them.
        if (then.length) await merge(then);
      }
      if (options.dryRun) {
        if (changes.length < CHANGE_SAMPLES) changes.push(...(await sampleChanges(conn, CHANGE_SAMPLES - changes.length)));
        if (lastId !== null) preview.newBusinesses.push(...(await sampleNewBusinesses(conn, lastId, PREVIEW_SAMPLES - preview.newBusinesses.length)));
        const overwrites = await sampleOverwrites(conn, PREVIEW_SAMPLES - preview.overwrites.examples.length);
        preview.overwrites.count += overwrites.count;
        preview.overwrites.examples.push(...overwrites.examples);
        throw new DryRunBatch(batch);
      }
      await beforeCommit?.(batch, trx);
      await pacer.finished(conn);
      return batch;
    }).catch((err: unknown) => {
      if (!(err instanceof DryRunBatch)) throw err;
      // Rolled back: the cities and categories it made are gone, so the next batch looks again.
      dims = newDimCache();
      return err.counts;
    });
    return counts;
  };

  const prepare = (row: BusinessInput): PreparedRow => {
    const { body, hash, week } = encodeRow(row, signature);
    const { identityKey, name, placeId, category, city, state, country, countryCode, cityPlace, rowNumber } = row;
    const missing = missingOf(name, row.address);
    // A bulk load's rows are all new: their slugs now, off the write's path. Otherwise only the
    // rows that turn out to need writing get one.
    const slug = bulk && missing === null ? baseSlug(row) : null;
    return { bytes: Buffer.from(body), hash, week, identityKey, name, placeId, category, city, state, country, countryCode, cityPlace, slug, rowNumber, missing };
  };
  const loadPrepared = (rows: PreparedRow[], beforeCommit?: BeforeCommit): Promise<BatchCounts> => {
    if (!rows.length) return Promise.resolve({ imported: 0, updated: 0, skipped: 0 });
    const mine = turn.then(() => pacer.pause()).then(() => write(rows, beforeCommit));
    turn = mine;
    return mine;
  };

  return {
    bulk,
    changes,
    preview,
    prepare,
    loadPrepared,
    load: (rows, beforeCommit) => loadPrepared(rows.map(prepare), beforeCommit),
    async close() {
      await turn.catch(() => {});
      try {
        if (bulk) {
          await ensureBusinessIndexes(db);
          // Vacuumed, not only analyzed: a new table's pages are not all-visible, so every list's
          // index-only walk would read its rows' pages until autovacuum came (docs/operations.md).
          await db.raw('VACUUM (ANALYZE) businesses');
        }
      } finally {
        if (bulk) {
          await lease.query(`SELECT pg_advisory_unlock(${BULK_LOCK})`).catch(() => {});
          await db.client.releaseConnection(lease);
        }
      }
    },
  };
}

/**
 * The positions of the rows that may change something. A row whose business exists is skipped
 * without going through staging when that is all importing it could do: always in insert mode; in
 * upsert mode when its content hash is the stored one and no other row of the batch has its
 * identity (the repeats are left to mergeSql, which orders them). Runs under the import lock, so
 * no other import moves a hash in between; an unchanged re-import then sends only identity keys.
 * Also returns what it found stored (identity key → content hash).
 */
async function rowsToWrite(
  conn: pg.ClientBase,
  upsert: boolean,
  rows: PreparedRow[],
): Promise<{ todo: number[]; known: Map<string, string | null> }> {
  const { rows: known } = await conn.query<{ identity_key: string; content_hash: string | null }>(
    'SELECT identity_key, content_hash FROM businesses WHERE identity_key = ANY($1::text[])',
    [rows.map((r) => r.identityKey)],
  );
  const stored = new Map(known.map((k) => [k.identity_key, k.content_hash]));
  if (!known.length) return { todo: rows.map((_, i) => i), known: stored };
  const seen = new Map<string, number>();
  for (const r of rows) seen.set(r.identityKey, (seen.get(r.identityKey) ?? 0) + 1);
  const todo: number[] = [];
  rows.forEach((r, i) => {
    const hash = stored.get(r.identityKey);
    const skip = hash !== undefined && (!upsert || (hash === r.hash && seen.get(r.identityKey) === 1));
    if (!skip) todo.push(i);
  });
  return { todo, known: stored };
}

/**
 * New businesses whose slug was taken get `-2`, `-3`...: probe a window of candidates per base in
 * one query, widen it when it runs out. `nextSuffix` remembers where each base got to.
 */
async function placeClashing(conn: pg.ClientBase, upsert: boolean, nextSuffix: Map<string, number>, importId: number | null): Promise<void> {
  for (let round = 0; round < 64; round++) {
    const { rows } = await conn.query<{ identity_key: string; base_slug: string; ord: number }>(UNPLACED_SQL);
    if (!rows.length) return;
    rows.sort((a, b) => a.ord - b.ord);
    const byBase = new Map<string, string[]>();
    for (const r of rows) byBase.set(r.base_slug, [...(byBase.get(r.base_slug) ?? []), r.identity_key]);
    const windows = [...byBase].map(([base, keys]) => {
      const from = nextSuffix.get(base) ?? 2;
      const width = keys.length * 2 + 8 * (round + 1);
      return { base, keys, candidates: Array.from({ length: width }, (_, i) => `${base}-${from + i}`), from };
    });
    const all = windows.flatMap((w) => w.candidates);
    const { rows: takenRows } = await conn.query<{ slug: string }>('SELECT slug FROM businesses WHERE slug = ANY($1)', [all]);
    const taken = new Set(takenRows.map((r) => r.slug));
    const keys: string[] = [];
    const slugs: string[] = [];
    for (const w of windows) {
      const free = w.candidates.filter((c) => !taken.has(c));
      w.keys.slice(0, free.length).forEach((k, i) => {
        keys.push(k);
        slugs.push(free[i]);
      });
      const used = free.length >= w.keys.length ? w.candidates.indexOf(free[w.keys.length - 1]) + 1 : w.candidates.length;
      nextSuffix.set(w.base, w.from + used);
    }
    if (keys.length) await conn.query(INSERT_SQL, [upsert, keys, slugs, importId]);
  }
  throw new Error('Could not find free slugs for every new business');
}
