import type { Knex } from 'knex';

/**
 * A city's and a category's "open now" list (its page and its count up to a cap) walk the
 * listing index of the city or category and test each entry's week at the minute. Without the
 * week in the index, each entry walked was a row of the table read for its `open_week` (two or
 * three read for each open one), and the count was planned as a bitmap of the whole city. With the
 * week carried in the index (INCLUDE: not a key, so the order and the plain lists are unchanged),
 * both are index-only scans. The index is about three times as wide (the week is the widest value
 * in it); it replaces the one before, so an import keeps up the same number of indexes
 * (docs/performance.md, "Open now").
 */
const CARRIED = {
  city: 'INCLUDE (open_week)',
  // A category's rows lie in every zone: each is tested at its own city's minute.
  category: 'INCLUDE (city_id, open_week)',
} as const;

async function rebuild(knex: Knex, kind: keyof typeof CARRIED, include: string): Promise<void> {
  await knex.raw(`CREATE INDEX businesses_${kind}_listing_next_idx ON businesses (${kind}_id, rating DESC, review_count DESC, id) ${include} WHERE is_active`);
  await knex.raw(`DROP INDEX businesses_${kind}_listing_idx`);
  await knex.raw(`ALTER INDEX businesses_${kind}_listing_next_idx RENAME TO businesses_${kind}_listing_idx`);
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  for (const [kind, include] of Object.entries(CARRIED)) await rebuild(knex, kind as keyof typeof CARRIED, include);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  for (const kind of Object.keys(CARRIED)) await rebuild(knex, kind as keyof typeof CARRIED, '');
}
