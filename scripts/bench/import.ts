/**
 * Import figures: a generated 1,000,000-row CSV imported fresh, again
 * unchanged, and with 10% changed, against plain COPY of the same file into a table with the same
 * columns and five indexes (primary key, unique slug, unique place_id, btree on country, trigram
 * on name), with one index per index of businesses, and with none, and against the same rows
 * COPYed into a fresh rehber schema (same-work-copy.ts, also beside `rehber import`), and against
 * pgloader loading the file into the five-index table where pgloader is installed; 100,000 new
 * rows appended to that million against COPY of the same rows into businesses itself; a
 * 200,000-row XLSX import against exceljs merely reading it.
 * Every job runs in its own process (peak memory is its own).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type pg from 'pg';
import { createDb, type Db } from '../../db/index.js';
import { importFileInWorker } from '../../data/import/import-worker.js';
import type { BenchContext } from './context.js';
import { CSV_HEADER, generatedLine, writeGeneratedCsv } from './generate.js';
import { cliImport } from './cli-import.js';

const SELF = import.meta.url;
const SAME_WORK = new URL('./same-work-copy.js', import.meta.url).href;

/**
 * BENCH_IMPORT_FRESH_ONLY=1: the fresh CSV import and its yardsticks that load the same rows (the
 * five-index COPY, the same-work COPY, pgloader) and nothing else, for a before/after pair of a
 * change to what an import stores, in a third of the whole module's time.
 */
async function runFresh(ctx: BenchContext): Promise<void> {
  const rows = ctx.rows(1_000_000);
  const csv = path.join(ctx.workDir, 'businesses.csv');
  await writeGeneratedCsv(csv, rows);
  const five = await ctx.child<Timed>(SELF, 'copyJob', { dbUrl: ctx.dbUrl, file: csv, table: 'five' });
  const copyFive = { name: 'COPY into five-index table', value: rate(rows, five.value.seconds) };
  ctx.report({ ...copyFive, unit: 'rows/s', maxRssMb: five.maxRssMb });
  await reset(ctx.dbUrl);
  const fresh = await ctx.child<ImportTimed>(SELF, 'importJob', { dbUrl: ctx.dbUrl, file: csv });
  check(fresh.value, { imported: rows, updated: 0 });
  const freshRate = rate(rows, fresh.value.seconds);
  ctx.report({ name: 'CSV import, fresh (empty db)', value: freshRate, unit: 'rows/s', vs: copyFive, maxRssMb: fresh.maxRssMb });
  const sameWork = await ctx.child<Timed & { rows: number }>(SAME_WORK, 'sameWorkCopyJob', { dbUrl: ctx.dbUrl, adminUrl: ctx.adminUrl, file: path.join(ctx.workDir, 'same-work.tsv') });
  if (sameWork.value.rows !== rows) throw new Error(`same-work COPY wrote ${sameWork.value.rows} of ${rows} rows`);
  const copySameWork = { name: 'COPY of the same rows into a fresh rehber schema', value: rate(rows, sameWork.value.seconds) };
  ctx.report({ ...copySameWork, unit: 'rows/s', maxRssMb: sameWork.maxRssMb });
  ctx.report({ name: 'CSV import, fresh, vs the same-work COPY', value: freshRate, unit: 'rows/s', vs: copySameWork });
  if (!hasPgloader()) return void process.stdout.write('pgloader is not installed: no pgloader yardstick\n');
  const pgloader = await ctx.child<Timed & { rows: number }>(SELF, 'pgloaderJob', { dbUrl: ctx.dbUrl, file: csv, workDir: ctx.workDir });
  if (pgloader.value.rows !== rows) throw new Error(`pgloader wrote ${pgloader.value.rows} of ${rows} rows`);
  const pgloaderRate = { name: 'pgloader into the five-index table', value: rate(rows, pgloader.value.seconds) };
  ctx.report({ ...pgloaderRate, unit: 'rows/s' });
  ctx.report({ name: 'CSV import, fresh, vs pgloader', value: freshRate, unit: 'rows/s', vs: pgloaderRate });
}

/**
 * The XLSX import beside its two yardsticks: exceljs merely reading the file, and a fresh import of
 * the same rows from a CSV (the figure an XLSX is judged by: the same loader, only the reading
 * differs). BENCH_IMPORT_XLSX_ONLY=1 runs this alone.
 */
async function xlsxFigures(ctx: BenchContext, xlsx: string, xlsxRows: number): Promise<ImportTimed> {
  const bare = await ctx.child<Timed>(SELF, 'readXlsxJob', { file: xlsx });
  const bareRead = { name: 'exceljs bare read', value: rate(xlsxRows, bare.value.seconds) };
  ctx.report({ ...bareRead, unit: 'rows/s', maxRssMb: bare.maxRssMb });
  const sameRows = path.join(ctx.workDir, 'businesses-xlsx-rows.csv');
  await writeGeneratedCsv(sameRows, xlsxRows);
  await reset(ctx.dbUrl);
  const csv = await ctx.child<ImportTimed>(SELF, 'importJob', { dbUrl: ctx.dbUrl, file: sameRows });
  check(csv.value, { imported: xlsxRows, updated: 0 });
  await reset(ctx.dbUrl);
  const xl = await ctx.child<ImportTimed>(SELF, 'importJob', { dbUrl: ctx.dbUrl, file: xlsx });
  check(xl.value, { imported: xlsxRows, updated: 0 });
  const xlRate = rate(xlsxRows, xl.value.seconds);
  ctx.report({ name: 'XLSX import, fresh', value: xlRate, unit: 'rows/s', vs: bareRead, maxRssMb: xl.maxRssMb });
  const csvRate = { name: `CSV import of the same ${xlsxRows.toLocaleString('en-US')} rows, fresh`, value: rate(xlsxRows, csv.value.seconds) };
  ctx.report({ ...csvRate, unit: 'rows/s', maxRssMb: csv.maxRssMb });
  ctx.report({ name: 'XLSX import, fresh, vs the CSV import of the same rows', value: xlRate, unit: 'rows/s', vs: csvRate });
  return xl.value;
}

async function runXlsx(ctx: BenchContext): Promise<void> {
  const xlsxRows = ctx.rows(200_000);
  const xlsx = path.join(ctx.workDir, 'businesses.xlsx');
  await ctx.child(SELF, 'writeXlsx', { file: xlsx, rows: xlsxRows });
  await xlsxFigures(ctx, xlsx, xlsxRows);
}

export async function run(ctx: BenchContext): Promise<void> {
  if (process.env.BENCH_IMPORT_FRESH_ONLY === '1') return runFresh(ctx);
  if (process.env.BENCH_IMPORT_XLSX_ONLY === '1') return runXlsx(ctx);
  const rows = ctx.rows(1_000_000);
  const xlsxRows = ctx.rows(200_000);
  const csv = path.join(ctx.workDir, 'businesses.csv');
  const changed = path.join(ctx.workDir, 'businesses-10pct.csv');
  const xlsx = path.join(ctx.workDir, 'businesses.xlsx');
  await writeGeneratedCsv(csv, rows);
  await writeGeneratedCsv(changed, rows, { changedEvery: 10 });
  await ctx.child(SELF, 'writeXlsx', { file: xlsx, rows: xlsxRows });
  process.stdout.write(`generated ${rows.toLocaleString('en-US')}-row CSV (${mb(csv)} MB), ${xlsxRows.toLocaleString('en-US')}-row XLSX (${mb(xlsx)} MB)\n`);

  const unindexed = await ctx.child<Timed>(SELF, 'copyJob', { dbUrl: ctx.dbUrl, file: csv, table: 'bare' });
  const five = await ctx.child<Timed>(SELF, 'copyJob', { dbUrl: ctx.dbUrl, file: csv, table: 'five' });
  const indexed = await ctx.child<Timed>(SELF, 'copyJob', { dbUrl: ctx.dbUrl, file: csv, table: 'indexed' });
  const copyBare = { name: 'COPY into unindexed table', value: rate(rows, unindexed.value.seconds) };
  const copyFive = { name: 'COPY into five-index table', value: rate(rows, five.value.seconds) };
  const copyIdx = { name: 'COPY into indexed table', value: rate(rows, indexed.value.seconds) };
  ctx.report({ ...copyBare, unit: 'rows/s', maxRssMb: unindexed.maxRssMb });
  ctx.report({ ...copyFive, unit: 'rows/s', maxRssMb: five.maxRssMb });
  ctx.report({ ...copyIdx, unit: 'rows/s', maxRssMb: indexed.maxRssMb });

  await reset(ctx.dbUrl);
  const fresh = await ctx.child<ImportTimed>(SELF, 'importJob', { dbUrl: ctx.dbUrl, file: csv });
  const freshRate = rate(rows, fresh.value.seconds);
  ctx.report({ name: 'CSV import, fresh (empty db)', value: freshRate, unit: 'rows/s', vs: copyFive, maxRssMb: fresh.maxRssMb });
  ctx.report({ name: 'CSV import, fresh, vs COPY with businesses\' indexes', value: freshRate, unit: 'rows/s', vs: copyIdx });
  ctx.report({ name: 'CSV import, fresh, vs unindexed COPY', value: freshRate, unit: 'rows/s', vs: copyBare });
  const pgloader = hasPgloader() ? await ctx.child<Timed & { rows: number }>(SELF, 'pgloaderJob', { dbUrl: ctx.dbUrl, file: csv, workDir: ctx.workDir }) : null;
  const pgloaderRate = pgloader && { name: 'pgloader into the five-index table', value: rate(rows, pgloader.value.seconds) };
  if (pgloader && pgloader.value.rows !== rows) throw new Error(`pgloader wrote ${pgloader.value.rows} of ${rows} rows`);
  if (pgloaderRate) {
    ctx.report({ ...pgloaderRate, unit: 'rows/s' });
    ctx.report({ name: 'CSV import, fresh, vs pgloader', value: freshRate, unit: 'rows/s', vs: pgloaderRate });
  } else process.stdout.write('pgloader is not installed: no pgloader yardstick\n');
  // The yardstick that does the same work: the rows just stored, COPYed into a fresh rehber schema.
  const sameWork = await ctx.child<Timed & { rows: number }>(SAME_WORK, 'sameWorkCopyJob', { dbUrl: ctx.dbUrl, adminUrl: ctx.adminUrl, file: path.join(ctx.workDir, 'same-work.tsv') });
  if (sameWork.value.rows !== rows) throw new Error(`same-work COPY wrote ${sameWork.value.rows} of ${rows} rows`);
  const copySameWork = { name: 'COPY of the same rows into a fresh rehber schema', value: rate(rows, sameWork.value.seconds) };
  ctx.report({ ...copySameWork, unit: 'rows/s', maxRssMb: sameWork.maxRssMb });
  ctx.report({ name: 'CSV import, fresh, vs the same-work COPY', value: freshRate, unit: 'rows/s', vs: copySameWork });

  const same = await ctx.child<ImportTimed>(SELF, 'importJob', { dbUrl: ctx.dbUrl, file: csv });
  const sameRate = rate(rows, same.value.seconds);
  ctx.report({ name: 'CSV import, all unchanged', value: sameRate, unit: 'rows/s', vs: { name: 'fresh import', value: freshRate }, maxRssMb: same.maxRssMb });
  ctx.report({ name: 'WAL written by the unchanged re-import', value: same.value.walMb, unit: 'MB', vs: { name: 'fresh import', value: fresh.value.walMb } });

  const tenth = await ctx.child<ImportTimed>(SELF, 'importJob', { dbUrl: ctx.dbUrl, file: changed });
  ctx.report({ name: 'CSV import, 10% changed', value: rate(rows, tenth.value.seconds), unit: 'rows/s', vs: copyIdx, maxRssMb: tenth.maxRssMb });
  check(fresh.value, { imported: rows, updated: 0 });
  check(same.value, { imported: 0, updated: 0 });
  check(tenth.value, { imported: 0, updated: Math.ceil(rows / 10) });

  // Append: new businesses into a full table (no bulk mode, every index kept up row by row),
  // against COPY of exactly those rows, as stored, into businesses itself.
  const appendRows = ctx.rows(100_000);
  const appended = path.join(ctx.workDir, 'businesses-append.csv');
  await writeGeneratedCsv(appended, appendRows, { from: rows });
  const afterId = await maxBusinessId(ctx.dbUrl);
  // From the state its yardstick starts from: the 10% import's dead rows vacuumed, a checkpoint.
  await settle(ctx.dbUrl);
  const append = await ctx.child<ImportTimed>(SELF, 'importJob', { dbUrl: ctx.dbUrl, file: appended });
  check(append.value, { imported: appendRows, updated: 0 });
  const appendCopy = await ctx.child<Timed>(SELF, 'appendCopyJob', { dbUrl: ctx.dbUrl, afterId, file: path.join(ctx.workDir, 'append-copy.tsv') });
  const appendCopyRate = { name: `COPY of the same rows into businesses (${rows.toLocaleString('en-US')} rows, every index)`, value: rate(appendRows, appendCopy.value.seconds) };
  ctx.report({ ...appendCopyRate, unit: 'rows/s', maxRssMb: appendCopy.maxRssMb });
  ctx.report({ name: `CSV import, ${appendRows.toLocaleString('en-US')} new rows appended`, value: rate(appendRows, append.value.seconds), unit: 'rows/s', vs: appendCopyRate, maxRssMb: append.maxRssMb });

  const xl = await xlsxFigures(ctx, xlsx, xlsxRows);

  // The same two files through `rehber import` itself, as cron runs it: the peak memory an
  // operator sees (the CLI's own thread beside the import worker's), which must stay under 300 MB.
  await reset(ctx.dbUrl);
  const cliXlsx = await cliImport(ctx.dbUrl, xlsx);
  ctx.report({ name: `rehber import of the XLSX, ${xlsxRows.toLocaleString('en-US')} rows (CLI, piped)`, value: rate(xlsxRows, cliXlsx.seconds), unit: 'rows/s', vs: { name: 'XLSX import', value: rate(xlsxRows, xl.seconds) }, maxRssMb: cliXlsx.maxRssMb ?? undefined });
  await reset(ctx.dbUrl);
  const cliCsv = await cliImport(ctx.dbUrl, csv);
  ctx.report({ name: `rehber import of the CSV, ${rows.toLocaleString('en-US')} rows (CLI, piped)`, value: rate(rows, cliCsv.seconds), unit: 'rows/s', vs: { name: 'CSV import, fresh', value: freshRate }, maxRssMb: cliCsv.maxRssMb ?? undefined });
  ctx.report({ name: 'rehber import of the CSV, vs the same-work COPY', value: rate(rows, cliCsv.seconds), unit: 'rows/s', vs: copySameWork });
  if (pgloaderRate) ctx.report({ name: 'rehber import of the CSV, vs pgloader', value: rate(rows, cliCsv.seconds), unit: 'rows/s', vs: pgloaderRate });
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

async function maxBusinessId(dbUrl: string): Promise<number> {
  const db = createDb(dbUrl, { max: 1 });
  try {
    return Number((await db.raw('SELECT coalesce(max(id), 0) AS m FROM businesses')).rows[0].m);
  } finally {
    await db.destroy();
  }
}

async function settle(dbUrl: string): Promise<void> {
  const db = createDb(dbUrl, { max: 1 });
  try {
    await db.raw('VACUUM ANALYZE businesses');
    await db.raw('CHECKPOINT');
  } finally {
    await db.destroy();
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

type CopyTable = 'bare' | 'indexed' | 'five';

/** The indexes of each yardstick table, on the matching CSV column (slug is a generated column). */
function yardstickIndexes(table: string, kind: CopyTable): string[] {
  if (kind === 'bare') return [];
  // The fixed yardstick: primary key, unique slug, unique place_id, btree on country, trigram on name.
  if (kind === 'five') {
    return [
      `CREATE UNIQUE INDEX ON ${table} (slug)`,
      `CREATE UNIQUE INDEX ON ${table} (place_id)`,
      `CREATE INDEX ON ${table} (country)`,
      `CREATE INDEX ON ${table} USING gin (name gin_trgm_ops)`,
    ];
  }
  // One per index of the migrations, as businesses has them today.
  return [
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
  ];
}

async function createYardstickTable(db: Db, table: string, kind: CopyTable): Promise<void> {
  await db.raw(`DROP TABLE IF EXISTS ${table}`);
  await db.raw(`CREATE TABLE ${table} (id bigserial PRIMARY KEY, ${CSV_HEADER.split(',').map((c) => `${c} text`).join(', ')},
    created_at timestamptz NOT NULL DEFAULT now()
    ${kind === 'indexed' ? `, search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(about, ''))) STORED` : ''}
    ${kind !== 'bare' ? `, slug text GENERATED ALWAYS AS (lower(name) || '-' || place_id) STORED` : ''})`);
  for (const sql of yardstickIndexes(table, kind)) await db.raw(sql);
}

/** Whether pgloader is on the PATH: its yardstick runs only where it is installed. */
function hasPgloader(): boolean {
  return spawnSync('pgloader', ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * pgloader loading the same CSV into the five-index table, as it loads a file into a table it did
 * not create: the indexes dropped and built again after the rows (its `drop indexes`), the way
 * rehber's fresh import loads. Timed from its start to its exit, its start-up included.
 */
export async function pgloaderJob({ dbUrl, file, workDir }: { dbUrl: string; file: string; workDir: string }): Promise<Timed> {
  const db = createDb(dbUrl, { max: 1 });
  const table = 'bench_pgloader_five';
  const columns = CSV_HEADER.split(',').join(', ');
  const command = path.join(workDir, 'five.load');
  const url = new URL(dbUrl);
  url.searchParams.set('sslmode', 'disable');
  try {
    await createYardstickTable(db, table, 'five');
    await db.raw('CHECKPOINT');
    fs.writeFileSync(command, `LOAD CSV FROM '${file}' WITH ENCODING utf-8 (${columns})
      INTO ${url.toString()} TARGET TABLE ${table} (${columns})
      WITH skip header = 1, drop indexes, fields optionally enclosed by '"', fields escaped by double-quote, fields terminated by ','
      SET maintenance_work_mem to '256MB';\n`);
    const started = performance.now();
    const run = spawnSync('pgloader', ['--quiet', command], { encoding: 'utf8' });
    const seconds = (performance.now() - started) / 1000;
    if (run.status !== 0) throw new Error(`pgloader failed: ${run.stderr || run.stdout}`);
    const [{ n }] = (await db.raw(`SELECT count(*)::int AS n FROM ${table}`)).rows;
    await db.raw(`DROP TABLE ${table}`);
    return { seconds, rows: n } as Timed & { rows: number };
  } finally {
    fs.rmSync(command, { force: true });
    await db.destroy();
  }
}

/**
 * The yardsticks: COPY of the same CSV into a table with the same columns and no index ('bare'),
 * five indexes ('five'), or one per index businesses has ('indexed').
 */
export async function copyJob({ dbUrl, file, table: kind }: { dbUrl: string; file: string; table: CopyTable }): Promise<Timed> {
  const db = createDb(dbUrl, { max: 1 });
  const table = `bench_copy_${kind}`;
  const columns = CSV_HEADER.split(',');
  try {
    await createYardstickTable(db, table, kind);
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

/**
 * The append yardstick: the rows an import just added (id > afterId), as businesses stores them,
 * copied out, deleted (and vacuumed away), then timed going back in by COPY with every index,
 * key and trigger of businesses in place. They end up stored exactly as the import left them.
 */
export async function appendCopyJob({ dbUrl, afterId, file }: { dbUrl: string; afterId: number; file: string }): Promise<Timed> {
  const db = createDb(dbUrl, { max: 1 });
  try {
    const columns = ((await db.raw(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'businesses' AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    )).rows as Array<{ column_name: string }>).map((r) => r.column_name);
    const conn = (await db.client.acquireConnection()) as pg.PoolClient;
    try {
      await pipeline(conn.query(copyTo(`COPY (SELECT ${columns.join(', ')} FROM businesses WHERE id > ${Number(afterId)} ORDER BY id) TO STDOUT`)), fs.createWriteStream(file));
      await conn.query(`DELETE FROM business_versions WHERE business_id > ${Number(afterId)}`);
      await conn.query(`DELETE FROM businesses WHERE id > ${Number(afterId)}`);
      await conn.query('VACUUM ANALYZE businesses');
      await conn.query('CHECKPOINT');
      const started = performance.now();
      await pipeline(fs.createReadStream(file), conn.query(copyFrom(`COPY businesses (${columns.join(', ')}) FROM STDIN`)));
      const seconds = (performance.now() - started) / 1000;
      fs.rmSync(file, { force: true });
      return { seconds };
    } finally {
      await db.client.releaseConnection(conn);
    }
  } finally {
    await db.destroy();
  }
}

/** The XLSX yardstick: exceljs's streaming reader going through every row, doing nothing else. */
export async function readXlsxJob({ file }: { file: string }): Promise<Timed & { rows: number }> {
  // Loaded here, not at the top: a job's process holds only what its job needs (its peak memory is measured).
  const { default: ExcelJS } = await import('exceljs');
  const started = performance.now();
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit' });
  for await (const sheet of reader) for await (const _row of sheet) rows++;
  return { seconds: (performance.now() - started) / 1000, rows };
}

export async function writeXlsx({ file, rows }: { file: string; rows: number }): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
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
