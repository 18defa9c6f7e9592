import type { Knex } from 'knex';

/**
 * Two btrees fewer for an import to build or keep up, the reads served as before.
 *
 * - The slug's unique key becomes a unique index in text_pattern_ops, and the separate pattern
 *   index on slug (20261121B) goes. That one index answers both what the two did: equality (the
 *   business view, the redirects, the load's clash checks: text_pattern_ops' equality is the
 *   ordinary one) and the prefix of a link without its place-id suffix (LIKE 'name-%', which the
 *   default opclass cannot serve under a non-C collation). Nothing orders by slug through it. It
 *   is a unique index rather than a constraint (a constraint takes only the default opclass):
 *   ON CONFLICT (slug) infers it all the same, and a clash still names businesses_slug_unique.
 * - The city's and the category's btrees keep their column and lose the rating after it. They
 *   serve the foreign keys' SET NULL, the cleanup of cities no business names, the admin's
 *   filters and the search's bitmap of a city's rows, all by the id alone; every ordered read of a
 *   city or category is of active businesses and walks a listing index. A single integer column
 *   deduplicates to about a quarter of the size and builds in about half the time.
 */
const NARROWED = ['city', 'category'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  await knex.raw('CREATE UNIQUE INDEX businesses_slug_pattern_unique ON businesses (slug text_pattern_ops)');
  await knex.raw('ALTER TABLE businesses DROP CONSTRAINT businesses_slug_unique');
  await knex.raw('DROP INDEX businesses_slug_pattern_idx');
  await knex.raw('ALTER INDEX businesses_slug_pattern_unique RENAME TO businesses_slug_unique');
  for (const kind of NARROWED) {
    await knex.raw(`DROP INDEX businesses_${kind}_idx`);
    await knex.raw(`CREATE INDEX businesses_${kind}_idx ON businesses (${kind}_id)`);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  for (const kind of NARROWED) {
    await knex.raw(`DROP INDEX businesses_${kind}_idx`);
    await knex.raw(`CREATE INDEX businesses_${kind}_idx ON businesses (${kind}_id, rating DESC)`);
  }
  await knex.raw('CREATE INDEX businesses_slug_pattern_idx ON businesses (slug text_pattern_ops)');
  await knex.raw('DROP INDEX businesses_slug_unique');
  await knex.raw('ALTER TABLE businesses ADD CONSTRAINT businesses_slug_unique UNIQUE (slug)');
}
