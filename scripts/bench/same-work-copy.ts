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

/** The job, run in a child process: seconds the businesses' COPY took, and how many rows it wrote. */
export async function sameWorkCopyJob({ dbUrl, adminUrl, file }: { dbUrl: string; adminUrl: string; file: string }): Promise<{ seconds: number; rows: number }> {
  const admin = createDb(adminUrl, { max: 1 });
  const source = createDb(dbUrl, { max: 1 });
  await admin.raw(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.raw(`CREATE DATABASE ${DATABASE} OWNER ??`, [decodeURIComponent(new URL(dbUrl).username)]);
  const fresh = createDb(withDatabase(dbUrl, DATABASE), { max: 1 });
  try {
    await migrateLatest(fresh);
    for (const table of ['countries', 'categories', 'cities']) {
      // Counted from zero, as a fresh import starts: the businesses' triggers add them up.
      const columns = await copyTable(source, fresh, table, file, (cs) => cs.map((c) => (c === 'business_count' ? '0' : c)).join(', '));
      await withConnection(fresh, (c) => pipeline(fs.createReadStream(file), c.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`))));
    }
    const columns = await copyTable(source, fresh, 'businesses', file);
    await fresh.raw('VACUUM ANALYZE');
    await fresh.raw('CHECKPOINT');
    const started = performance.now();
    await withConnection(fresh, (c) => pipeline(fs.createReadStream(file), c.query(copyFrom(`COPY businesses (${columns.join(', ')}) FROM STDIN`))));
    const seconds = (performance.now() - started) / 1000;
    const [{ n }] = (await fresh.raw('SELECT count(*)::int AS n FROM businesses')).rows;
    return { seconds, rows: n };
  } finally {
    fs.rmSync(file, { force: true });
    await fresh.destroy();
    await admin.raw(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.destroy();
    await source.destroy();
  }
}
