/**
 * List pages of the long tail by a fixed number of requests, not for a fixed time: the server's CPU
 * a request, and the statements a request sends with PostgreSQL's time for them, for categories in
 * a city (server-rendered) and cities' first pages through the API, each page asked once. The same
 * pages in the same order for every build, so two builds run back to back compare on one load.
 * Usage, after a build, on a kept database with pg_stat_statements loaded (the bench's preamble in
 * docs/performance.md):
 *   node dist/scripts/bench/list-cpu.js <database URL> <admin URL>
 */
import { createDb } from '../../db/index.js';
import { cityCategoryPath } from '../../domain/paths.js';
import { CITY_CATEGORY_MIN_BUSINESSES } from '../../domain/constants.js';
import { fixedRequests } from './http-load.js';
import { startServer, type ServerChild } from './server-child.js';

const PAGES = 1_500;
const CONNECTIONS = 4;

const [url, adminUrl] = process.argv.slice(2);
if (!url || !adminUrl) throw new Error('usage: list-cpu.js <database URL> <admin URL>');

/** Each of `paths` once, in order, over CONNECTIONS connections; the seconds they took. */
const run = (base: string, paths: string[]): Promise<number> => {
  let next = 0;
  return fixedRequests(base, () => paths[next++], paths.length, CONNECTIONS, true);
};

const admin = createDb(adminUrl, { max: 1 });
let server: ServerChild | undefined;
try {
  await admin.raw('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  // A seeded order (hashint4), so every build asks the same pages.
  const combos = (await admin.raw(
    `SELECT ci.slug AS city, ca.slug AS category FROM city_category_counts k JOIN cities ci ON ci.id = k.city_id JOIN categories ca ON ca.id = k.category_id
      WHERE k.n >= ? ORDER BY hashint4(k.city_id * 1000 + k.category_id) LIMIT ?`,
    [CITY_CATEGORY_MIN_BUSINESSES, PAGES + 100],
  )).rows as Array<{ city: string; category: string }>;
  const cities = (await admin.raw('SELECT slug FROM cities WHERE business_count > 0 ORDER BY hashint4(id) LIMIT ?', [PAGES + 100])).rows as Array<{ slug: string }>;
  server = await startServer(url);
  const sent = async () => (await admin.raw(`SELECT coalesce(sum(calls), 0)::int AS calls, coalesce(sum(total_exec_time + total_plan_time), 0) AS ms FROM pg_stat_statements WHERE query !~ 'pg_stat'`)).rows[0] as { calls: number; ms: number };
  const combo = combos.map((c) => cityCategoryPath(c.city, c.category));
  const city = cities.map((c) => `/api/cities/${encodeURIComponent(c.slug)}/businesses?page=1`);
  // Warm-up on pages the cases do not ask: the server render's entry, the pool's connections, the JIT.
  await run(server.appUrl, [...combo.slice(PAGES), ...city.slice(PAGES)]);
  for (const [name, paths] of [['category in a city page, each asked once', combo.slice(0, PAGES)], ["a city's first page (API), each asked once", city.slice(0, PAGES)]] as const) {
    await admin.raw('SELECT pg_stat_statements_reset()');
    const before = await server.cpuUs();
    const seconds = await run(server.appUrl, paths);
    const cpu = ((await server.cpuUs()) - before) / paths.length;
    const { calls, ms } = await sent();
    console.log(`${name}: ${Math.round(paths.length / seconds)} req/s, ${Math.round(cpu)} µs server CPU a request, ${(calls / paths.length).toFixed(2)} statements a request, ${((Number(ms) * 1000) / paths.length).toFixed(0)} µs of PostgreSQL a request`);
  }
} finally {
  await server?.stop();
  await admin.destroy();
}
