/**
 * Business pages and a business's JSON by a fixed number of requests, not for a fixed time: the
 * server's CPU a request and the statements of the business's read a request, at 32 connections. On a busy machine a
 * timed case makes so few requests that its "repeated" pages are mostly first asks; a fixed count
 * asks each of the 500 repeated businesses six times on average whatever the load. Usage, after a
 * build, on a kept database with pg_stat_statements loaded (the bench's preamble in
 * docs/performance.md):
 *   node dist/scripts/bench/page-cpu.js <database URL> <admin URL>
 * Run it from each of two builds back to back to pair them.
 */
import { createDb } from '../../db/index.js';
import { fixedRequests, pick } from './http-load.js';
import { startServer, type ServerChild } from './server-child.js';

const REPEATED = 3_000;
const DISTINCT = 1_500;
/** A business's JSON costs a fraction of its page: more of them for as steady a figure. */
const JSON_REPEATED = 4_000;
const JSON_DISTINCT = 3_000;

const [url, adminUrl] = process.argv.slice(2);
if (!url || !adminUrl) throw new Error('usage: page-cpu.js <database URL> <admin URL>');

const admin = createDb(adminUrl, { max: 1 });
let server: ServerChild | undefined;
try {
  await admin.raw('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  // The HTTP bench's repeated businesses (a sample of the table's pages), and others asked once each.
  const sample = (await admin.raw('SELECT slug FROM businesses TABLESAMPLE SYSTEM (1) REPEATABLE (7) LIMIT 500')).rows.map((r: { slug: string }) => r.slug) as string[];
  const seed = Math.floor(Math.random() * 97);
  const once = (await admin.raw('SELECT slug FROM businesses WHERE id % 97 = ? LIMIT ?', [seed, DISTINCT + JSON_DISTINCT])).rows.map((r: { slug: string }) => r.slug) as string[];
  server = await startServer(url);
  const business = async () => Number((await admin.raw(`SELECT coalesce(sum(calls), 0) AS n FROM pg_stat_statements WHERE query ~ 'FROM businesses b' AND query !~ 'pg_stat'`)).rows[0].n);
  // Every statement the server sent (the version's checks included), not this script's own.
  const statements = async () => Number((await admin.raw(`SELECT coalesce(sum(calls), 0) AS n FROM pg_stat_statements WHERE query !~ 'pg_stat'`)).rows[0].n);
  // PostgreSQL's time on them (execution and planning), in µs.
  const pgTime = async () => Number((await admin.raw(`SELECT coalesce(sum(total_exec_time + total_plan_time), 0) * 1000 AS us FROM pg_stat_statements WHERE query !~ 'pg_stat'`)).rows[0].us);
  let n = 0;
  let i = 0;
  // Warm-up: the server render's entry, the pool's connections, the JIT.
  await fixedRequests(server.appUrl, () => `/details/${pick(once)}?w=${++n}`, 100);
  const cases: Array<[string, string, () => string, number]> = [
    ['bare Koa + pg, one business by slug', server.bareUrl, () => `/slug/${encodeURIComponent(pick(sample))}`, DISTINCT],
    [`business page, ${sample.length} businesses repeated (a new URL each time)`, server.appUrl, () => `/details/${pick(sample)}?n=${++n}`, REPEATED],
    ['business page, each asked once', server.appUrl, () => `/details/${once[i++ % once.length]}`, DISTINCT],
    [`business JSON, ${sample.length} businesses repeated (a new URL each time)`, server.appUrl, () => `/api/businesses/detail/${pick(sample)}?n=${++n}`, JSON_REPEATED],
    ['business JSON, each asked once', server.appUrl, () => `/api/businesses/detail/${once[i++ % once.length]}`, JSON_DISTINCT],
  ];
  for (const [name, base, next, count] of cases) {
    await admin.raw('SELECT pg_stat_statements_reset()');
    const before = await server.cpuUs();
    const seconds = await fixedRequests(base, next, count);
    const cpu = ((await server.cpuUs()) - before) / count;
    const reads = (await business()) / count;
    console.log(`${name}: ${Math.round(count / seconds)} req/s, ${Math.round(cpu)} µs server CPU a request, ${reads.toFixed(2)} reads of businesses a request, ${((await statements()) / count).toFixed(2)} statements in all, ${Math.round((await pgTime()) / count)} µs of PostgreSQL's time a request`);
  }
} finally {
  await server?.stop();
  await admin.destroy();
}
