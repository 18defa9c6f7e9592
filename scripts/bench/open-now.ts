/**
 * "Open now" at a million businesses (BENCH_ONLY=open): requests/s, p50 and p99 under CONNECTIONS
 * clients of distinct cities' page 1 and of distinct words, each with `open=1` and without, beside the
 * yardstick (load-cases.ts). Every request carries a unique `n`, so the
 * answer cache never answers it.
 *
 * The generated directory gives its businesses eight weeks by row (`WEEKS`). A directory generated
 * before that, with the same hours everywhere, is given them once here by id, each read and stored
 * as an import stores them. How many are open depends on the hour the bench runs at (each city in
 * its own zone): the share is reported. BENCH_HTTP_ONLY=<parts of case names> runs only those cases;
 * BENCH_HTTP_PG_STATS works as in http.ts.
 */
import type { Knex } from 'knex';
import { createDb } from '../../db/index.js';
import { readWorkingHours } from '../../domain/hours-text.js';
import { openWeekText } from '../../domain/opening-status.js';
import type { BenchContext } from './context.js';
import { ensureBusinesses } from './export.js';
import { WEEKS } from './generate.js';
import { measureCases, onlyCases, sampleSlugs } from './load-cases.js';
import { cityFirstPages, readLongTail, searches, WORD_KINDS } from './long-tail.js';
import { pgStats } from './pg-stats.js';
import { startServer } from './server-child.js';

export async function run(ctx: BenchContext): Promise<void> {
  const rows = ctx.rows(1_000_000);
  await ensureBusinesses(ctx, rows);
  const openShare = await prepare(ctx.dbUrl);
  ctx.report({ name: 'Businesses open at the start of the open-now bench', value: openShare, unit: '%' });
  const tail = await readLongTail(ctx.dbUrl, 1);
  const slugs = await sampleSlugs(ctx.dbUrl);
  const server = await startServer(ctx.dbUrl);
  const statements = await pgStats(ctx.adminUrl);
  try {
    let n = 0;
    // Each list asked in turn, each with a unique `n`: never a cached answer.
    const inTurn = (list: string[], open: boolean) => {
      let i = 0;
      return () => {
        const path = list[i++ % list.length];
        return `${path}${path.includes('?') ? '&' : '?'}${open ? 'open=1&' : ''}n=${++n}`;
      };
    };
    const cities = cityFirstPages(tail);
    const words = searches(tail, WORD_KINDS, 1).map((m) => `/api/search?${new URLSearchParams({ q: m.q })}`);
    const distinctCities = `${tail.cities.length.toLocaleString('en-US')} distinct cities`;
    await measureCases(ctx, server, statements, [
      { name: `City page 1, ${distinctCities}`, next: inTurn(cities, false) },
      { name: `City page 1 open now, ${distinctCities}`, next: inTurn(cities, true) },
      { name: 'Search, distinct words', next: inTurn(words, false) },
      { name: 'Search open now, distinct words', next: inTurn(words, true) },
    ], { only: onlyCases(process.env.BENCH_HTTP_ONLY), at: `${rows.toLocaleString('en-US')} businesses`, slugs });
  } finally {
    await statements?.stop();
    await server.stop();
  }
}

/** Gives the businesses their eight weeks (once), then says which share of them is open now, in %. */
async function prepare(dbUrl: string): Promise<number> {
  const db = createDb(dbUrl, { max: 1 });
  try {
    const { rows: varied } = await db.raw(`SELECT 1 FROM businesses WHERE working_hours = ? LIMIT 1`, [WEEKS[3]]);
    if (varied.length === 0) await giveWeeks(db);
    const { rows } = await db.raw(
      `SELECT (100.0 * count(*) FILTER (WHERE rehber_open_at(b.open_week, rehber_open_minute(now(), c.time_zone))) / greatest(count(*), 1))::float AS share
         FROM businesses b JOIN cities c ON c.id = b.city_id WHERE b.is_active AND c.time_zone IS NOT NULL`,
    );
    return (rows as { share: number }[])[0].share;
  } finally {
    await db.destroy();
  }
}

async function giveWeeks(db: Knex): Promise<void> {
  const weeks = WEEKS.map((text) => {
    const hours = readWorkingHours(text);
    return { text, hours: JSON.stringify(hours), week: openWeekText(hours) ?? '' };
  });
  await db.raw(
    `UPDATE businesses b SET working_hours = w.text, business_hours = w.hours::jsonb, open_week = nullif(w.week, '')::int4multirange
       FROM unnest(?::text[], ?::text[], ?::text[]) WITH ORDINALITY AS w(text, hours, week, k)
      WHERE b.id % ${weeks.length} = w.k - 1`,
    [weeks.map((w) => w.text), weeks.map((w) => w.hours), weeks.map((w) => w.week)],
  );
  await db.raw('VACUUM ANALYZE businesses');
}
