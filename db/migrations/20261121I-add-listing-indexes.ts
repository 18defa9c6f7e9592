import type { Knex } from 'knex';

/**
 * A city's and a category's page (db/queries/businesses.ts listBusinessesIn) read their active
 * businesses in exactly this order, so PostgreSQL walks the index and stops after one page instead
 * of sorting every business of a big city per request. The two small partial indexes hold only
 * inactive businesses (none unless someone deactivates one): the page's total is the kept
 * business_count minus these, an index probe instead of count(*) over the city.
 */
export const LISTING_INDEXES: Record<string, string> = {
  businesses_city_listing_idx: 'ON businesses (city_id, rating DESC, review_count DESC, id) WHERE is_active',
  businesses_category_listing_idx: 'ON businesses (category_id, rating DESC, review_count DESC, id) WHERE is_active',
  businesses_city_inactive_idx: 'ON businesses (city_id) WHERE NOT is_active',
  businesses_category_inactive_idx: 'ON businesses (category_id) WHERE NOT is_active',
};

export async function up(knex: Knex): Promise<void> {
  for (const [name, definition] of Object.entries(LISTING_INDEXES)) {
    await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ${definition}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP INDEX IF EXISTS ${Object.keys(LISTING_INDEXES).join(', ')}`);
}
