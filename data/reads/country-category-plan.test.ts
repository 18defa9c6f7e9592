import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../db/test-db.js';
import { insertSpreadDirectory } from './plan.fixtures.js';
import { publicReads } from './public-reads.js';

/**
 * A category in a country counts its list (its total and facets) from its category's kept facet
 * counts in the country's cities alone, keyed by (category, city): not the category's counts in
 * every city of the world, the other countries' left to a join, nor the country's cities found
 * again for each facet.
 */
let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
  await insertSpreadDirectory(t.db);
  // Five of the forty cities are in Greece, the rest in Türkiye.
  await t.db('countries').insert([
    { name: 'Türkiye', slug: 'turkiye' },
    { name: 'Greece', slug: 'greece' },
  ]);
  await t.db('cities').whereIn('slug', ['city-1', 'city-2', 'city-3', 'city-4', 'city-5']).update({ country: 'Greece' });
  await t.db.raw(`UPDATE businesses b SET country = c.country FROM cities c WHERE c.id = b.city_id`);
  // As autovacuum leaves it: every page all-visible, so an index-only scan needs no heap.
  await t.db.raw('VACUUM ANALYZE');
}, 120_000);

afterAll(async () => {
  await t?.drop();
});

/** The first page of kind-3 in `country` (a first view), and the statements it sent on the kept facet counts. */
async function countryList(country: string) {
  const reads = publicReads(t.db);
  const category = (await reads.groupSummary('category', 'kind-3'))!;
  const sent: Array<{ sql: string; bindings: unknown[] }> = [];
  const heard = (q: { sql: string; bindings?: unknown[] }) => void sent.push({ sql: q.sql, bindings: q.bindings ?? [] });
  t.db.on('query', heard);
  try {
    const page = await reads.groupBusinesses('category', category, { country });
    return { page, category, sent: sent.filter((s) => /\bbusiness_facets\b/.test(s.sql)) };
  } finally {
    t.db.removeListener('query', heard);
  }
}

describe('a category in a country', () => {
  it("reads its category's kept counts of the country's cities alone, by the (category, city) index", async () => {
    const { sent } = await countryList('greece');
    expect(sent).toHaveLength(1);
    // The country's cities are found once for the statement, not again in each of its arms.
    expect(sent[0].sql.match(/FROM cities WHERE country/g)).toHaveLength(1);
    const order: number[] = [];
    const sql = sent[0].sql.replace(/\$(\d+)/g, (_, n: string) => (order.push(Number(n) - 1), '?'));
    const plan = await t.db.transaction(async (trx) => {
      // A few thousand rows fit a handful of pages, which the planner would read whole; a million's do not.
      await trx.raw('SET LOCAL enable_seqscan = off');
      const { rows } = (await trx.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, order.map((i) => sent[0].bindings[i]) as never)) as { rows: { 'QUERY PLAN': unknown }[] };
      return rows[0]['QUERY PLAN'] as [{ Plan: PlanNode }];
    });
    const scans = nodes(plan[0].Plan).filter((n) => n['Relation Name'] === 'business_facets');
    expect(scans).toHaveLength(1);
    // Through an index keyed by both: on the million, the index-only (category, city) one; on these
    // few pages the planner may take the unique key (city, category, ...) and the heap.
    const index = nodes(plan[0].Plan).filter((n) => n['Index Name']?.startsWith('business_facets'));
    expect(index).toHaveLength(1);
    expect(index[0]['Index Name']).toMatch(/^business_facets_(category_city_idx|key)$/);
    expect(index[0]['Index Cond']).toMatch(/city_id = ANY/);
    expect(index[0]['Index Cond']).toMatch(/category_id = /);
    // It read the category's rows in Greece's five cities, not in the forty.
    const { rows } = await t.db.raw(
      `SELECT count(*)::int AS n FROM business_facets f JOIN cities c ON c.id = f.city_id JOIN categories k ON k.id = f.category_id
        WHERE k.slug = 'kind-3' AND c.country = 'Greece' AND f.n <> 0`,
    );
    expect(rows[0].n).toBeGreaterThan(0);
    const { rows: everywhere } = await t.db.raw(
      `SELECT count(*)::int AS n FROM business_facets f JOIN categories k ON k.id = f.category_id WHERE k.slug = 'kind-3' AND f.n <> 0`,
    );
    expect(scans[0]['Actual Rows']).toBe(rows[0].n);
    expect(everywhere[0].n).toBeGreaterThan(rows[0].n);
  });

  it('counts what its businesses are: the total and every facet as counted from the businesses themselves', async () => {
    for (const [slug, name] of [
      ['greece', 'Greece'],
      ['turkiye', 'Türkiye'],
    ]) {
      const { page, category } = await countryList(slug);
      const { rows } = (await t.db.raw(
        `SELECT c.slug, c.name, count(*)::int AS count FROM businesses b JOIN cities c ON c.id = b.city_id
          WHERE b.is_active AND b.category_id = ? AND c.country = ? GROUP BY c.slug, c.name ORDER BY count DESC, c.slug`,
        [category.id, name],
      )) as { rows: Array<{ slug: string; name: string; count: number }> };
      expect(page.pagination.total).toBe(rows.reduce((n, r) => n + r.count, 0));
      expect(page.facets!.cities.map((c) => [c.value, c.count])).toEqual(rows.map((r) => [r.slug, r.count]));
      const { rows: rated } = await t.db.raw(`SELECT count(*)::int AS n FROM businesses b JOIN cities c ON c.id = b.city_id WHERE b.is_active AND b.category_id = ? AND c.country = ? AND b.rating >= 4`, [category.id, name]);
      expect(page.facets!.ratings.find((r) => r.min === 4)?.count).toBe(rated[0].n);
      expect(page.items.every((b) => b.country === name)).toBe(true);
    }
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

/** Every node of a plan. */
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
