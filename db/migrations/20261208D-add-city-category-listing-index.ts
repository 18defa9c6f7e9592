import type { Knex } from 'knex';

/**
 * A category in a city (and in one of its districts) lists its active businesses in the city
 * listing's order: without an index on both, PostgreSQL intersected the city's index with the
 * whole category's (a fifth of the directory for a restaurant) and read every match's heap page
 * to sort them, so a first view cost tens to hundreds of milliseconds (docs/performance.md). With
 * both keys and the order, the page is a walk of a few index pages; the district rides along so a
 * district's page filters in the index too.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'CREATE INDEX IF NOT EXISTS businesses_city_category_listing_idx ON businesses (city_id, category_id, rating DESC, review_count DESC, id) INCLUDE (district) WHERE is_active',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS businesses_city_category_listing_idx');
}
