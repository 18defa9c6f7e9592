/**
 * Import figures of CONTRACT §9: a generated 1,000,000-row CSV imported fresh, again unchanged,
 * and with 10% changed, against plain COPY of the same file into a table with the same kind of
 * indexes and into an unindexed one; a 200,000-row XLSX import against exceljs merely reading it.
 * Every job runs in its own process (peak memory is its own).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { from as copyFrom } from 'pg-copy-streams';
import type pg from 'pg';
import { createDb } from '../../db/index.js';
import { importFileInWorker } from '../../data/import/import-worker.js';
import type { BenchContext } from './context.js';
import { CSV_HEADER, generatedLine, writeGeneratedCsv } from './generate.js';

const SELF = import.meta.url;

export async function run(ctx: BenchContext): Promise<void> {
  const rows = ctx.rows(1_000_000);
  const xlsxRows = ctx.rows(200_000);
  const csv = path.join(ctx.workDir, 'businesses.csv');
  const changed = path.join(ctx.workDir, 'businesses-10pct.csv');
  const xlsx = path.join(ctx.workDir, 'businesses.xlsx');
  await writeGeneratedCsv(csv, rows);
  await writeGeneratedCsv(changed, rows, { changedEvery: 10 });
  await ctx.child(SELF, 'writeXlsx', { file: xlsx, rows: xlsxRows });
  process.stdout.write(`generated ${rows.toLocaleString('en-US')}-row CSV (${mb(csv)} MB), ${xlsxRows.toLocaleString('en-US')}-row XLSX (${mb(xlsx)} MB)\n`);

  const unindexed = await ctx.child<Timed>(SELF, 'copyJob', { dbUrl: ctx.dbUrl, file: csv, indexed: false });
  const indexed = await ctx.child<Timed>(SELF, 'copyJob', { dbUrl: ctx.dbUrl, file: csv, indexed: true });
  const copyIdx = { name: 'COPY into indexed table', value: rate(rows, indexed.value.seconds) };
  const copyBare = { name: 'COPY into unindexed table', value: rate(rows, unindexed.value.seconds) };
  ctx.report({ ...copyBare, unit: 'rows/s', maxRssMb: unindexed.maxRssMb });
  ctx.report({ ...copyIdx, unit: 'rows/s', maxRssMb: indexed.maxRssMb });

  await reset(ctx.dbUrl);
  const fresh = await ctx.child<ImportTimed>(SELF, 'importJob', { dbUrl: ctx.dbUrl, file: csv });
  const freshRate = rate(rows, fresh.value.seconds);
  ctx.report({ name: 'CSV import, fresh (empty db)', value: freshRate, unit: 'rows/s', vs: copyIdx, maxRssMb: fresh.maxRssMb });
  ctx.report({ name: 'CSV import, fresh, vs unindexed COPY', value: freshRate, unit: 'rows/s', vs: copyBare });

  const same = await ctx.child<ImportTimed>(SELF, 'importJob', { dbUrl: ctx.dbUrl, file: csv });
  const sameRate = rate(rows, same.value.seconds);
  ctx.report({ name: 'CSV import, all unchanged', value: sameRate, unit: 'rows/s', vs: { name: 'fresh import', value: freshRate }, maxRssMb: same.maxRssMb });
  ctx.report({ name: 'WAL written by the unchanged re-import', value: same.value.walMb, unit: 'MB', vs: { name: 'fresh import', value: fresh.value.walMb } });

  const tenth = await ctx.child<ImportTimed>(SELF, 'importJob', { dbUrl: ctx.dbUrl, file: changed });
  ctx.report({ name: 'CSV import, 10% changed', value: rate(rows, tenth.value.seconds), unit: 'rows/s', vs: copyIdx, maxRssMb: tenth.maxRssMb });
  check(fresh.value, { imported: rows, updated: 0 });
  check(same.value, { imported: 0, updated: 0 });
  check(tenth.value, { imported: 0, updated: Math.ceil(rows / 10) });

  const bare = await ctx.child<Timed>(SELF, 'readXlsxJob', { file: xlsx });
  await reset(ctx.dbUrl);
  const xl = await ctx.child<ImportTimed>(SELF, 'importJob', { dbUrl: ctx.dbUrl, file: xlsx });
  const bareRead = { name: 'exceljs bare read', value: rate(xlsxRows, bare.value.seconds) };
  ctx.report({ ...bareRead, unit: 'rows/s', maxRssMb: bare.maxRssMb });
  ctx.report({ name: 'XLSX import, fresh', value: rate(xlsxRows, xl.value.seconds), unit: 'rows/s', vs: bareRead, maxRssMb: xl.maxRssMb });
  check(xl.value, { imported: xlsxRows, updated: 0 });
}

interface Timed {
  seconds: number;
}
interface ImportTimed extends Timed {
  imported: number;
  updated: number;
  skipped: number;
  walMb: number;
}

const rate = (rows: number, seconds: number) => rows / seconds;
const mb = (file: string) => Math.round(fs.statSync(file).size / (1024 * 1024));

function check(got: ImportTimed, want: { imported: number; updated: number }): void {
  if (got.imported !== want.imported || got.updated !== want.updated) {
    throw new Error(`bench import counts are wrong: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  }
}

async function reset(dbUrl: string): Promise<void> {
  const db = createDb(dbUrl, { max: 1 });
  await db.raw('TRUNCATE businesses, cities, categories, countries, imports RESTART IDENTITY CASCADE');
  await db.raw('CHECKPOINT');
  await db.destroy();
}

// ---- jobs, each run in a child process ----

export async function importJob({ dbUrl, file }: { dbUrl: string; file: string }): Promise<ImportTimed> {
  const db = createDb(dbUrl, { max: 4 });
  try {
    const lsn = async () => (await db.raw('SELECT pg_current_wal_lsn() AS l')).rows[0].l as string;
    const before = await lsn();
    const started = performance.now();
    // As `rehber import` runs it: in a worker thread with its own pool.
    const r = await importFileInWorker(dbUrl, file, { source: 'cli' });
    const seconds = (performance.now() - started) / 1000;
    const wal = (await db.raw('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), ?) AS d', [before])).rows[0].d;
    return { seconds, imported: r.imported, updated: r.updated, skipped: r.skipped, walMb: Math.round(Number(wal) / (1024 * 1024)) };
  } finally {
    await db.destroy();
  }
}

/**
 * The yardstick: COPY of the same CSV into a table with businesses' indexes (or none): one per
 * index of the migrations, on the matching CSV column, and a generated slug column for the slug ones.
 */
export async function copyJob({ dbUrl, file, indexed }: { dbUrl: string; file: string; indexed: boolean }): Promise<Timed> {
  const db = createDb(dbUrl, { max: 1 });
  const table = indexed ? 'bench_copy_indexed' : 'bench_copy_bare';
  const columns = CSV_HEADER.split(',');
  try {
    await db.raw(`DROP TABLE IF EXISTS ${table}`);
    await db.raw(`CREATE TABLE ${table} (id bigserial PRIMARY KEY, ${columns.map((c) => `${c} text`).join(', ')},
      created_at timestamptz NOT NULL DEFAULT now()
      ${indexed ? `, search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(about, ''))) STORED` : ''}
      ${indexed ? `, slug text GENERATED ALWAYS AS (lower(name) || '-' || place_id) STORED` : ''})`);
    if (indexed) {
      for (const sql of [
        `CREATE UNIQUE INDEX ON ${table} (place_id)`,
        `CREATE UNIQUE INDEX ON ${table} (lower(name), lower(full_address))`,
        `CREATE INDEX ON ${table} USING gin (search_vector)`,
        `CREATE INDEX ON ${table} USING gin (name gin_trgm_ops)`,
        `CREATE INDEX ON ${table} USING gin (full_address gin_trgm_ops)`,
        `CREATE INDEX ON ${table} (country)`,
        `CREATE INDEX ON ${table} (city, rating)`,
        `CREATE INDEX ON ${table} (category, rating)`,
        `CREATE INDEX ON ${table} (created_at DESC, id DESC)`,
        `CREATE INDEX ON ${table} (rating DESC, reviews DESC)`,
        // The slug and postal-code indexes of the 20261121B migrations (businesses.slug is unique).
        `CREATE UNIQUE INDEX ON ${table} (slug)`,
        `CREATE INDEX ON ${table} (slug text_pattern_ops)`,
        `CREATE INDEX ON ${table} USING gin (slug gin_trgm_ops)`,
        `CREATE INDEX ON ${table} (postal_code text_pattern_ops)`,
        // The listing indexes of migration 20261121I (every generated row is active).
        `CREATE INDEX ON ${table} (city, rating DESC, reviews DESC, id)`,
        `CREATE INDEX ON ${table} (category, rating DESC, reviews DESC, id)`,
      ]) await db.raw(sql);
    }
    await db.raw('CHECKPOINT');
    const conn = (await db.client.acquireConnection()) as pg.PoolClient;
    const started = performance.now();
    try {
      await pipeline(fs.createReadStream(file), conn.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv, HEADER true)`)));
    } finally {
      await db.client.releaseConnection(conn);
    }
    const seconds = (performance.now() - started) / 1000;
    await db.raw(`DROP TABLE ${table}`);
    return { seconds };
  } finally {
    await db.destroy();
  }
}

/** The XLSX yardstick: exceljs's streaming reader going through every row, doing nothing else. */
export async function readXlsxJob({ file }: { file: string }): Promise<Timed & { rows: number }> {
  const started = performance.now();
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit' });
  for await (const sheet of reader) for await (const _row of sheet) rows++;
  return { seconds: (performance.now() - started) / 1000, rows };
}

export async function writeXlsx({ file, rows }: { file: string; rows: number }): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('Businesses');
  ws.addRow(CSV_HEADER.split(',')).commit();
  for (let i = 0; i < rows; i++) ws.addRow(splitCsvLine(generatedLine(i))).commit();
  ws.commit();
  await wb.commit();
}

/** Our own generated lines only: quoted fields contain no newlines. */
function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}
