import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../db/test-db.js';
import { insertSpreadDirectory, plansOfStatements } from './plan.fixtures.js';
import { publicReads } from './public-reads.js';

/**
 * A city's and a category's "open now" list walk their listing index and test each entry's week
 * there: an index-only scan, never a read of each walked row from the table (two or three read
 * for each open one) nor a bitmap of the whole city to count it; the page and the count in one
 * walk, the page's rows read by id in the same statement.
 */
let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
  await insertSpreadDirectory(t.db);
  await t.db.raw(`UPDATE cities SET time_zone = 'Europe/Istanbul'`);
  // Round the clock, or weekdays 09:00-18:00: some of each list open whatever the minute.
  await t.db.raw(`UPDATE businesses SET open_week = CASE WHEN id % 3 = 0 THEN '{[0,10080)}'
                    ELSE '{[540,1080),[1980,2520),[3420,3960),[4860,5400),[6300,6840)}' END::int4multirange`);
  // As autovacuum leaves it: every page all-visible, so an index-only scan needs no heap.
  await t.db.raw('VACUUM ANALYZE');
}, 120_000);

afterAll(async () => {
  await t?.drop();
});

/** The plans of the statements on businesses that the open-now list of `kind` `slug` sends, the page's rows by id left out. */
async function openListPlans(kind: 'city' | 'category', slug: string): Promise<string[]> {
  const reads = publicReads(t.db);
  const group = (await reads.group(kind, slug))!;
  return plansOfStatements(t.db, /\bopen_week\b/, async () => {
    const page = await reads.groupBusinesses(kind, group, { openNow: true });
    expect(page.items.length).toBeGreaterThan(0);
  });
}

describe('an open-now list on a few thousand businesses', () => {
  for (const [kind, slug] of [
    ['city', 'city-3'],
    ['category', 'kind-3'],
  ] as const) {
    it(`of a ${kind} walks its page and its count in one walk of the ${kind}'s listing index, the week read there`, async () => {
      const plans = await openListPlans(kind, slug);
      // One statement: its count up to the cap, its page among the entries counted, the page's rows by id.
      expect(plans).toHaveLength(1);
      const [plan] = plans;
      expect(plan.match(/Index Only Scan using businesses_\w+/g)).toEqual([`Index Only Scan using businesses_${kind}_listing_idx`]);
      expect(plan.match(/Index Scan using businesses_\w+/g)).toEqual(['Index Scan using businesses_pkey']);
      expect(plan).not.toMatch(/Bitmap Heap Scan|Seq Scan on businesses|Sort/);
    });
  }
});
