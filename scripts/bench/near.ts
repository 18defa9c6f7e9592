/**
 * Lists near a point at a million businesses (BENCH_ONLY=near): requests/s and p99 under
 * CONNECTIONS clients of near-me searches around distinct points in big and small cities, with
 * and without a category, and a big city's page near a point, each beside the yardstick
 * (load-cases.ts). Every request carries a unique `n`, so the answer cache never
 * answers it. Then the index comparison behind the choice of index (near-index.ts) at 100,000
 * and 1,000,000 points. BENCH_NEAR_ONLY=<parts of case names, separated by |> runs only those
 * cases, without the index comparison: one case at a time on a kept million. BENCH_HTTP_PG_STATS
 * works as in http.ts.
 *
 * The generated directory places each business at its city's centre (approximate); a tenth keep
 * that, the others are given a spot of their own within about 15 km of it, once, so the nearest
 * are precise ones as in a directory whose rows carry coordinates.
 */
import { createDb } from '../../db/index.js';
import type { BenchContext } from './context.js';
import { ensureBusinesses } from './export.js';
import { pick } from './http-load.js';
import { measureCases, onlyCases, sampleSlugs } from './load-cases.js';
import { compareIndexes } from './near-index.js';
import { pgStats } from './pg-stats.js';
import { startServer } from './server-child.js';

interface Spot {
  lat: number;
  lng: number;
  city: string;
}

export async function run(ctx: BenchContext): Promise<void> {
  const rows = ctx.rows(1_000_000);
  await ensureBusinesses(ctx, rows);
  const { big, small, category, bigCity } = await prepare(ctx.dbUrl);
  const slugs = await sampleSlugs(ctx.dbUrl);
  const server = await startServer(ctx.dbUrl);
  const statements = await pgStats(ctx.adminUrl);
  try {
    let n = 0;
    // A distinct point per request (within about 2 km of a business), never a cached answer.
    const point = (spots: Spot[]) => {
      const s = pick(spots);
      return `${(s.lat + (Math.random() - 0.5) * 0.02).toFixed(5)},${(s.lng + (Math.random() - 0.5) * 0.02).toFixed(5)}`;
    };
    const q = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams({ ...params, n: String(++n) })}`;
    const near = (name: string, next: () => string) => ({ name, next });
    await measureCases(ctx, server, statements, [
      near('Near me, big cities', () => q('/api/search', { near: point(big) })),
      near('Near me, small cities', () => q('/api/search', { near: point(small) })),
      near('Near me within 5 km, big cities', () => q('/api/search', { near: point(big), radius: '5' })),
      near('Near me with a category, big cities', () => q('/api/search', { near: point(big), category })),
      near('Near me with a category, small cities', () => q('/api/search', { near: point(small), category })),
      near('Big city page near a point', () => q(`/api/cities/${bigCity}/businesses`, { near: point(big.filter((s) => s.city === bigCity)) })),
    ], { only: onlyCases(process.env.BENCH_NEAR_ONLY, '|'), at: `${rows.toLocaleString('en-US')} businesses`, slugs });
  } finally {
    await statements?.stop();
    await server.stop();
  }
  if (process.env.BENCH_NEAR_ONLY) return;
  const db = createDb(ctx.dbUrl, { max: 1 });
  try {
    for (const size of [100_000, 1_000_000]) {
      for (const f of await compareIndexes(db, ctx.rows(size))) {
        ctx.report({ name: `Index choice at ${f.rows.toLocaleString('en-US')} points: ${f.name}, one connection p99`, value: f.p99Ms, unit: 'ms' });
      }
    }
  } finally {
    await db.destroy();
  }
}

/**
 * Precise spots for nine businesses in ten (the generator gives them; a directory generated before
 * it did is given them once here), then points in the biggest and in small cities, and a common category.
 */
async function prepare(dbUrl: string): Promise<{ big: Spot[]; small: Spot[]; category: string; bigCity: string }> {
  const db = createDb(dbUrl, { max: 1 });
  try {
    const { rows: precise } = await db.raw('SELECT count(*)::int AS n FROM businesses WHERE NOT coordinates_approximate AND latitude IS NOT NULL');
    if (precise[0].n === 0) {
      await db.raw(`UPDATE businesses b SET latitude = c.latitude + (random() - 0.5) * 0.25, longitude = c.longitude + (random() - 0.5) * 0.25, coordinates_approximate = false
                      FROM cities c WHERE c.id = b.city_id AND c.latitude IS NOT NULL AND b.id % 10 <> 0`);
      await db.raw('VACUUM ANALYZE businesses');
    }
    const spots = async (order: string) =>
      (await db.raw(`SELECT b.latitude AS lat, b.longitude AS lng, c.slug AS city FROM (SELECT id, slug FROM cities WHERE business_count > 20 ORDER BY ${order} LIMIT 50) c
                       CROSS JOIN LATERAL (SELECT latitude, longitude FROM businesses b WHERE b.city_id = c.id AND NOT b.coordinates_approximate AND b.latitude IS NOT NULL LIMIT 10) b`)).rows as Spot[];
    const big = await spots('business_count DESC');
    const small = await spots('business_count ASC');
    // A category of about one business in a hundred: found near most points, never the first rows.
    const { rows: cat } = await db.raw(`SELECT slug FROM categories ORDER BY abs(business_count - (SELECT sum(business_count) / 100 FROM categories)) LIMIT 1`);
    return { big, small, category: cat[0].slug, bigCity: big[0].city };
  } finally {
    await db.destroy();
  }
}
