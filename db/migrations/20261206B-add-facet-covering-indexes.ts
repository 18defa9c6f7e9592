import type { Knex } from 'knex';

/** Every column of business_facets but the one an index is keyed by. */
const REST = (key: string) => ['city_id', 'category_id', 'district', 'rating_floor', 'is_verified', 'has_phone', 'n'].filter((c) => c !== key).join(', ');

/**
 * A city's or a category's kept facet counts (its page's total and facets, the categories it links)
 * read from an index alone: the rows of one city lie wherever the import batches that touched it
 * put them, a heap page each, and a page of the long tail (a city not read since the data changed)
 * read them all. With every column in the index they are a few neighbouring index pages
 * (docs/performance.md). The category's plain index becomes its covering one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX business_facets_city_idx ON business_facets (city_id) INCLUDE (${REST('city_id')})`);
  await knex.raw(`CREATE INDEX business_facets_category_covering_idx ON business_facets (category_id) INCLUDE (${REST('category_id')})`);
  await knex.raw('DROP INDEX business_facets_category_idx');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX business_facets_category_idx ON business_facets (category_id)');
  await knex.raw('DROP INDEX business_facets_category_covering_idx');
  await knex.raw('DROP INDEX business_facets_city_idx');
}
