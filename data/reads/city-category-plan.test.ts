import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, statementsSent, type TestDb } from '../../db/test-db.js';
import { cityCategoryFilters, districtCategoryFilters } from '../../domain/public-pages.js';
import type { ListFilters } from '../../domain/search.js';
import { insertSpreadDirectory } from './plan.fixtures.js';
import { publicReads } from './public-reads.js';
import { newMemos } from './search-memo.js';

/**
 * A category in a city (and in a district) walks the listing index of the city and the category
 * together, and reads the kept facet counts, never a scan of the whole businesses table nor an
 * intersection with every business of the category.
 */
let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
  await insertSpreadDirectory(t.db);
  // As autovacuum leaves it: every page all-visible, so an index-only scan needs no heap.
  await t.db.raw('VACUUM ANALYZE');
}, 120_000);

afterAll(async () => {
  await t?.drop();
});

/** The statements on businesses and its kept counts that the city's list under `filters` sends, in order. */
async function listStatements(filters: ListFilters, reads = publicReads(t.db)): Promise<Array<{ sql: string; bindings: unknown[] }>> {
  const city = (await reads.group('city', 'city-3'))!;
  const sent: Array<{ sql: string; bindings: unknown[] }> = [];
  const heard = (q: { sql: string; bindings?: unknown[] }) => void sent.push({ sql: q.sql, bindings: q.bindings ?? [] });
  t.db.on('query', heard);
  try {
    const page = await reads.groupBusinesses('city', city, filters);
    expect(page.items.length).toBeGreaterThan(0);
  } finally {
    t.db.removeListener('query', heard);
  }
  return sent.filter((s) => /\bbusinesses\b|\bbusiness_facets\b/.test(s.sql));
}

/**
 * The plans of the statements on businesses that the city's list under `filters` sends, in order:
 * of the first, which counts the list too, the plan from its page's ids on (their walk, then their rows).
 */
async function listPlans(filters: ListFilters): Promise<string[]> {
  const plans: string[] = [];
  for (const q of await listStatements(filters)) {
    const plan = await planOf(q);
    plans.push(plan.includes('Subquery Scan on p') ? plan.slice(plan.indexOf('Subquery Scan on p')) : plan);
  }
  return plans;
}

/** PostgreSQL's plan of a statement as it was sent ($1, $2..., in knex's placeholders again). */
async function planOf(q: { sql: string; bindings: unknown[] }): Promise<string> {
  const order: number[] = [];
  const sql = q.sql.replace(/\$(\d+)/g, (_, n: string) => (order.push(Number(n) - 1), '?'));
  const { rows } = (await t.db.raw(`EXPLAIN ${sql}`, order.map((i) => q.bindings[i]) as never)) as { rows: { 'QUERY PLAN': string }[] };
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

describe('a category in a city on a few thousand businesses', () => {
  it('lists its page from the index of the city and the category, and counts it without a sequential scan of businesses', async () => {
    const plans = await listPlans(cityCategoryFilters('kind-3', { page: 2, minRating: 3 }));
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan on businesses/);
    // The page's ids from the one index, with nothing to sort; its rows by their ids, in the same statement.
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatch(/Index Only Scan using businesses_city_category_listing_idx/);
    expect(plans[0]).not.toMatch(/Sort|BitmapAnd/);
    expect(plans[0]).toMatch(/Index Scan using businesses_pkey/);
  });

  it("reads its counts, its page's ids and their rows in one statement; with its counts kept, its page's ids and their rows in one", async () => {
    const memos = newMemos();
    const reads = () => publicReads(t.db, async () => ({ ...memos, version: '1' }));
    const first = await listStatements(cityCategoryFilters('kind-3', {}), reads());
    expect(first).toHaveLength(1);
    expect(first[0].sql).toMatch(/\bbusiness_facets\b[\s\S]*\bbusinesses\b/);
    const next = await listStatements(cityCategoryFilters('kind-3', { page: 2 }), reads());
    expect(next).toHaveLength(1);
    expect(next[0].sql).not.toMatch(/\bbusiness_facets\b/);
    // The page walked in its listing index, each of its rows probed by its key.
    const plan = await planOf(next[0]);
    expect(plan).toMatch(/Index Only Scan using businesses_city_category_listing_idx/);
    expect(plan).toMatch(/Index Scan using businesses_pkey on businesses b\b/);
    expect(plan).not.toMatch(/Seq Scan on businesses/);
  });

  it("in a district lists its page from the district's listing index", async () => {
    await t.db.raw(`UPDATE businesses SET district = CASE WHEN id % 2 = 0 THEN 'Moda' ELSE 'Fenerbahçe' END`);
    await t.db.raw('VACUUM ANALYZE businesses');
    const plans = await listPlans(districtCategoryFilters('kind-3', 'Moda', {}));
    expect(plans[0]).toMatch(/Index Only Scan using businesses_district_listing_idx/);
    expect(plans[0]).not.toMatch(/Sort|BitmapAnd/);
  });
});

describe("a category in a city's first view, prepared", () => {
  /** The statement on the kept counts that the first view of kind-3 in city-3 under `filters` sends (a memo of its own: a first view each time). */
  async function counting(filters: ListFilters, reads = publicReads(t.db)) {
    const city = (await reads.group('city', 'city-3'))!;
    const sent = await statementsSent(t.db, () => reads.groupBusinesses('city', city, filters));
    return sent.filter((s) => /\bbusiness_facets\b/.test(s.sql));
  }

  it('is a named statement on its first page, whose generic plan walks the same index and probes its rows by their key', async () => {
    const [first] = await counting(cityCategoryFilters('kind-3', {}));
    expect(first.options?.name).toMatch(/^rehber_list_first_/);
    // The page's size is in the text: a generic plan that knows neither it nor the offset plans for a tenth of the list.
    expect(first.sql).not.toMatch(/LIMIT \$\d+/);
    const { rows } = (await t.db.raw(`EXPLAIN (GENERIC_PLAN) ${first.sql}`)) as { rows: { 'QUERY PLAN': string }[] };
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index Only Scan using businesses_city_category_listing_idx/);
    expect(plan).toMatch(/Index Scan using businesses_pkey on businesses b\b/);
    // Never the whole table hashed to join a page's few rows.
    expect(plan).not.toMatch(/Seq Scan on businesses|Hash Left Join|Hash Cond: \(b\.id/);
  });

  it('is named again for its later view (its counts kept), whose generic plan walks the same index and probes its rows by their key', async () => {
    const memos = newMemos();
    const reads = () => publicReads(t.db, async () => ({ ...memos, version: '1' }));
    await counting(cityCategoryFilters('kind-3', {}), reads());
    const city = (await reads().group('city', 'city-3'))!;
    const later = (await statementsSent(t.db, () => reads().groupBusinesses('city', city, cityCategoryFilters('kind-3', {})))).filter((s) => /\bbusinesses\b/.test(s.sql));
    expect(later).toHaveLength(1);
    expect(later[0].options?.name).toMatch(/^rehber_list_first_/);
    expect(later[0].sql).not.toMatch(/LIMIT \$\d+/);
    const { rows } = (await t.db.raw(`EXPLAIN (GENERIC_PLAN) ${later[0].sql}`)) as { rows: { 'QUERY PLAN': string }[] };
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index Only Scan using businesses_city_category_listing_idx/);
    expect(plan).toMatch(/Index Scan using businesses_pkey on businesses b\b/);
    expect(plan).not.toMatch(/Seq Scan on businesses|Hash Left Join|Hash Cond: \(b\.id/);
  });

  it('gives the same page and counts under its generic plan as under a plan of its own', async () => {
    const read = (mode: string) =>
      t.db.transaction(async (trx) => {
        await trx.raw(`SET LOCAL plan_cache_mode = ${mode}`);
        const city = (await publicReads(trx as never).group('city', 'city-3'))!;
        return publicReads(trx as never).groupBusinesses('city', city, cityCategoryFilters('kind-3', {}));
      });
    const custom = await read('force_custom_plan');
    expect(custom.items.length).toBeGreaterThan(0);
    expect(await read('force_generic_plan')).toEqual(custom);
  });

  it('is planned at each call past its first page, filtered or in another order', async () => {
    for (const filters of [cityCategoryFilters('kind-3', { page: 2 }), cityCategoryFilters('kind-3', { minRating: 3 }), cityCategoryFilters('kind-3', { sort: 'name' })]) {
      const [first] = await counting(filters);
      expect(first.options?.name, JSON.stringify(filters)).toBeUndefined();
    }
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

describe('a category in a district of a big city, its district one of few', () => {
  // As the generated directory has them: a fiftieth of the businesses name a district. Here kind-3
  // is a big category of city-3 (as restaurants are of New York), a few of its businesses in Moda,
  // and a few of another kind beside them (the district's category facet).
  beforeAll(async () => {
    await t.db.raw(`INSERT INTO businesses (name, slug, address, identity_key, city_id, category_id, rating, review_count, district)
                    SELECT 'Diner ' || i, 'diner-' || i, i || ' Avenue', 'n:diner' || i, (SELECT id FROM cities WHERE slug = 'city-3'),
                           (SELECT id FROM categories WHERE slug = 'kind-3'), (i % 50) / 10.0, i % 89, CASE WHEN i % 40 = 0 THEN 'Moda' END
                      FROM generate_series(1, 3000) i`);
    await t.db.raw(`UPDATE businesses SET district = NULL WHERE slug NOT LIKE 'diner-%'`);
    await t.db.raw(`UPDATE businesses SET district = 'Moda' WHERE city_id = (SELECT id FROM cities WHERE slug = 'city-3') AND (id / 40) % 10 = 0`);
    await t.db.raw(`UPDATE businesses SET district = 'Fenerbahçe' WHERE city_id = (SELECT id FROM cities WHERE slug = 'city-3') AND (id / 40) % 10 = 1`);
    await t.db.raw(`UPDATE businesses SET category_id = (SELECT id FROM categories WHERE slug = 'kind-5'), is_verified = true
                      WHERE city_id = (SELECT id FROM cities WHERE slug = 'city-3') AND (id / 40) % 30 IN (0, 3)`);
    await t.db.raw('VACUUM ANALYZE');
  });

  it("walks its district's own listing index: its page is the index's first entries, nothing sorted, no other district's entry read", async () => {
    for (const page of [1, 2]) {
      const plans = await listPlans(districtCategoryFilters('kind-3', 'Moda', { page }));
      expect(plans[0], `page ${page}`).toMatch(/Index Only Scan using businesses_district_listing_idx/);
      expect(plans[0], `page ${page}`).not.toMatch(/Sort|Bitmap/);
    }
  });

  it('counts its facets from its category\'s and its district\'s kept rows of the city alone', async () => {
    const reads = publicReads(t.db);
    const city = (await reads.group('city', 'city-3'))!;
    const sent = await statementsSent(t.db, () => reads.groupBusinesses('city', city, districtCategoryFilters('kind-3', 'Moda', {})));
    const counting = sent.filter((s) => /\bbusiness_facets\b/.test(s.sql));
    expect(counting).toHaveLength(1);
    const order: number[] = [];
    const sql = counting[0].sql.replace(/\$(\d+)/g, (_, n: string) => (order.push(Number(n) - 1), '?'));
    const { rows } = (await t.db.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, order.map((i) => counting[0].bindings[i]) as never)) as { rows: { 'QUERY PLAN': unknown }[] };
    const scans = nodes((rows[0]['QUERY PLAN'] as [{ Plan: PlanNode }])[0].Plan).filter((n) => n['Relation Name'] === 'business_facets');
    expect(scans).toHaveLength(1);
    const [{ kept, theirs }] = (
      await t.db.raw(
        `SELECT count(*)::int AS kept, count(*) FILTER (WHERE f.category_id = k.id OR f.district = 'Moda')::int AS theirs
           FROM business_facets f, categories k WHERE k.slug = 'kind-3' AND f.n <> 0 AND f.city_id = (SELECT id FROM cities WHERE slug = 'city-3')`,
      )
    ).rows as { kept: number; theirs: number }[];
    expect(theirs).toBeLessThan(kept);
    expect(scans[0]['Actual Rows']).toBe(theirs);
  });

  it('counts what its businesses are: the total and every facet as counted from the businesses themselves', async () => {
    const reads = publicReads(t.db);
    const city = (await reads.group('city', 'city-3'))!;
    const page = await reads.groupBusinesses('city', city, districtCategoryFilters('kind-3', 'Moda', {}));
    const count = async (where: string) =>
      (
        (await t.db.raw(
          `SELECT count(*)::int AS n FROM businesses b JOIN categories k ON k.id = b.category_id JOIN cities c ON c.id = b.city_id
            WHERE b.is_active AND c.slug = 'city-3' AND ${where}`,
        )) as { rows: { n: number }[] }
      ).rows[0].n;
    const both = `k.slug = 'kind-3' AND b.district = 'Moda'`;
    expect(page.pagination.total).toBe(await count(both));
    expect(page.items.map((b) => b.district)).toEqual(page.items.map(() => 'Moda'));
    const categories = (await t.db.raw(
      `SELECT k.slug, count(*)::int AS n FROM businesses b JOIN categories k ON k.id = b.category_id JOIN cities c ON c.id = b.city_id
        WHERE b.is_active AND c.slug = 'city-3' AND b.district = 'Moda' GROUP BY k.slug ORDER BY 2 DESC, 1`,
    )) as { rows: { slug: string; n: number }[] };
    expect(categories.rows.length).toBe(2);
    expect(page.facets!.categories.map((c) => [c.value, c.count])).toEqual(categories.rows.map((r) => [r.slug, r.n]));
    expect(page.facets!.districts.map((d) => [d.value, d.count])).toEqual([
      ['Moda', await count(both)],
      ['Fenerbahçe', await count(`k.slug = 'kind-3' AND b.district = 'Fenerbahçe'`)],
    ].sort((a, b) => Number(b[1]) - Number(a[1])));
    expect(page.facets!.verified).toBe(await count(`${both} AND b.is_verified`));
    for (const r of page.facets!.ratings) expect(r.count, `rating ${r.min}`).toBe(await count(`${both} AND floor(b.rating * 2) / 2 >= ${r.min}`));
  });
});
