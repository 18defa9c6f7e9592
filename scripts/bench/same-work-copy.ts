/**
 * The same-work COPY yardstick of a fresh import: the rows an import just stored, COPYed straight
 * into a fresh rehber schema (a database of its own, migrated: every index, key and trigger of
 * businesses in place, the search document and words left to the triggers as a plain insert
 * leaves them). Unlike COPY into a table of plain columns, it pays what rehber's schema costs
 * for search and undo, so an import at 1× of it is at the limit its schema sets.
 * The places (countries, categories, cities) go in first, untimed, with the ids the rows name.
 */
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type pg from 'pg';
import { createDb, type Db } from '../../db/index.js';
import { migrateLatest } from '../../db/migrate.js';
import { withDatabase } from '../../db/test-db.js';

const DATABASE = 'rehber_bench_same_work';

/** Columns COPY may write: not generated; the search document is the triggers'. */
async function writableColumns(db: Db, table: string): Promise<string[]> {
  const rows = (await db.raw(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = ? AND is_generated = 'NEVER' AND column_name <> 'search_vector'
      ORDER BY ordinal_position`,
    [table],
  )).rows as Array<{ column_name: string }>;
  return rows.map((r) => r.column_name);
}

async function withConnection<T>(db: Db, work: (conn: pg.PoolClient) => Promise<T>): Promise<T> {
  const conn = (await db.client.acquireConnection()) as pg.PoolClient;
  try {
    return await work(conn);
  } finally {
    await db.client.releaseConnection(conn);
  }
}

/** Copies `table` (its writable columns) from `from` to `to` through a file. */
async function copyTable(from: Db, to: Db, table: string, file: string, select = (columns: string[]) => columns.join(', ')): Promise<string[]> {
  const columns = await writableColumns(to, table);
  await withConnection(from, (c) => pipeline(c.query(copyTo(`COPY (SELECT ${select(columns)} FROM ${table} ORDER BY id) TO STDOUT`)), fs.createWriteStream(file)));
  return columns;
}

/**
 * What a fresh rehber schema holds on businesses that the parts bench may take away, one at a
 * time: the indexes (the slug's unique one among them) but those of a constraint, the unique keys
 * but the primary key (other tables reference it), the foreign keys and the triggers an INSERT
 * fires.
 */
async function removableParts(db: Db): Promise<Array<{ name: string; kind: 'index' | 'constraint' | 'trigger' }>> {
  const { rows } = await db.raw(`
    SELECT c.relname AS name, 'index' AS kind
      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid = 'businesses'::regclass AND NOT i.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conrelid = i.indrelid AND k.conindid = i.indexrelid)
    UNION ALL
    SELECT conname, 'constraint' FROM pg_constraint WHERE conrelid = 'businesses'::regclass AND contype IN ('u', 'f')
    UNION ALL
    SELECT tgname, 'trigger' FROM pg_trigger
     WHERE tgrelid = 'businesses'::regclass AND NOT tgisinternal AND tgtype & 4 <> 0
    ORDER BY 2, 1`);
  return rows;
}

const DOCUMENT_TRIGGER = 'businesses_search_document';

/** A database of its own, migrated, with the places the stored rows name (ids kept, counts from zero). */
async function freshSchema(source: Db, admin: Db, dbUrl: string, file: string): Promise<Db> {
  await admin.raw(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.raw(`CREATE DATABASE ${DATABASE} OWNER ??`, [decodeURIComponent(new URL(dbUrl).username)]);
  const fresh = createDb(withDatabase(dbUrl, DATABASE), { max: 1 });
  await migrateLatest(fresh);
  for (const table of ['countries', 'categories', 'cities']) {
    // Counted from zero, as a fresh import starts: the businesses' triggers add them up.
    const columns = await copyTable(source, fresh, table, file, (cs) => cs.map((c) => (c === 'business_count' ? '0' : c)).join(', '));
    await withConnection(fresh, (c) => pipeline(fs.createReadStream(file), c.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`))));
  }
  return fresh;
}

async function copyBusinesses(fresh: Db, file: string, columns: string[]): Promise<void> {
  await withConnection(fresh, (c) => pipeline(fs.createReadStream(file), c.query(copyFrom(`COPY businesses (${columns.join(', ')}) FROM STDIN`))));
}

/** Runs `job` on a fresh rehber schema beside the source database, then drops it and the file. */
async function inFreshSchema<T>({ dbUrl, adminUrl, file }: { dbUrl: string; adminUrl: string; file: string }, job: (fresh: Db, source: Db) => Promise<T>): Promise<T> {
  const admin = createDb(adminUrl, { max: 1 });
  const source = createDb(dbUrl, { max: 1 });
  const fresh = await freshSchema(source, admin, dbUrl, file);
  try {
    return await job(fresh, source);
  } finally {
    fs.rmSync(file, { force: true });
    await fresh.destroy();
    await admin.raw(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.destroy();
    await source.destroy();
  }
}

/** The parts removableParts finds, by name (run in a child: it needs a fresh schema). */
export async function removablePartsJob({ dbUrl, adminUrl, file }: { dbUrl: string; adminUrl: string; file: string }): Promise<string[]> {
  return inFreshSchema({ dbUrl, adminUrl, file }, async (fresh) => (await removableParts(fresh)).map((p) => p.name));
}

/**
 * The job, run in a child process: seconds the businesses' COPY took, and how many rows it wrote.
 * `without` names parts (removableParts) taken away before the COPY: an index or key dropped, a
 * trigger disabled. Without the document trigger the stored documents are COPYed with the rows,
 * so the search indexes still index the same words.
 */
export async function sameWorkCopyJob({ dbUrl, adminUrl, file, without = [] }: { dbUrl: string; adminUrl: string; file: string; without?: string[] }): Promise<{ seconds: number; rows: number }> {
  return inFreshSchema({ dbUrl, adminUrl, file }, async (fresh, source) => {
    const parts = await removableParts(fresh);
    for (const name of without) {
      const part = parts.find((p) => p.name === name);
      if (!part) throw new Error(`businesses has no removable part ${name}`);
      if (part.kind === 'index') await fresh.raw('DROP INDEX ??', [name]);
      else if (part.kind === 'constraint') await fresh.raw('ALTER TABLE businesses DROP CONSTRAINT ??', [name]);
      else await fresh.raw('ALTER TABLE businesses DISABLE TRIGGER ??', [name]);
    }
    const given = without.includes(DOCUMENT_TRIGGER);
    const columns = await copyTable(source, fresh, 'businesses', file, (cs) => [...cs, ...(given ? ['search_vector'] : [])].join(', '));
    if (given) columns.push('search_vector');
    await fresh.raw('VACUUM ANALYZE');
    await fresh.raw('CHECKPOINT');
    const started = performance.now();
    await copyBusinesses(fresh, file, columns);
    const seconds = (performance.now() - started) / 1000;
    const [{ n }] = (await fresh.raw('SELECT count(*)::int AS n FROM businesses')).rows;
    return { seconds, rows: n };
  });
}

/**
 * What a fresh import pays for each non-unique index and foreign key: it loads without them and
 * builds them once at the end. The stored rows COPYed into a fresh schema without them, then each
 * built alone (as the import builds them: 256 MB of maintenance memory), timed.
 */
export async function indexBuildsJob({ dbUrl, adminUrl, file }: { dbUrl: string; adminUrl: string; file: string }): Promise<Array<{ name: string; seconds: number }>> {
  return inFreshSchema({ dbUrl, adminUrl, file }, async (fresh, source) => {
    const { rows: dropped } = await fresh.raw(`
      SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition, false AS key
        FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE i.indrelid = 'businesses'::regclass AND NOT i.indisunique AND NOT i.indisprimary
      UNION ALL
      SELECT conname, 'ALTER TABLE businesses ADD CONSTRAINT ' || quote_ident(conname) || ' ' || pg_get_constraintdef(oid), true
        FROM pg_constraint WHERE conrelid = 'businesses'::regclass AND contype = 'f'`);
    for (const d of dropped as Array<{ name: string; key: boolean }>) {
      await fresh.raw(d.key ? 'ALTER TABLE businesses DROP CONSTRAINT ??' : 'DROP INDEX ??', [d.name]);
    }
    await copyBusinesses(fresh, file, await copyTable(source, fresh, 'businesses', file));
    await fresh.raw('VACUUM ANALYZE');
    const builds: Array<{ name: string; seconds: number }> = [];
    for (const d of dropped as Array<{ name: string; definition: string }>) {
      await fresh.raw('CHECKPOINT');
      const started = performance.now();
      await fresh.transaction(async (trx) => {
        await trx.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
        await trx.raw(d.definition);
      });
      builds.push({ name: d.name, seconds: (performance.now() - started) / 1000 });
    }
    return builds;
  });
}
