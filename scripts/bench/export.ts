/**
 * Export figures: 1,000,000 businesses exported as CSV and as XLSX, rows/s and peak
 * memory, against PostgreSQL's own `COPY (the same SELECT) TO STDOUT` written to a file: the
 * fastest the rows can leave the database. A one-country export of a tenth of the rows shows that the peak memory does
 * not grow with the size. Every job runs in its own process.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { to as copyTo } from 'pg-copy-streams';
import type pg from 'pg';
import { createDb } from '../../db/index.js';
import { exportBusinesses } from '../../data/export/export.js';
import { importFile } from '../../data/import/import.js';
import type { ExportFormat } from '../../domain/constants.js';
import type { BenchContext } from './context.js';
import { writeGeneratedCsv } from './generate.js';

const SELF = import.meta.url;

export async function run(ctx: BenchContext): Promise<void> {
  const rows = ctx.rows(1_000_000);
  await ensureBusinesses(ctx, rows);

  const copy = await ctx.child<Timed>(SELF, 'copyOutJob', { dbUrl: ctx.dbUrl, file: path.join(ctx.workDir, 'copy-out.csv') });
  const yardstick = { name: 'COPY (same SELECT) TO file', value: copy.value.rows / copy.value.seconds };
  ctx.report({ ...yardstick, unit: 'rows/s', maxRssMb: copy.maxRssMb });

  for (const format of ['csv', 'xlsx'] as const) {
    const file = path.join(ctx.workDir, `export.${format}`);
    const big = await ctx.child<Timed>(SELF, 'exportJob', { dbUrl: ctx.dbUrl, format, file });
    expectRows(big.value, rows);
    const size = Math.round(fs.statSync(file).size / (1024 * 1024));
    ctx.report({ name: `Export ${format.toUpperCase()}, ${rows.toLocaleString('en-US')} rows (${size} MB)`, value: big.value.rows / big.value.seconds, unit: 'rows/s', vs: yardstick, maxRssMb: big.maxRssMb });
    // One country, a tenth of the generated rows: its peak memory should be about the same.
    const small = await ctx.child<Timed>(SELF, 'exportJob', { dbUrl: ctx.dbUrl, format, file, country: 'Germany' });
    ctx.report({ name: `Export ${format.toUpperCase()}, one country, ${small.value.rows.toLocaleString('en-US')} rows (memory check)`, value: small.value.rows / small.value.seconds, unit: 'rows/s', maxRssMb: small.maxRssMb });
    fs.rmSync(file, { force: true });
  }
}

interface Timed {
  seconds: number;
  rows: number;
}

function expectRows(got: Timed, want: number): void {
  if (got.rows !== want) throw new Error(`export bench wrote ${got.rows} rows, expected ${want}`);
}

/**
 * Makes sure the database holds exactly `rows` generated businesses (loaded through the import
 * pipeline, in a child process); the HTTP bench reuses them.
 */
export async function ensureBusinesses(ctx: BenchContext, rows: number): Promise<void> {
  const db = createDb(ctx.dbUrl, { max: 1 });
  try {
    const [{ n }] = await db('businesses').count<{ n: number }[]>({ n: '*' });
    if (Number(n) === rows) return;
    await db.raw('TRUNCATE businesses, cities, categories, countries, imports RESTART IDENTITY CASCADE');
  } finally {
    await db.destroy();
  }
  const file = path.join(ctx.workDir, 'bench-businesses.csv');
  await writeGeneratedCsv(file, rows);
  const loaded = await ctx.child<{ imported: number; seconds: number }>(SELF, 'loadJob', { dbUrl: ctx.dbUrl, file });
  fs.rmSync(file, { force: true });
  if (loaded.value.imported !== rows) throw new Error(`bench data: imported ${loaded.value.imported} of ${rows} rows`);
  process.stdout.write(`loaded ${rows.toLocaleString('en-US')} businesses in ${loaded.value.seconds.toFixed(1)} s\n`);
}

// ---- jobs, each run in a child process ----

export async function loadJob({ dbUrl, file }: { dbUrl: string; file: string }): Promise<{ imported: number; seconds: number }> {
  const db = createDb(dbUrl, { max: 4 });
  try {
    const started = performance.now();
    const r = await importFile(db, file, { source: 'cli' });
    await db.raw('VACUUM ANALYZE businesses');
    return { imported: r.imported, seconds: (performance.now() - started) / 1000 };
  } finally {
    await db.destroy();
  }
}

export async function exportJob({ dbUrl, format, file, country }: { dbUrl: string; format: ExportFormat; file: string; country?: string }): Promise<Timed> {
  const db = createDb(dbUrl, { max: 2 });
  try {
    const started = performance.now();
    const { rows } = await exportBusinesses(db, { format, country, baseUrl: 'https://rehber.example' }, fs.createWriteStream(file));
    return { seconds: (performance.now() - started) / 1000, rows };
  } finally {
    await db.destroy();
  }
}

/** The yardstick: PostgreSQL writing the same joined rows as CSV, straight to a file. */
export async function copyOutJob({ dbUrl, file }: { dbUrl: string; file: string }): Promise<Timed> {
  const db = createDb(dbUrl, { max: 1 });
  try {
    const conn = (await db.client.acquireConnection()) as pg.PoolClient;
    const started = performance.now();
    try {
      await pipeline(
        conn.query(
          copyTo(`COPY (SELECT b.name, k.name AS category, b.phone, b.address, b.postal_code, b.country, b.rating, b.review_count, b.photo,
              b.working_hours, b.about, b.place_id, b.location_link, b.email, b.website, c.name AS city, coalesce(b.state, c.state) AS state,
              array_to_string(b.services, ', '), b.is_verified, b.description, b.latitude, b.longitude, b.slug, c.slug
            FROM businesses b LEFT JOIN categories k ON k.id = b.category_id LEFT JOIN cities c ON c.id = b.city_id ORDER BY b.id)
            TO STDOUT WITH (FORMAT csv, HEADER true)`),
        ),
        fs.createWriteStream(file),
      );
    } finally {
      await db.client.releaseConnection(conn);
    }
    const seconds = (performance.now() - started) / 1000;
    const [{ n }] = await db('businesses').count<{ n: number }[]>({ n: '*' });
    fs.rmSync(file, { force: true });
    return { seconds, rows: Number(n) };
  } finally {
    await db.destroy();
  }
}
