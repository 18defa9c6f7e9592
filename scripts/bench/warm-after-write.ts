/**
 * Business pages kept warm while writes go on (BENCH_ONLY=warm): the server-rendered HTML of
 * POOL distinct businesses, each asked twice first (so kept), then asked at random by CONNECTIONS
 * clients while a writer changes one business of the directory every WRITE_MS. Three runs: no writes; the writes as they are (each moves the data
 * version and empties only the pages that show what it changed); the same writes each also
 * recorded as "anything may have changed", which empties every kept page, as every write did
 * before the caches kept what a write does not touch. Each beside the bare Koa + pg route of the
 * same server process (one business by slug), with the answer cache's hit ratio.
 */
import { createDb } from '../../db/index.js';
import type { BenchContext } from './context.js';
import { ensureBusinesses } from './export.js';
import { load, pick } from './http-load.js';
import { startServer } from './server-child.js';

const DURATION_MS = 10_000;
const WARMUP_MS = 2_000;
const POOL = 500;
const WRITE_MS = 50;

export async function run(ctx: BenchContext): Promise<void> {
  const rows = ctx.rows(100_000);
  await ensureBusinesses(ctx, rows);
  const db = createDb(ctx.dbUrl, { max: 2 });
  const server = await startServer(ctx.dbUrl);
  try {
    const slugs = ((await db.raw(`SELECT slug FROM businesses WHERE is_active ORDER BY random() LIMIT ${POOL}`)).rows as { slug: string }[]).map((r) => r.slug);
    const ids = ((await db.raw('SELECT min(id)::int AS lo, max(id)::int AS hi FROM businesses')).rows as { lo: number; hi: number }[])[0];
    const measured = { warmupMs: WARMUP_MS, budgetMs: () => DURATION_MS };
    const yard = await load(server.bareUrl, () => `/slug/${encodeURIComponent(pick(slugs))}`, measured);
    ctx.report({ name: 'Bare Koa + pg, one business by slug', value: yard.rps, unit: 'req/s' });
    const page = () => `/details/${pick(slugs)}`;
    const runs: Array<[string, string | null]> = [
      ['no writes', null],
      [`a write every ${WRITE_MS} ms`, ''],
      [`a write every ${WRITE_MS} ms, each emptying every page`, 'SELECT rehber_record_change(NULL)'],
    ];
    for (const [name, alsoRecord] of runs) {
      await visitAll(server.appUrl, slugs);
      const before = (await server.caches()).answers;
      let writing = alsoRecord !== null;
      let writes = 0;
      const writer = (async () => {
        while (writing) {
          const id = ids.lo + Math.floor(Math.random() * (ids.hi - ids.lo + 1));
          await db.raw('UPDATE businesses SET review_count = review_count + 1 WHERE id = ?', [id]);
          if (alsoRecord) await db.raw(alsoRecord);
          writes++;
          await new Promise((resolve) => setTimeout(resolve, WRITE_MS));
        }
      })();
      const r = await load(server.appUrl, page, measured);
      writing = false;
      await writer;
      const after = (await server.caches()).answers;
      if (r.errors > 0) throw new Error(`${name}: ${r.errors} requests failed (first status ${r.firstBadStatus})`);
      const hits = after.hits - before.hits;
      const asked = hits + after.misses - before.misses;
      const label = `Business page HTML, ${POOL.toLocaleString('en-US')} distinct of ${rows.toLocaleString('en-US')}, ${name}`;
      ctx.report({ name: label, value: r.rps, unit: 'req/s', vs: { name: 'bare Koa + pg', value: yard.rps } });
      ctx.report({ name: `${label} p99`, value: r.p99, unit: 'ms' });
      ctx.report({ name: `${label}, answer cache hit ratio`, value: asked ? hits / asked : 0, unit: `(${writes} writes)` });
    }
  } finally {
    await server.stop();
    await db.destroy();
  }
}

/** Every page asked twice (an answer is kept from its second ask), a few at a time. */
async function visitAll(base: string, slugs: string[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < slugs.length) {
        const slug = slugs[next++];
        for (let i = 0; i < 2; i++) await (await fetch(`${base}/details/${encodeURIComponent(slug)}`)).arrayBuffer();
      }
    }),
  );
}
