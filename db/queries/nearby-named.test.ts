import { describe, expect, it } from 'vitest';
import { nearestCandidates } from './nearby.js';
import type { FacetFilters } from './facets.js';
import { ISTANBUL, nearbyTestDb } from '../../data/reads/nearby.fixtures.js';

const t = nearbyTestDb();

interface Sent {
  sql: string;
  bindings: unknown[];
  options?: { name?: string };
}

/** The precise walk `f` sends (the statement ordered by distance), as knex hands it to node-postgres. */
async function walkOf(f: FacetFilters, radiusKm?: number): Promise<Sent> {
  const sent: Sent[] = [];
  const heard = (q: Sent) => void sent.push(q);
  t.db.on('query', heard);
  try {
    await nearestCandidates(t.db, ISTANBUL, radiusKm, f, false, 101);
  } finally {
    t.db.removeListener('query', heard);
  }
  const walks = sent.filter((q) => q.sql.includes('<->'));
  expect(walks).toHaveLength(1);
  return walks[0];
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

  it("is planned for its values under a filter: a generic plan does not know a city's size", async () => {
    expect((await walkOf({ cityId: 1 })).options?.name).toBeUndefined();
    expect((await walkOf({ categoryId: 1 })).options?.name).toBeUndefined();
  });

  it('walks the index in order of distance under the generic plan a named statement keeps, with and without a radius', async () => {
    for (const radiusKm of [undefined, 5]) {
      const walk = await walkOf({}, radiusKm);
      // node-postgres's form: $1, $2… in the text.
      const native = { sql: walk.sql, bindings: walk.bindings };
      expect(native.sql).toContain(`$${native.bindings.length}`);
      await t.db.transaction(async (trx) => {
        await trx.raw('SET LOCAL plan_cache_mode = force_generic_plan');
        // Over a handful of rows the planner would rather scan them: as over a million, it may not.
        await trx.raw('SET LOCAL enable_seqscan = off');
        await trx.raw('SET LOCAL enable_bitmapscan = off');
        await trx.raw(`PREPARE nearest_walk AS ${native.sql}`);
        const values = native.bindings.map((v) => (typeof v === 'number' ? String(v) : `'${String(v)}'`)).join(', ');
        const { rows } = await trx.raw(`EXPLAIN EXECUTE nearest_walk(${values})`);
        await trx.raw('DEALLOCATE nearest_walk');
        const plan = (rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
        expect(plan).toMatch(/Index Scan using businesses_nearby_(category_)?idx /);
        expect(plan).toMatch(/Order By/);
        expect(plan).not.toMatch(/Sort/);
      });
    }
  });
});
