import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { nearestCandidates, type WalkRows } from './nearby.js';
import type { FacetFilters } from './facets.js';
import { ISTANBUL, nearbyTestDb } from '../../data/reads/nearby.fixtures.js';

const t = nearbyTestDb();

interface Sent {
  sql: string;
  bindings: unknown[];
  options?: { name?: string };
}

/** The precise walk `f` sends (the statement ordered by distance), as knex hands it to node-postgres. */
async function walkOf(f: FacetFilters, radiusKm?: number, rows?: WalkRows): Promise<Sent> {
  const sent: Sent[] = [];
  const heard = (q: Sent) => void sent.push(q);
  t.db.on('query', heard);
  try {
    await nearestCandidates(t.db, ISTANBUL, radiusKm, f, false, 101, undefined, rows);
  } finally {
    t.db.removeListener('query', heard);
  }
  const walks = sent.filter((q) => q.sql.includes('<->'));
  expect(walks).toHaveLength(1);
  return walks[0];
}

/** The plan of `walk` (sent as a named statement, under the transaction's plan_cache_mode), as EXPLAIN writes it. */
async function explained(trx: Knex.Transaction, walk: Sent, how = ''): Promise<string> {
  // node-postgres's form: $1, $2… in the text.
  expect(walk.sql).toContain(`$${walk.bindings.length}`);
  await trx.raw(`PREPARE nearest_walk AS ${walk.sql}`);
  const values = walk.bindings.map((v) => (typeof v === 'number' ? String(v) : `'${String(v)}'`)).join(', ');
  const { rows } = await trx.raw(`EXPLAIN ${how} EXECUTE nearest_walk(${values})`);
  await trx.raw('DEALLOCATE nearest_walk');
  return (rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
}

/** The estimated total cost of `walk`'s plan (its first line) under `mode`. */
async function costOf(walk: Sent, mode: 'force_generic_plan' | 'force_custom_plan'): Promise<number> {
  return t.db.transaction(async (trx) => {
    await trx.raw(`SET LOCAL plan_cache_mode = ${mode}`);
    await trx.raw('SET LOCAL enable_seqscan = off');
    await trx.raw('SET LOCAL enable_bitmapscan = off');
    const plan = await explained(trx, walk);
    return Number(/cost=[\d.]+\.\.([\d.]+)/.exec(plan)?.[1]);
  });
}

describe('the walk of the nearest precise ones', () => {
  it('is a named statement without a filter (parsed and planned once a connection), its limit in the text', async () => {
    for (const radiusKm of [undefined, 5]) {
      const walk = await walkOf({}, radiusKm);
      expect(walk.options?.name).toMatch(/^rehber_nearest_/);
      expect(walk.sql).toMatch(/LIMIT 101$/);
      // The same text, the same name: one statement a connection for every point.
      expect((await walkOf({}, radiusKm)).options?.name).toBe(walk.options?.name);
    }
    expect((await walkOf({}, 5)).options?.name).not.toBe((await walkOf({})).options?.name);
  });

  it('is a named statement under a category alone, its own for a radius or not', async () => {
    const walk = await walkOf({ categoryId: 1 });
    expect(walk.options?.name).toMatch(/^rehber_nearest_/);
    expect(walk.options?.name).not.toBe((await walkOf({})).options?.name);
    expect((await walkOf({ categoryId: 2 })).options?.name).toBe(walk.options?.name);
    expect((await walkOf({ categoryId: 1 }, 5)).options?.name).toMatch(/^rehber_nearest_/);
  });

  it('is a named statement under a city alone (its page near a point), one for every city', async () => {
    const walk = await walkOf({ cityId: 1 });
    expect(walk.options?.name).toMatch(/^rehber_nearest_/);
    expect(walk.options?.name).not.toBe((await walkOf({})).options?.name);
    expect(walk.options?.name).not.toBe((await walkOf({ categoryId: 1 })).options?.name);
    expect((await walkOf({ cityId: 2 })).options?.name).toBe(walk.options?.name);
    expect((await walkOf({ cityId: 1 }, undefined, { from: 1, to: 20 })).options?.name).toMatch(/^rehber_nearest_/);
  });

  it('is planned for its values under any other filter: no one plan is right for every city and category', async () => {
    expect((await walkOf({ categoryId: 1, cityId: 1 })).options?.name).toBeUndefined();
    expect((await walkOf({ cityId: 1, minRating: 4 })).options?.name).toBeUndefined();
    expect((await walkOf({ categoryId: 1, minRating: 4 })).options?.name).toBeUndefined();
  });

  it('walks the index in order of distance under the generic plan a named statement keeps, with and without a radius or a category', async () => {
    for (const [f, radiusKm] of [[{}, undefined], [{}, 5], [{ categoryId: 1 }, undefined], [{ categoryId: 1 }, 5], [{ cityId: 1 }, undefined], [{ cityId: 1 }, 5]] as const) {
      const walk = await walkOf(f, radiusKm);
      await t.db.transaction(async (trx) => {
        await trx.raw('SET LOCAL plan_cache_mode = force_generic_plan');
        // Over a handful of rows the planner would rather scan them: as over a million, it may not.
        await trx.raw('SET LOCAL enable_seqscan = off');
        await trx.raw('SET LOCAL enable_bitmapscan = off');
        const plan = await explained(trx, walk);
        // Over a handful of rows any of them may be walked; at a million a category's or a city's is (docs/performance.md).
        expect(plan, plan).toMatch(/Index Scan using businesses_nearby_(category_|city_)?idx /);
        // A city's walk is of its share of the (city, point) index, whatever the city's size.
        if ('cityId' in f) expect(plan, plan).toMatch(/Index Scan using businesses_nearby_city_idx [^]*Index Cond: \(+city_id = \$/);
        expect(plan).toMatch(/Order By/);
        expect(plan).not.toMatch(/Sort/);
      });
    }
  });

  it('costs as much under its generic plan as under one made for the point, so PostgreSQL keeps the generic one', async () => {
    // PostgreSQL plans a named statement for its values five times, then keeps its generic plan
    // unless that costs more than theirs (with their planning). The point's expression costed again
    // for every row of the walk made the generic plan of the walk without rows dearer by a tenth
    // at a million, and it was planned again on every call.
    const page = { from: 1, to: 2 };
    for (const [f, radiusKm, rows] of [[{}, undefined, undefined], [{}, 5, undefined], [{}, undefined, page], [{}, 5, page], [{ categoryId: 1 }, undefined, page], [{ cityId: 1 }, undefined, page], [{ cityId: 1 }, 5, page]] as const) {
      const walk = await walkOf(f, radiusKm, rows);
      const [generic, custom] = [await costOf(walk, 'force_generic_plan'), await costOf(walk, 'force_custom_plan')];
      expect(custom).toBeGreaterThan(0);
      expect(generic, `${JSON.stringify(f)}, radius ${radiusKm}, rows ${JSON.stringify(rows)}`).toBeLessThanOrEqual(custom + 0.25);
    }
  });
});
