import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test-db.js';
import { nearestWithPage } from './nearby.js';
import { businessesById } from './search.js';
import { toBusiness } from './businesses.js';
import { ISTANBUL, seedNearby } from '../../data/reads/nearby.fixtures.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await seedNearby(t.db);
});
afterAll(async () => {
  await t.drop();
});

describe('the nearby statements and their indexes', () => {
  it('need only extensions a database owner may create (the application role is no superuser)', async () => {
    const { rows } = await t.db.raw(`SELECT e.extname FROM pg_extension e JOIN pg_available_extension_versions v ON v.name = e.extname AND v.version = e.extversion
                                      WHERE e.extname <> 'plpgsql' AND NOT v.trusted`);
    expect(rows).toEqual([]);
  });

  it('measure great-circle metres: İstanbul to Austin about 10,395 km, within a metre of the sphere', async () => {
    const [austin] = (await nearestWithPage(t.db, { lat: 30.2672, lng: -97.7431 }, undefined, {}, null, 1, null, true)).all;
    expect(austin.distance).toBeLessThan(1);
    const far = (await nearestWithPage(t.db, ISTANBUL, 20_000, {}, null, 10, null, true)).all.filter((c) => !c.approximate);
    expect(Math.round(far.at(-1)!.distance / 1000)).toBe(10_395);
  });

  it('have their earth functions inlined: no row runs a function call of its own for its point, distance or box', async () => {
    const { rows } = await t.db.raw(`EXPLAIN VERBOSE SELECT rehber_earth_distance(rehber_earth_point(41, 29), rehber_earth_point(b.latitude, b.longitude)) FROM businesses b
                                      WHERE rehber_earth_box(rehber_earth_point(?::float8, ?::float8), ?::float8) @> rehber_earth_point(b.latitude, b.longitude)
                                      ORDER BY rehber_earth_point(b.latitude, b.longitude) <-> rehber_earth_point(41, 29)`, [41, 29, 5000]);
    const plan = (rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/cube_distance/);
    expect(plan).not.toMatch(/rehber_earth_/);
  });

  it('walk the index in order of distance when PostgreSQL is told to use it (the expression matches)', async () => {
    await t.db.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      await trx.raw('SET LOCAL enable_bitmapscan = off');
      const { rows } = await trx.raw(`EXPLAIN SELECT b.id FROM businesses b WHERE b.is_active AND b.latitude IS NOT NULL AND b.longitude IS NOT NULL AND NOT b.coordinates_approximate
                                       ORDER BY rehber_earth_point(b.latitude, b.longitude) <-> rehber_earth_point(41, 29) LIMIT 5`);
      const plan = (rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
      // Over a handful of rows the planner may as well walk the (category, point) index whole.
      expect(plan).toMatch(/Index Scan using businesses_nearby_(category_)?idx /);
      expect(plan).toMatch(/Order By/);
    });
  });

  it("walk one category's share of an index of (category, point) when the list has a category, precise and approximate apart", async () => {
    const [cafe] = await t.db('categories').where({ slug: 'cafe' }).pluck('id');
    for (const [approximate, index] of [['NOT ', 'businesses_nearby_category_idx'], ['', 'businesses_nearby_category_approximate_idx']]) {
      await t.db.transaction(async (trx) => {
        await trx.raw('SET LOCAL enable_seqscan = off');
        await trx.raw('SET LOCAL enable_bitmapscan = off');
        const { rows } = await trx.raw(`EXPLAIN SELECT b.id FROM businesses b WHERE b.is_active AND b.category_id = ? AND b.latitude IS NOT NULL AND b.longitude IS NOT NULL AND ${approximate}b.coordinates_approximate
                                         ORDER BY rehber_earth_point(b.latitude, b.longitude) <-> rehber_earth_point(41, 29) LIMIT 5`, [cafe]);
        const plan = (rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
        expect(plan).toMatch(new RegExp(`Index Scan using ${index} `));
        expect(plan).toMatch(/Index Cond: \(category_id = /);
      });
    }
    const cafes = (await nearestWithPage(t.db, ISTANBUL, undefined, { categoryId: cafe }, null, 10, null, true)).all;
    expect(cafes.map((c) => c.name)).toEqual(['Galata Kahvesi', 'Kadıköy Kahvesi', 'Austin Coffee', 'Merkez Kahvesi']);
  });

  it('read the nearest, precise before approximate, and the rows of a page of them in one statement, as a read by id gives them', async () => {
    const read = await nearestWithPage(t.db, ISTANBUL, undefined, {}, null, 10, { offset: 1, count: 3 }, true);
    expect(read.all.map((c) => c.name)).toEqual(['Sultanahmet Fırını', 'Galata Kahvesi', 'Kadıköy Kahvesi', 'Şile Fırını', 'Austin Coffee', 'Merkez Kahvesi']);
    expect(read.matching).toBeNull();
    expect(read.rows.map((r) => r.name)).toEqual(['Galata Kahvesi', 'Kadıköy Kahvesi', 'Şile Fırını']);
    // The rows come as JSON: mapped, they are the very businesses a read by id gives.
    const byId = await businessesById(t.db, read.rows.map((r) => r.id));
    expect(read.rows.map(toBusiness)).toEqual(read.rows.map((r) => byId.find((b) => b.id === Number(r.id))));
  });

  it('walk the nearest under other filters only when the nearest of the base fill the limit (else they are among them)', async () => {
    const [bakery] = await t.db('categories').where({ slug: 'bakery' }).pluck('id');
    const few = await nearestWithPage(t.db, ISTANBUL, undefined, {}, { categoryId: bakery }, 10, { offset: 0, count: 5 }, true);
    expect(few.all).toHaveLength(6);
    expect(few.matching).toEqual([]);
    const full = await nearestWithPage(t.db, ISTANBUL, undefined, {}, { categoryId: bakery }, 3, { offset: 0, count: 5 }, true);
    expect(full.all.map((c) => c.name)).toEqual(['Sultanahmet Fırını', 'Galata Kahvesi', 'Kadıköy Kahvesi']);
    expect(full.matching!.map((c) => c.name)).toEqual(['Sultanahmet Fırını', 'Şile Fırını']);
    expect(full.rows.map((r) => r.name)).toEqual(['Sultanahmet Fırını', 'Şile Fırını']);
    // Without the approximate ones, the precise alone.
    const precise = await nearestWithPage(t.db, ISTANBUL, undefined, {}, null, 10, { offset: 0, count: 10 }, false);
    expect(precise.all.map((c) => c.name)).toEqual(['Sultanahmet Fırını', 'Galata Kahvesi', 'Kadıköy Kahvesi', 'Şile Fırını', 'Austin Coffee']);
  });
});
