/**
 * Categories in a city (their districts through the API: the page's city, category and districts reads) asked while an import runs: how often the cities' whole read
 * (`listCitySummaries`, data/reads/city-summaries.ts) is sent and what it costs, against the
 * versions the import moved. The import (`rehber import` of a generated file of new businesses,
 * from row `from`, so two runs on one copy import different rows) runs beside four connections
 * asking distinct ones, each once, until it ends. The same pages in the same order
 * for every build, so two builds run back to back on one copy compare. Usage, after a build, on a
 * kept database with pg_stat_statements loaded:
 *   node dist/scripts/bench/list-during-import.js <database URL> <admin URL> <rows> <from>
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../../db/index.js';
import { CITY_CATEGORY_MIN_BUSINESSES } from '../../domain/constants.js';
import { cliImport } from './cli-import.js';
import { writeGeneratedCsv } from './generate.js';
import { fixedRequests, load } from './http-load.js';
import { startServer, type ServerChild } from './server-child.js';

const CONNECTIONS = 4;
const PAGES = 40_000;

const [url, adminUrl, rowsArg, fromArg] = process.argv.slice(2);
if (!url || !adminUrl || !rowsArg || !fromArg) throw new Error('usage: list-during-import.js <database URL> <admin URL> <rows> <from>');

const admin = createDb(adminUrl, { max: 1 });
const file = path.join(os.tmpdir(), `list-during-import-${process.pid}.csv`);
let server: ServerChild | undefined;
try {
  await admin.raw('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await writeGeneratedCsv(file, Number(rowsArg), { from: Number(fromArg) });
  const combos = (await admin.raw(
    `SELECT ci.slug AS city, ca.slug AS category FROM city_category_counts k JOIN cities ci ON ci.id = k.city_id JOIN categories ca ON ca.id = k.category_id
      WHERE k.n >= ? ORDER BY hashint4(k.city_id * 1000 + k.category_id) LIMIT ?`,
    [CITY_CATEGORY_MIN_BUSINESSES, PAGES],
  )).rows as Array<{ city: string; category: string }>;
  // The API's districts of a category in a city: the page's city and category reads and its districts' (no built web app needed).
  const paths = combos.map((c) => `/api/cities/${encodeURIComponent(c.city)}/categories/${encodeURIComponent(c.category)}/districts`);
  server = await startServer(url);
  // Warm-up on pages the run asks last, if it gets there.
  await fixedRequests(server.appUrl, ((i) => () => paths[paths.length - 1 - i++])(0), 200, CONNECTIONS);
  const version = async () => BigInt((await admin.raw('SELECT version FROM data_version WHERE id = 1')).rows[0].version);
  await admin.raw('SELECT pg_stat_statements_reset()');
  const fromVersion = await version();
  const cpuBefore = await server.cpuUs();
  let done = false;
  let asked = 0;
  const started = performance.now();
  const importing = cliImport(url, file).finally(() => (done = true));
  // Distinct pages until the import ends.
  const [pages] = await Promise.all([
    load(server.appUrl, () => paths[asked++ % paths.length], { budgetMs: () => (done ? 0 : Infinity), connections: CONNECTIONS }),
    importing,
  ]);
  if (pages.errors > 0) throw new Error(`${pages.errors} pages failed (first status ${pages.firstBadStatus})`);
  const seconds = (performance.now() - started) / 1000;
  const cpu = (await server.cpuUs()) - cpuBefore;
  const moved = (await version()) - fromVersion;
  const stats = (await admin.raw(
    `SELECT CASE WHEN query ~ 'FROM cities LIMIT' THEN 'all cities' WHEN query ~ 'FROM cities WHERE slug' THEN 'a city by slug' ELSE 'other' END AS kind,
            sum(calls)::int AS calls, sum(total_exec_time + total_plan_time) AS ms, sum(shared_blks_hit + shared_blks_read)::bigint AS blocks
       FROM pg_stat_statements WHERE query !~ 'pg_stat' AND query !~* '^\\s*(COPY|INSERT|UPDATE|DELETE|WITH|BEGIN|COMMIT|SET|ANALYZE|CREATE|DROP|TRUNCATE|LOCK)' GROUP BY 1 ORDER BY 1`,
  )).rows as Array<{ kind: string; calls: number; ms: number; blocks: string }>;
  console.log(`import of ${rowsArg} rows: ${seconds.toFixed(1)} s, ${moved} versions moved; ${asked} pages asked (${Math.round(asked / seconds)} a s), ${Math.round(cpu / Math.max(asked, 1))} µs server CPU a page`);
  for (const s of stats) console.log(`  ${s.kind}: ${s.calls} calls, ${Number(s.ms).toFixed(0)} ms, ${(Number(s.ms) / Math.max(s.calls, 1)).toFixed(2)} ms a call, ${Math.round(Number(s.blocks) / Math.max(s.calls, 1))} blocks a call`);
} finally {
  fs.rmSync(file, { force: true });
  await server?.stop();
  await admin.destroy();
}
