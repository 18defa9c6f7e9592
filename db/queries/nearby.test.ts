import { describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { getBusinessPageBySlug, nearestCandidates, nearestNeighbours } from './nearby.js';
import { nearbyRow } from '../../domain/card-row.js';
import { businessesById } from './search.js';
import { readLabels, type FacetFilters } from './facets.js';
import type { GeoPoint } from '../../domain/nearby.js';
import { ISTANBUL, nearbyTestDb } from '../../data/reads/nearby.fixtures.js';

const t = nearbyTestDb();

/** The nearest `limit` precise ones, then the approximate ones nearest (the read service's order). */
const nearest = async (point: GeoPoint, radiusKm: number | undefined, f: FacetFilters, limit: number) => [
  ...(await nearestCandidates(t.db, point, radiusKm, f, false, limit)),
  ...(await nearestCandidates(t.db, point, radiusKm, f, true, limit)),
];

describe('the nearby statements and their indexes', () => {
  it('need only extensions a database owner may create (the application role is no superuser)', async () => {
    const { rows } = await t.db.raw(`SELECT e.extname FROM pg_extension e JOIN pg_available_extension_versions v ON v.name = e.extname AND v.version = e.extversion
                                      WHERE e.extname <> 'plpgsql' AND NOT v.trusted`);
    expect(rows).toEqual([]);
  });

  it('measure great-circle metres: İstanbul to Austin about 10,395 km, within a metre of the sphere', async () => {
    const [austin] = await nearest({ lat: 30.2672, lng: -97.7431 }, undefined, {}, 1);
    expect(austin.distance).toBeLessThan(1);
    const far = (await nearest(ISTANBUL, 20_000, {}, 10)).filter((c) => !c.approximate);
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
      // Over a handful of rows the planner may as well walk the (category, point) or (city, point) index whole.
      expect(plan).toMatch(/Index Scan using businesses_nearby_(category_|city_)?idx /);
      expect(plan).toMatch(/Order By/);
    });
  });

  it("walk one category's share of an index of (category, point) when the list has a category; the approximate ones through their cities", async () => {
    const [cafe] = await t.db('categories').where({ slug: 'cafe' }).pluck('id');
    await t.db.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      await trx.raw('SET LOCAL enable_bitmapscan = off');
      const { rows } = await trx.raw(`EXPLAIN SELECT b.id FROM businesses b WHERE b.is_active AND b.category_id = ? AND b.latitude IS NOT NULL AND b.longitude IS NOT NULL AND NOT b.coordinates_approximate
                                       ORDER BY rehber_earth_point(b.latitude, b.longitude) <-> rehber_earth_point(41, 29) LIMIT 5`, [cafe]);
      const plan = (rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index Scan using businesses_nearby_category_idx /);
      expect(plan).toMatch(/Index Cond: \(category_id = /);
    });
    const cafes = await nearest(ISTANBUL, undefined, { categoryId: cafe }, 10);
    expect(cafes.map((c) => c.name)).toEqual(['Galata Kahvesi', 'Kadıköy Kahvesi', 'Austin Coffee', 'Merkez Kahvesi']);
  });

  it('read a few matches whole and sort them by distance as the walk orders them, with or without their page rows (sparse)', async () => {
    const [cafe] = await t.db('categories').where({ slug: 'cafe' }).pluck('id');
    for (const f of [{}, { categoryId: cafe }, { hasPhone: true }] as FacetFilters[]) {
      for (const radiusKm of [undefined, 5]) {
        const walked = await nearestCandidates(t.db, ISTANBUL, radiusKm, f, false, 3);
        const sent: string[] = [];
        const heard = (q: { sql: string }) => void sent.push(q.sql);
        t.db.on('query', heard);
        const read = await nearestCandidates(t.db, ISTANBUL, radiusKm, f, false, 3, undefined, undefined, true).finally(() => t.db.off('query', heard));
        expect(sent.some((q) => q.includes('enable_indexscan = off'))).toBe(true);
        expect(read).toEqual(walked);
        // With the page's rows: each candidate carries its row's maker, so the values are compared.
        const withRows = { from: 1, to: 2 };
        const plain = (cs: unknown[]) => JSON.parse(JSON.stringify(cs));
        const [sparseRows, walkedRows] = [await nearestCandidates(t.db, ISTANBUL, radiusKm, f, false, 3, undefined, withRows, true), await nearestCandidates(t.db, ISTANBUL, radiusKm, f, false, 3, undefined, withRows)];
        expect(plain(sparseRows)).toEqual(plain(walkedRows));
        expect(sparseRows.map((c) => c.business?.(new Map())?.slug)).toEqual(walkedRows.map((c) => c.business?.(new Map())?.slug));
      }
    }
  });

  it("read the approximate ones city by city: the cities' centres nearest first, each city's from its btree, with no sort after", async () => {
    const [cafe] = await t.db('categories').where({ slug: 'cafe' }).pluck('id');
    for (const f of [{}, { categoryId: cafe }] as FacetFilters[]) {
      const statements: { sql: string; bindings: unknown[] }[] = [];
      const record = (q: { sql: string; bindings: unknown[] }) => statements.push(q);
      t.db.on('query', record);
      await nearestCandidates(t.db, ISTANBUL, undefined, f, true, 10);
      t.db.off('query', record);
      const plan = await t.db.transaction(async (trx) => {
        await trx.raw('SET LOCAL enable_seqscan = off');
        await trx.raw('SET LOCAL enable_bitmapscan = off');
        const { rows } = await trx.raw(`EXPLAIN ${statements[0].sql.replace(/\$\d+/g, '?')}`, statements[0].bindings as Knex.RawBinding[]);
        return (rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toMatch(/Index Scan using cities_centre_idx /);
      expect(plan).toMatch(/Index Scan using businesses_approximate_city_idx /);
      // Only the inner LIMIT's order: the cities' walk gives the outer one.
      expect(plan).not.toMatch(/Sort/);
    }
  });

  it('read the precise and the approximate apart, each nearest first', async () => {
    const precise = await nearestCandidates(t.db, ISTANBUL, undefined, {}, false, 10);
    expect(precise.map((c) => c.name)).toEqual(['Sultanahmet Fırını', 'Galata Kahvesi', 'Kadıköy Kahvesi', 'Şile Fırını', 'Austin Coffee']);
    const placed = await nearestCandidates(t.db, ISTANBUL, undefined, {}, true, 10);
    expect(placed.map((c) => c.name)).toEqual(['Merkez Kahvesi']);
    expect(placed.every((c) => c.approximate) && precise.every((c) => !c.approximate)).toBe(true);
  });

  it("read the whole rows of the places asked with the precise walk (the same businesses a read by id gives), the others' not", async () => {
    for (const f of [{}, { cityId: (await t.db('cities').where({ slug: 'istanbul' }).pluck('id'))[0] }] as FacetFilters[]) {
      const plain = await nearestCandidates(t.db, ISTANBUL, undefined, f, false, 10);
      const walked = await nearestCandidates(t.db, ISTANBUL, undefined, f, false, 10, undefined, { from: 2, to: 3 });
      expect(walked.map(({ business: _, ...c }) => c)).toEqual(plain);
      expect(walked.map((c) => c.business !== undefined)).toEqual(plain.map((_, i) => i === 1 || i === 2));
      const { rows } = await businessesById(t.db, [walked[1].id, walked[2].id]);
      // Their categories' and cities' names are the labels the read service keeps.
      const labels = await readLabels(t.db, walked.flatMap((c) => [`category:${c.category_id}`, `city:${c.city_id}`]));
      expect([walked[1].business!(labels), walked[2].business!(labels)]).toEqual([walked[1].id, walked[2].id].map((id) => rows.find((b) => b.id === id)));
    }
  });

  it("read a business page's neighbours as their compact cards' rows: nearestNeighbours' businesses as nearbyRow keeps them, key for key", async () => {
    const precise = (await t.db('businesses').where({ is_active: true, coordinates_approximate: false }).whereNotNull('latitude').orderBy('id').select('id', 'slug', 'latitude', 'longitude')) as { id: number; slug: string; latitude: number; longitude: number }[];
    expect(precise.length).toBeGreaterThan(2);
    for (const b of precise) {
      const page = await getBusinessPageBySlug(t.db, b.slug, 6);
      const { businesses } = await nearestNeighbours(t.db, Number(b.id), { lat: b.latitude, lng: b.longitude }, 6);
      expect(businesses.length).toBeGreaterThan(0);
      expect(JSON.stringify(page!.neighbours)).toBe(JSON.stringify(businesses.map(nearbyRow)));
    }
  });
});
