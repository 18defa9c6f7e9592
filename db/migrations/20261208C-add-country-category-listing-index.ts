import type { Knex } from 'knex';

/**
 * A category in a country's page (the category's list within one country) walks its businesses in
 * the list's order and stops after the page, as a city's or a category's page walks its own listing
 * index (migration 20261121I). Through the category's index alone, a small country's share of a big
 * category meant reading most of the category for one page (its restaurants in a country of a few
 * thousand businesses); through its cities', sorting all of their businesses of the category.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX businesses_country_category_listing_idx ON businesses (country, category_id, rating DESC, review_count DESC, id) WHERE is_active');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX businesses_country_category_listing_idx');
}
