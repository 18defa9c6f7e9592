/**
 * The server's CPU a request for rendering and sending list pages, their reads left out: the same
 * 60 categories in a city of a full page (24 cards or more) asked again and again, each with a new
 * `n` (so the answer cache never answers it and the page is rendered each time, from the reads the
 * memos hold for the data version), 3,000 requests a round over four connections, a warm-up round
 * and three measured. What the markup of a list costs; two builds compare run back to back.
 * Usage, after a build, on a kept database:
 *   node dist/scripts/bench/list-render-cpu.js <database URL>
 */
import { createDb } from '../../db/index.js';
import { cityCategoryPath } from '../../domain/paths.js';
import { fixedRequests } from './http-load.js';
import { startServer, type ServerChild } from './server-child.js';

const PAGES = 60;
const FULL_PAGE = 24;
const REQUESTS = 3_000;
const CONNECTIONS = 4;

const [url] = process.argv.slice(2);
if (!url) throw new Error('usage: list-render-cpu.js <database URL>');

const db = createDb(url, { max: 1 });
let server: ServerChild | undefined;
try {
  // A seeded order (hashint4), so every build asks the same pages.
  const paths = ((await db.raw(
    `SELECT ci.slug AS city, ca.slug AS category FROM city_category_counts k JOIN cities ci ON ci.id = k.city_id JOIN categories ca ON ca.id = k.category_id
      WHERE k.n >= ? ORDER BY hashint4(k.city_id * 1000 + k.category_id) LIMIT ?`,
    [FULL_PAGE, PAGES],
  )).rows as Array<{ city: string; category: string }>).map((c) => cityCategoryPath(c.city, c.category));
  server = await startServer(url);
  let n = 0;
  const next = () => `${paths[n % paths.length]}?n=${++n}`;
  await fixedRequests(server.appUrl, next, paths.length * 2, CONNECTIONS, true);
  for (let round = 1; round <= 3; round++) {
    const before = await server.cpuUs();
    const seconds = await fixedRequests(server.appUrl, next, REQUESTS, CONNECTIONS, true);
    console.log(`round ${round}: ${Math.round(((await server.cpuUs()) - before) / REQUESTS)} µs server CPU a request, ${Math.round(REQUESTS / seconds)} req/s`);
  }
} finally {
  await server?.stop();
  await db.destroy();
}
