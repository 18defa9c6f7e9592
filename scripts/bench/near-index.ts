/**
 * The index behind lists near a point, chosen by measurement (docs/search.md): a GiST index on
 * rehber_earth_point(latitude, longitude) (cube) against a btree on (latitude,
 * longitude) read with a bounding box, the exact distance after. On a throwaway table of `rows`
 * points spread over cities of Zipf-like sizes, one connection times the nearest 24 to points in
 * big and small cities: within 5 km, and without a radius (GiST: a walk in order of distance;
 * btree: boxes growing until 24 lie within the box's own radius), and within 5 km of one category.
 *
 * Run alone: `npx tsx scripts/bench/near-index.ts 100000 1000000` (a throwaway embedded database).
 */
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';

const CITIES = 2000;
const PAGE = 24;
const QUERIES = 200;

export interface IndexFigure {
  rows: number;
  name: string;
  medianMs: number;
  p99Ms: number;
}

/** A fixed pseudo-random sequence (the same table and points each run). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 2 ** 32;
  };
}

const centres = (() => {
  const r = random(7);
  return Array.from({ length: CITIES }, () => ({ lat: -40 + r() * 100, lng: -180 + r() * 360 }));
})();

async function fill(db: Knex, rows: number): Promise<void> {
  await db.raw('DROP TABLE IF EXISTS near_bench');
  await db.raw('CREATE UNLOGGED TABLE near_bench (id serial PRIMARY KEY, latitude float8, longitude float8, category_id int)');
  // City i holds a share of 1/(i+1) (a Zipf law): the first few are big, most are small.
  await db.raw(
    `INSERT INTO near_bench (latitude, longitude, category_id)
     SELECT c.lat + (random() - 0.5) * 0.3, c.lng + (random() - 0.5) * 0.3, (floor(100 * power(random(), 3)))::int
       FROM (SELECT g, floor(exp(random() * ln(${CITIES})))::int - 1 AS city FROM generate_series(1, ?) g) s
       JOIN (SELECT * FROM unnest(?::float8[], ?::float8[]) WITH ORDINALITY u(lat, lng, i)) c ON c.i = s.city + 1`,
    [rows, centres.map((c) => c.lat), centres.map((c) => c.lng)],
  );
  await db.raw(`SET maintenance_work_mem = '256MB'`);
  await db.raw('CREATE INDEX near_bench_earth ON near_bench USING gist (rehber_earth_point(latitude, longitude))');
  await db.raw('CREATE INDEX near_bench_latlng ON near_bench (latitude, longitude)');
  await db.raw('VACUUM ANALYZE near_bench');
}

async function time(db: Knex, run: (p: { lat: number; lng: number }) => Promise<unknown>, points: { lat: number; lng: number }[]): Promise<{ medianMs: number; p99Ms: number }> {
  for (const p of points.slice(0, 20)) await run(p);
  const ms: number[] = [];
  for (const p of points) {
    const t = performance.now();
    await run(p);
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => Number(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(2));
  return { medianMs: at(0.5), p99Ms: at(0.99) };
}

/** Degrees of latitude and longitude spanning `km` around `lat`. */
const box = (lat: number, km: number) => ({ dLat: km / 111.2, dLng: km / (111.2 * Math.max(0.01, Math.cos((lat * Math.PI) / 180))) });

export async function compareIndexes(db: Knex, rows: number): Promise<IndexFigure[]> {
  await fill(db, rows);
  const r = random(11);
  const near = (i: number) => ({ lat: centres[i].lat + (r() - 0.5) * 0.1, lng: centres[i].lng + (r() - 0.5) * 0.1 });
  const sets = {
    'big cities': Array.from({ length: QUERIES }, () => near(Math.floor(r() * 5))),
    'small cities': Array.from({ length: QUERIES }, () => near(500 + Math.floor(r() * 1500))),
  };
  const gist = (within: number | null, category: number | null) => (p: { lat: number; lng: number }) =>
    db.raw(
      `SELECT id, rehber_earth_distance(rehber_earth_point(?, ?), rehber_earth_point(latitude, longitude)) AS d FROM near_bench
        WHERE ${within === null ? 'TRUE' : `rehber_earth_box(rehber_earth_point(${p.lat}, ${p.lng}), ${within * 1000}) @> rehber_earth_point(latitude, longitude)
              AND rehber_earth_distance(rehber_earth_point(${p.lat}, ${p.lng}), rehber_earth_point(latitude, longitude)) <= ${within * 1000}`}
              ${category === null ? '' : `AND category_id = ${category}`}
        ORDER BY rehber_earth_point(latitude, longitude) <-> rehber_earth_point(?, ?) LIMIT ${PAGE}`,
      [p.lat, p.lng, p.lat, p.lng],
    );
  const inBox = (p: { lat: number; lng: number }, km: number, category: number | null) => {
    const { dLat, dLng } = box(p.lat, km);
    return db.raw(
      `SELECT id, d FROM (SELECT id, rehber_earth_distance(rehber_earth_point(?, ?), rehber_earth_point(latitude, longitude)) AS d FROM near_bench
          WHERE latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ? ${category === null ? '' : `AND category_id = ${category}`}) x
        WHERE d <= ? ORDER BY d LIMIT ${PAGE}`,
      [p.lat, p.lng, p.lat - dLat, p.lat + dLat, p.lng - dLng, p.lng + dLng, km * 1000],
    );
  };
  const btree = (within: number | null, category: number | null) => async (p: { lat: number; lng: number }) => {
    if (within !== null) return inBox(p, within, category);
    // Growing boxes: a row within the box's radius is surely among the nearest.
    for (let km = 1; ; km *= 4) {
      const { rows: found } = await inBox(p, km, category);
      if (found.length >= PAGE || km > 20_000) return found;
    }
  };
  const out: IndexFigure[] = [];
  for (const [where, points] of Object.entries(sets)) {
    const cases: [string, (p: { lat: number; lng: number }) => Promise<unknown>][] = [
      ['GiST earth point, nearest 24', gist(null, null)],
      ['btree lat/lng, growing boxes, nearest 24', btree(null, null)],
      ['GiST earth point, within 5 km', gist(5, null)],
      ['btree lat/lng, box of 5 km', btree(5, null)],
      ['GiST earth point, nearest 24 of a rare category', gist(null, 60)],
      ['btree lat/lng, growing boxes, nearest 24 of a rare category', btree(null, 60)],
    ];
    for (const [name, run] of cases) out.push({ rows, name: `${name}, ${where}`, ...(await time(db, run, points)) });
  }
  await db.raw('DROP TABLE near_bench');
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { default: setup } = await import('../test-global-setup.js');
  const { createTestDb } = await import('../../db/test-db.js');
  const teardown = await setup();
  const t = await createTestDb();
  try {
    for (const n of process.argv.slice(2).map(Number)) {
      for (const f of await compareIndexes(t.db, n)) console.log(`${f.rows}\t${f.name}\tmedian ${f.medianMs} ms\tp99 ${f.p99Ms} ms`);
    }
  } finally {
    await t.drop();
    await teardown();
  }
}
