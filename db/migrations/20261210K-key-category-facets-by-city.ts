import type { Knex } from 'knex';

/**
 * A category's kept facet counts keyed by (category, city), every other column included: a
 * category in a country reads its category's rows of the country's cities alone (Restaurant in
 * China: about a tenth of the category's rows), where an index keyed by the category alone read
 * the category's rows in every city of the world and left the other countries' to a join. The
 * category's own page reads the same index by its first column, as it read the one it replaces.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX business_facets_category_city_idx ON business_facets (category_id, city_id) INCLUDE (district, rating_floor, is_verified, has_phone, n)');
  await knex.raw('DROP INDEX business_facets_category_covering_idx');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX business_facets_category_covering_idx ON business_facets (category_id) INCLUDE (city_id, district, rating_floor, is_verified, has_phone, n)');
  await knex.raw('DROP INDEX business_facets_category_city_idx');
}
