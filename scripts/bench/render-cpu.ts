/**
 * The server render alone: CPU µs a page and bytes of its HTML and data island, for a few pages
 * whose reads are answered first and then kept, so only the render is timed (React, the island,
 * the page's assembly). Usage, after a build (`make build-web`):
 *   npx tsx scripts/bench/render-cpu.ts <database URL> <path>...
 * RENDER_SSR_DIR=<dir> times another server build (vite build --ssr ... --outDir <dir>).
 * Each path is rendered RUNS times after WARMUP; the median of the batches is printed.
 */
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { createDb } from '../../db/index.js';
import { publicReads } from '../../data/reads/public-reads.js';
import { publicRequest } from '../../domain/public-pages.js';
import { matchPage } from '../../domain/paths.js';
import { DEFAULT_SITE_CONFIG } from '../../domain/site-config.js';
import { PageRenderer } from '../../server/ssr/renderer.js';
import { PageTemplate } from '../../server/ssr/page-template.js';

const WARMUP = 50;
const RUNS = 200;
const BATCHES = 5;

const [url, ...paths] = process.argv.slice(2);
if (!url || paths.length === 0) throw new Error('usage: render-cpu.ts <database URL> <path>...');
const distDir = path.resolve('dist/web');
const template = new PageTemplate(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'));
// RENDER_SSR_DIR: another server build to time (e.g. one built from the code before a change).
const renderer = new PageRenderer(distDir, pino({ level: 'warn' }), process.env.RENDER_SSR_DIR ? path.resolve(process.env.RENDER_SSR_DIR) : undefined);
const db = createDb(url, { max: 2 });
try {
  for (const p of paths) {
    const [pathname, query = ''] = p.split('?');
    const request = publicRequest(matchPage(pathname), query);
    const reads = publicReads(db);
    const once = async () => {
      const app = await renderer.render(p, reads, DEFAULT_SITE_CONFIG, request);
      if (!app) throw new Error(`${p} was not rendered`);
      return app;
    };
    const app = await once();
    const first = { page: template.page(undefined, app), app };
    for (let i = 0; i < WARMUP; i++) await once();
    const batches: number[] = [];
    for (let b = 0; b < BATCHES; b++) {
      const start = process.cpuUsage();
      // The page's bytes as the server sends them (server/routes/pages.ts).
      for (let i = 0; i < RUNS; i++) template.bytes(undefined, await once());
      const used = process.cpuUsage(start);
      batches.push((used.user + used.system) / RUNS);
    }
    batches.sort((a, b) => a - b);
    const island = JSON.stringify(first.app.state).length;
    console.log(`${p}: ${Math.round(batches[BATCHES >> 1])} µs CPU a render, ${Buffer.byteLength(first.page)} bytes of HTML, ${island} bytes of data island, ${first.app.html.length} of app markup`);
  }
} finally {
  await db.destroy();
}
