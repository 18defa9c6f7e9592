/**
 * What compressing a list page costs and saves at each gzip level and brotli quality, to choose
 * koa-compress's settings (server/app.ts): the server-rendered HTML of distinct categories in a
 * city, each compressed in this process as the server would (zlib, one call a page), CPU time a
 * page and bytes a page; and the same for the first bytes of a page cut at a few sizes (what a
 * threshold decides about). Usage, after a build, on a kept database:
 *   node dist/scripts/bench/compress-levels.js <database URL>
 */
import zlib from 'node:zlib';
import { createDb } from '../../db/index.js';
import { cityCategoryPath } from '../../domain/paths.js';
import { CITY_CATEGORY_MIN_BUSINESSES } from '../../domain/constants.js';
import { startServer, type ServerChild } from './server-child.js';

const PAGES = 40;
const ROUNDS = 5;

const [url] = process.argv.slice(2);
if (!url) throw new Error('usage: compress-levels.js <database URL>');

const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_SIZE_HINT, BROTLI_PARAM_MODE, BROTLI_MODE_TEXT } = zlib.constants;
const settings: Array<[string, (b: Buffer) => Buffer]> = [
  ...[1, 3, 4, 6, 9].map((level) => [`gzip level ${level}${level === 6 ? ' (zlib default)' : ''}`, (b: Buffer) => zlib.gzipSync(b, { level })] as [string, (b: Buffer) => Buffer]),
  ...[1, 2, 3, 4, 5, 6, 8, 11].map((quality) => [
    `brotli quality ${quality}${quality === 4 ? ' (koa-compress default)' : quality === 11 ? ' (zlib default)' : ''}`,
    (b: Buffer) => zlib.brotliCompressSync(b, { params: { [BROTLI_PARAM_QUALITY]: quality, [BROTLI_PARAM_MODE]: BROTLI_MODE_TEXT, [BROTLI_PARAM_SIZE_HINT]: b.length } }),
  ] as [string, (b: Buffer) => Buffer]),
];

/** Mean CPU µs and bytes of one call of `compress` over `pages`, the best of ROUNDS rounds. */
function measure(compress: (b: Buffer) => Buffer, pages: Buffer[]): { us: number; bytes: number } {
  let best = Infinity;
  let bytes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const started = process.cpuUsage();
    bytes = 0;
    for (const page of pages) bytes += compress(page).length;
    const used = process.cpuUsage(started);
    best = Math.min(best, (used.user + used.system) / pages.length);
  }
  return { us: best, bytes: bytes / pages.length };
}

const db = createDb(url, { max: 1 });
let server: ServerChild | undefined;
try {
  const combos = (await db.raw(
    `SELECT ci.slug AS city, ca.slug AS category FROM city_category_counts k JOIN cities ci ON ci.id = k.city_id JOIN categories ca ON ca.id = k.category_id
      WHERE k.n >= ? ORDER BY hashint4(k.city_id * 1000 + k.category_id) LIMIT ?`,
    [CITY_CATEGORY_MIN_BUSINESSES, PAGES],
  )).rows as Array<{ city: string; category: string }>;
  server = await startServer(url);
  const pages: Buffer[] = [];
  for (const c of combos) pages.push(Buffer.from(await (await fetch(server.appUrl + cityCategoryPath(c.city, c.category))).arrayBuffer()));
  const mean = pages.reduce((sum, p) => sum + p.length, 0) / pages.length;
  console.log(`${pages.length} distinct categories in a city, ${(mean / 1024).toFixed(1)} KB a page as it is`);
  console.log('| setting | CPU µs a page | KB a page | of the page |');
  console.log('|---|---|---|---|');
  for (const [name, compress] of settings) {
    const { us, bytes } = measure(compress, pages);
    console.log(`| ${name} | ${Math.round(us)} | ${(bytes / 1024).toFixed(1)} | ${((bytes / mean) * 100).toFixed(1)}% |`);
  }
  // Small answers: what compression saves on the first bytes of a page, by size.
  console.log('| first bytes of a page | gzip 6 bytes | brotli 4 bytes | CPU µs (gzip 6 / brotli 4) |');
  console.log('|---|---|---|---|');
  for (const size of [256, 512, 1024, 2048, 4096]) {
    const cut = pages.map((p) => p.subarray(0, size));
    const g = measure((b) => zlib.gzipSync(b, { level: 6 }), cut);
    const br = measure((b) => zlib.brotliCompressSync(b, { params: { [BROTLI_PARAM_QUALITY]: 4, [BROTLI_PARAM_SIZE_HINT]: b.length } }), cut);
    console.log(`| ${size} | ${Math.round(g.bytes)} | ${Math.round(br.bytes)} | ${g.us.toFixed(0)} / ${br.us.toFixed(0)} |`);
  }
} finally {
  await server?.stop();
  await db.destroy();
}
