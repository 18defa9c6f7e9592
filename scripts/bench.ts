/**
 * `make bench`: starts its own embedded PostgreSQL in a temp dir, runs every bench
 * module, prints each figure with its ratio to the yardstick measured in the same run, then a
 * README-ready table. BENCH_SCALE (default 1) scales every row count, e.g. 0.1 for a quick run.
 * BENCH_ONLY=import,sitemap runs only the named modules. BENCH_DATABASE_URL (with BENCH_ADMIN_URL,
 * its superuser) runs against an existing database instead, migrated first: a million businesses
 * loaded once then serve many HTTP runs while one works on a read path. BENCH_HTTP_PROCESSES=N serves
 * the HTTP benches from N processes (scripts/bench/server-child.ts). BENCH_POSTGRES=debian runs
 * them on Debian's PostgreSQL 15 (package postgresql-15) with the embedded server's settings.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_SETTINGS, startEmbedded } from '../db/embedded.js';
import { debianPostgresMissing, startDebianPrimary } from '../server/debian-postgres.fixtures.js';
import { createDb } from '../db/index.js';
import { migrateLatest } from '../db/migrate.js';
import { runInChild } from './bench/child.js';
import type { BenchContext, Figure } from './bench/context.js';
import { freePort } from './free-port.js';
import { SERVER_PROCESSES } from './bench/server-child.js';

type BenchModule = { run(ctx: BenchContext): Promise<void> };

// ---- Bench modules: one import line each (IMPORT-LOADER, SITEMAPS, ADMIN add theirs here). ----
const MODULES: Array<[string, () => Promise<BenchModule>]> = [
  ['import', () => import('./bench/import.js')],
  ['schema-parts', () => import('./bench/schema-parts.js')], // each index, key and trigger's share of an import's COPY
  ['import-reads', () => import('./bench/import-reads.js')], // IMPORTER: public reads during a web import
  ['places', () => import('./bench/places.js')],
  ['sitemap', () => import('./bench/sitemap.js')],
  ['export', () => import('./bench/export.js')], // ADMIN
  ['http', () => import('./bench/http.js')], // ADMIN
  ['lighthouse', () => import('./bench/lighthouse.js')], // PUBLIC-SITE
  ['backup', () => import('./bench/backup.js')],
  ['warm', () => import('./bench/warm-after-write.js')], // business pages kept warm beside writes
  ['near', () => import('./bench/near.js')], // NEAR: lists near a point, and the index they use
  ['open', () => import('./bench/open-now.js')], // OPEN NOW: city pages and searches with open=1
  ['combos', () => import('./bench/combos.js')], // categories in a city: the page, the country's links, the sitemaps
];
// ---- end of bench modules ----

const scale = Number(process.env.BENCH_SCALE ?? 1);
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());

const n = (v: number) => (v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(2));

async function main(): Promise<void> {
  if (!(scale > 0)) throw new Error('BENCH_SCALE must be a positive number');
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-bench-'));
  fs.chmodSync(workDir, 0o777);
  const given = process.env.BENCH_DATABASE_URL;
  if (given && !process.env.BENCH_ADMIN_URL) throw new Error('BENCH_DATABASE_URL needs BENCH_ADMIN_URL (its superuser, for GRANT pg_checkpoint)');
  const debian = process.env.BENCH_POSTGRES === 'debian';
  if (debian && given) throw new Error('BENCH_POSTGRES=debian starts its own server: leave BENCH_DATABASE_URL out');
  if (debian && debianPostgresMissing()) throw new Error(`BENCH_POSTGRES=debian: ${debianPostgresMissing()}`);
  const server = given
    ? { url: given, adminUrl: process.env.BENCH_ADMIN_URL!, stop: async () => {} }
    : debian
      ? await startDebianPrimary(path.join(workDir, 'pg15'), SERVER_SETTINGS)
      : await startEmbedded(path.join(workDir, 'pg'), await freePort(), { quiet: true });
  const figures: Figure[] = [];
  try {
    const db = createDb(server.url, { max: 2 });
    await migrateLatest(db);
    const version = String((await db.raw('SHOW server_version')).rows[0].server_version).split(' ')[0];
    await db.destroy();
    // The yardsticks start from a CHECKPOINT; the application role may not run one, so this
    // throwaway cluster grants it the predefined role for that alone.
    const admin = createDb(server.adminUrl, { max: 1 });
    await admin.raw('GRANT pg_checkpoint TO ??', [decodeURIComponent(new URL(server.url).username)]);
    await admin.destroy();
    const ctx: BenchContext = {
      dbUrl: server.url,
      adminUrl: server.adminUrl,
      workDir,
      dataDir: given || debian ? undefined : path.join(workDir, 'pg'),
      rows: (count) => Math.max(1, Math.round(count * scale)),
      report(figure) {
        figures.push(figure);
        const ratio = figure.vs ? `  (${(figure.value / figure.vs.value).toFixed(2)}× ${figure.vs.name}: ${n(figure.vs.value)} ${figure.unit})` : '';
        const mem = figure.maxRssMb !== undefined ? `  [peak ${figure.maxRssMb} MB]` : '';
        process.stdout.write(`${figure.name}: ${n(figure.value)} ${figure.unit}${ratio}${mem}\n`);
      },
      child: runInChild,
    };
    process.stdout.write(`rehber bench, scale ${scale}, ${os.cpus().length} cores, Node ${process.version}, PostgreSQL ${version}${SERVER_PROCESSES > 1 ? `, HTTP served by ${SERVER_PROCESSES} processes` : ''}\n\n`);
    for (const [name, load] of MODULES) {
      if (only && !only.includes(name)) continue;
      process.stdout.write(`== ${name}\n`);
      await (await load()).run(ctx);
    }
  } finally {
    await server.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  process.stdout.write('\n| Figure | Value | Yardstick | Ratio | Peak memory |\n|---|---|---|---|---|\n');
  for (const f of figures) {
    const yard = f.vs ? `${f.vs.name}: ${n(f.vs.value)} ${f.unit}` : '';
    const ratio = f.vs ? `${(f.value / f.vs.value).toFixed(2)}×` : '';
    process.stdout.write(`| ${f.name} | ${n(f.value)} ${f.unit} | ${yard} | ${ratio} | ${f.maxRssMb !== undefined ? `${f.maxRssMb} MB` : ''} |\n`);
  }
}

await main();
