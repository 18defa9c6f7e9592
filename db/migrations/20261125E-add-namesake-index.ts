import type { Knex } from 'knex';

/**
 * A business page's title adds the district or street when other active businesses of the same
 * name share its city (db/queries/namesakes.ts): this index makes that check one probe per page
 * view instead of a walk over every business of the city.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS businesses_namesake_idx ON businesses (city_id, name) WHERE is_active');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS businesses_namesake_idx');
}
