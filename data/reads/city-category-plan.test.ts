import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../db/test-db.js';
import { cityCategoryFilters } from '../../domain/public-pages.js';
import { insertSpreadDirectory } from './plan.fixtures.js';
import { publicReads } from './public-reads.js';

/**
 * A category in a city reads what its city's page reads: the listing index of the city and the
 * kept facet counts, never a scan of the whole businesses table.
 */
let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
  await insertSpreadDirectory(t.db);
  await t.db.raw('ANALYZE');
}, 120_000);

afterAll(async () => {
  await t?.drop();
});

describe('a category in a city on a few thousand businesses', () => {
  it('lists its page and counts it without a sequential scan of businesses', async () => {
    const reads = publicReads(t.db);
    const city = (await reads.group('city', 'city-3'))!;
    const sent: Array<{ sql: string; bindings: unknown[] }> = [];
    const heard = (q: { sql: string; bindings?: unknown[] }) => void sent.push({ sql: q.sql, bindings: q.bindings ?? [] });
    t.db.on('query', heard);
    const page = await reads.groupBusinesses('city', city, cityCategoryFilters('kind-3', { page: 2, minRating: 3 }));
    t.db.removeListener('query', heard);
    expect(page.items.length).toBeGreaterThan(0);
    const onBusinesses = sent.filter((q) => /\bbusinesses\b/.test(q.sql));
    expect(onBusinesses.length).toBeGreaterThan(0);
    const plans: string[] = [];
    for (const q of onBusinesses) {
      // As sent ($1, $2...), in knex's placeholders again.
      const order: number[] = [];
      const sql = q.sql.replace(/\$(\d+)/g, (_, n: string) => (order.push(Number(n) - 1), '?'));
      const { rows } = (await t.db.raw(`EXPLAIN ${sql}`, order.map((i) => q.bindings[i]) as never)) as { rows: { 'QUERY PLAN': string }[] };
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan, q.sql).not.toMatch(/Seq Scan on businesses/);
      plans.push(plan);
    }
    // The page's ids come from the city's and the category's indexes (a walk of one, or both
    // intersected, as the planner weighs them); its rows by their ids.
    expect(plans[0]).toMatch(/Index Scan (using|on) businesses_(city|category|namesake)_/);
    expect(plans[1]).toMatch(/Index Scan using businesses_pkey/);
  });
});
