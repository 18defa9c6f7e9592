/**
 * Sitemap figure: generation for 1,000,000 businesses (aim: under 60 s and 300 MB),
 * URLs/s and seconds with the generator's peak memory, against PostgreSQL's own
 * `COPY (the same SELECT) TO STDOUT`: the fastest the rows can leave the database.
 *
 * It works in a database of its own (created, migrated and dropped here), filled by
 * generate_series, so the other modules' data stay as they are. The trigram and full-text indexes
 * are dropped there first: they only slow the insert and play no part in generation.
 * BENCH_TRACE=1 prints each file's time on stderr.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { to as copyTo } from 'pg-copy-streams';
import type pg from 'pg';
import { createDb } from '../../db/index.js';
import { migrateLatest } from '../../db/migrate.js';
import { withDatabase } from '../../db/test-db.js';
import { generateSitemaps } from '../../data/sitemap/sitemap.js';
import { insertGeneratedBusinesses } from '../../data/sitemap/sitemap-fixtures.js';
import type { BenchContext } from './context.js';

const SELF = import.meta.url;
const DB_NAME = 'rehber_bench_sitemap';

interface Timed {
  seconds: number;
  urls: number;
  files?: number;
}

export async function run(ctx: BenchContext): Promise<void> {
  const businesses = ctx.rows(1_000_000);
  const url = withDatabase(ctx.dbUrl, DB_NAME);
  const admin = createDb(ctx.adminUrl, { max: 1 });
  try {
    await admin.raw(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.raw(`CREATE DATABASE ${DB_NAME} OWNER ??`, [decodeURIComponent(new URL(ctx.dbUrl).username)]);
    const started = performance.now();
    const db = createDb(url, { max: 2 });
    try {
      await migrateLatest(db);
      for (const index of ['businesses_search_idx', 'businesses_name_trgm_idx', 'businesses_address_trgm_idx']) await db.raw(`DROP INDEX IF EXISTS ${index}`);
      await insertGeneratedBusinesses(db, { businesses, cities: Math.max(1, Math.round(businesses / 100)), categories: 200 });
      await db.raw('VACUUM ANALYZE');
    } finally {
      await db.destroy();
    }
    process.stdout.write(`inserted ${businesses.toLocaleString('en-US')} businesses in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

    const copy = await ctx.child<Timed>(SELF, 'copyOutJob', { dbUrl: url });
    const yardstick = { name: 'COPY (same SELECT) TO STDOUT', value: copy.value.urls / copy.value.seconds };
    ctx.report({ ...yardstick, unit: 'rows/s', maxRssMb: copy.maxRssMb });

    const gen = await ctx.child<Timed>(SELF, 'generateJob', { dbUrl: url });
    const label = `Sitemap generation, ${businesses.toLocaleString('en-US')} businesses (${gen.value.files} files)`;
    ctx.report({ name: label, value: gen.value.urls / gen.value.seconds, unit: 'rows/s', vs: yardstick, maxRssMb: gen.maxRssMb });
    ctx.report({ name: `${label}, time`, value: gen.value.seconds, unit: 's', maxRssMb: gen.maxRssMb });
  } finally {
    await admin.raw(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => {});
    await admin.destroy();
  }
}

// ---- jobs, each run in a child process ----

export async function generateJob({ dbUrl }: { dbUrl: string }): Promise<Timed> {
  const db = createDb(dbUrl, { max: 4 });
  try {
    const started = performance.now();
    const result = await generateSitemaps(db, {
      baseUrl: 'https://bench.example',
      onProgress: process.env.BENCH_TRACE ? (p) => process.stderr.write(`${((performance.now() - started) / 1000).toFixed(2)} ${p.phase} ${p.file?.name ?? ''}\n`) : undefined,
    });
    return { seconds: (performance.now() - started) / 1000, urls: result.urls, files: result.files.length };
  } finally {
    await db.destroy();
  }
}

/** The same rows the businesses files list, straight out of PostgreSQL, counted and dropped. */
export async function copyOutJob({ dbUrl }: { dbUrl: string }): Promise<Timed> {
  const db = createDb(dbUrl, { max: 1 });
  const conn = (await db.client.acquireConnection()) as pg.PoolClient;
  try {
    const started = performance.now();
    let lines = 0;
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        done();
      },
    });
    await pipeline(conn.query(copyTo('COPY (SELECT slug, updated_at FROM businesses WHERE is_active ORDER BY id) TO STDOUT')), sink);
    return { seconds: (performance.now() - started) / 1000, urls: lines };
  } finally {
    await db.client.releaseConnection(conn);
    await db.destroy();
  }
}
