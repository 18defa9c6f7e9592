import { beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { down, up } from './20261209G-trim-import-indexes.js';
import { down as indexCentresOnceDown } from './20261210N-index-city-centres-once.js';

const plan = async (trx: Knex.Transaction, sql: string, bindings: Knex.RawBinding[] = []) =>
  ((await trx.raw(`EXPLAIN ${sql}`, bindings)).rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');

const indexNames = async (db: Knex) => (await db('pg_indexes').where({ tablename: 'businesses' }).pluck('indexname')).sort();

describe('migration 20261209G: fewer indexes for an import to build, the reads unchanged', () => {
  const t = useTestDb();
  // The schema as this migration left it: a later one indexes the businesses at a city's centre otherwise.
  beforeAll(async () => {
    await t.db.transaction((trx) => indexCentresOnceDown(trx));
  });

  it('drops the country btree; a read by country walks the country listing index', async () => {
    expect(await indexNames(t.db)).not.toContain('businesses_country_idx');
    // Rows in ten countries (one in a hundred of the one asked) and their statistics, all rolled back: on an empty table every index
    // costs the same, and which the planner takes is a tie's chance, not the schema's answer.
    const rolledBack = new Error('rolled back');
    await expect(
      t.db.transaction(async (trx) => {
        await trx.raw(
          `INSERT INTO businesses (name, slug, address, identity_key, country)
           SELECT 'Shop ' || i, 'country-shop-' || i, i || ' Road', 'n:country-shop' || i,
                  CASE WHEN i % 100 = 0 THEN 'Türkiye' ELSE (ARRAY['Germany','France','Spain','Italy','Japan','Brazil','India','Kenya','Peru'])[i % 9 + 1] END
             FROM generate_series(1, 5000) i`,
        );
        await trx.raw('ANALYZE businesses');
        await trx.raw('SET LOCAL enable_seqscan = off');
        await trx.raw('SET LOCAL enable_bitmapscan = off');
        expect(await plan(trx, `SELECT b.id FROM businesses b WHERE b.is_active AND b.country = ? LIMIT 20`, ['Türkiye'])).toMatch(
          /Index (Only )?Scan using businesses_country_category_listing_idx /,
        );
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });

  it('walks the businesses at a city centre nearest first through the index keyed by point and id, in the order a sort gives', async () => {
    const cities = await t.db('cities')
      .insert([
        { name: 'Near', slug: 'near', country: 'Türkiye', latitude: 41.01, longitude: 28.98 },
        { name: 'Far', slug: 'far', country: 'Türkiye', latitude: 39.93, longitude: 32.86 },
      ])
      .returning(['id', 'latitude', 'longitude']);
    // Many businesses on two points, as an import without coordinates stores them: a GiST page of equal keys.
    await t.db.raw(
      `INSERT INTO businesses (name, slug, address, identity_key, city_id, latitude, longitude, coordinates_approximate)
       SELECT 'Shop ' || i, 'shop-' || i, i || ' Road', 'n:shop' || i, c.id, c.latitude, c.longitude, true
         FROM generate_series(1, 1500) i JOIN cities c ON c.id = CASE WHEN i % 3 = 0 THEN ?::int ELSE ?::int END`,
      [cities[1].id, cities[0].id],
    );
    await t.db.raw('ANALYZE businesses');
    // Nearest first, as the list near a point asks (its ties are ordered by id after the walk); the
    // first 1,000 are every business at the nearer centre, so the ties do not decide which are read.
    const nearest = `SELECT b.id, round((rehber_earth_point(b.latitude, b.longitude) <-> rehber_earth_point(41, 29))::numeric) AS metres FROM businesses b
      WHERE b.is_active AND b.latitude IS NOT NULL AND b.longitude IS NOT NULL AND b.coordinates_approximate
      ORDER BY rehber_earth_point(b.latitude, b.longitude) <-> rehber_earth_point(41, 29) LIMIT 1000`;
    const byDistanceThenId = (rows: Array<{ id: string; metres: string }>) => [...rows].sort((a, b) => Number(a.metres) - Number(b.metres) || Number(a.id) - Number(b.id));
    const walked = await t.db.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      await trx.raw('SET LOCAL enable_bitmapscan = off');
      expect(await plan(trx, nearest)).toMatch(/Index Scan using businesses_nearby_approximate_idx /);
      return (await trx.raw(nearest)).rows;
    });
    const sorted = await t.db.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_indexscan = off');
      await trx.raw('SET LOCAL enable_bitmapscan = off');
      return (await trx.raw(nearest)).rows;
    });
    expect(walked).toHaveLength(1000);
    expect(walked.map((r: { metres: string }) => r.metres)).toEqual(sorted.map((r: { metres: string }) => r.metres));
    expect(byDistanceThenId(walked)).toEqual(byDistanceThenId(sorted));
  });

  it('is undone by its down and done again by its up', async () => {
    const after = await indexNames(t.db);
    await down(t.db);
    expect(await indexNames(t.db)).toContain('businesses_country_idx');
    await up(t.db);
    expect(await indexNames(t.db)).toEqual(after);
  });
});
