import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { insertSpreadDirectory } from '../../data/reads/plan.fixtures.js';
import { up } from './20261214O-vacuum-businesses.js';

/** The table pages a city's listing walk read to learn whether its entries' rows are visible. */
async function heapFetches(t: ReturnType<typeof useTestDb>): Promise<number> {
  const { rows } = await t.db.transaction(async (trx) => {
    // A few thousand rows fit a handful of pages, which the planner would rather read whole.
    await trx.raw('SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off');
    return (await trx.raw(`EXPLAIN (ANALYZE, FORMAT JSON)
      SELECT b.id FROM businesses b WHERE b.is_active AND b.city_id = (SELECT id FROM cities WHERE slug = 'city-3')
       ORDER BY b.rating DESC, b.review_count DESC, b.id`)) as { rows: { 'QUERY PLAN': { Plan: Record<string, unknown> }[] }[] };
  });
  const nodes: Record<string, unknown>[] = [rows[0]['QUERY PLAN'][0].Plan];
  let fetches = 0;
  let onlyIndex = false;
  while (nodes.length) {
    const node = nodes.pop()!;
    if (node['Node Type'] === 'Index Only Scan') {
      onlyIndex = true;
      fetches += Number(node['Heap Fetches']);
    }
    nodes.push(...((node.Plans as Record<string, unknown>[] | undefined) ?? []));
  }
  expect(onlyIndex).toBe(true);
  return fetches;
}

describe('migration 20261214O: the businesses table vacuumed after its rewrite', () => {
  const t = useTestDb();

  it("leaves a list's index-only walk reading no row from the table", async () => {
    // As a rewrite leaves the table (new rows, no page marked all-visible), autovacuum kept away.
    await t.db.raw('ALTER TABLE businesses SET (autovacuum_enabled = false)');
    await insertSpreadDirectory(t.db);
    await t.db.raw('ANALYZE businesses');
    expect(await heapFetches(t)).toBeGreaterThan(0);
    await up(t.db);
    expect(await heapFetches(t)).toBe(0);
  });
});
