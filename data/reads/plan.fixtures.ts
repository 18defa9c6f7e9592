import type { Db } from '../../db/index.js';
import { statementsSent } from '../../db/test-db.js';

/**
 * 6,000 businesses spread evenly over 40 cities and 20 categories, with varied ratings: enough rows
 * for the planner to choose as it would on a real directory, for the tests that pin a read's plan.
 */
export async function insertSpreadDirectory(db: Db): Promise<void> {
  await db.raw(`INSERT INTO cities (name, slug, country) SELECT 'City ' || i, 'city-' || i, 'Türkiye' FROM generate_series(1, 40) i`);
  await db.raw(`INSERT INTO categories (name, slug) SELECT 'Kind ' || i, 'kind-' || i FROM generate_series(1, 20) i`);
  await db.raw(`INSERT INTO businesses (name, slug, address, identity_key, city_id, category_id, rating, review_count)
                SELECT 'Shop ' || i, 'shop-' || i, i || ' Road', 'n:shop' || i,
                       (SELECT id FROM cities WHERE slug = 'city-' || (i % 40 + 1)), (SELECT id FROM categories WHERE slug = 'kind-' || (i % 20 + 1)),
                       (i % 50) / 10.0, i % 97
                  FROM generate_series(1, 6000) i`);
}

/**
 * The plans of the statements `read` sends whose text `matches`, with the table's own pages priced
 * out: a few thousand rows fit a handful of pages, which the planner would read whole; a million's do not.
 */
export async function plansOfStatements(db: Db, matches: RegExp, read: () => Promise<unknown>): Promise<string[]> {
  const sent = await statementsSent(db, read);
  const plans: string[] = [];
  for (const q of sent.filter((s) => matches.test(s.sql))) {
    const order: number[] = [];
    const sql = q.sql.replace(/\$(\d+)/g, (_, n: string) => (order.push(Number(n) - 1), '?'));
    const plan = await db.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const { rows } = (await trx.raw(`EXPLAIN ${sql}`, order.map((i) => q.bindings[i]) as never)) as { rows: { 'QUERY PLAN': string }[] };
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    plans.push(plan);
  }
  return plans;
}
