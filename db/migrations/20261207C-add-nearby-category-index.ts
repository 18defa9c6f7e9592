import type { Knex } from 'knex';

/**
 * A list near a point within one category (a category's page near a point, or near me with a
 * category): GiST indexes on (category, point), so the nearest of the category are a walk of that
 * category's share of the index alone. With the point's indexes only (migration 20261205C), a
 * category one business in a hundred holds made the nearest-first walk read a hundred businesses
 * of other categories for each one of its own.
 *
 * The category's equality in GiST comes from `btree_gist`, a contrib extension every PostgreSQL
 * ships and one a database owner may create (it is trusted). Precise and approximate apart, as the
 * point's own indexes are and for the same reason: the approximate ones come after every precise
 * one, and a walk of both would pass every city centre's pile before the nearest precise few.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS btree_gist');
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  for (const [name, which] of INDEXES) {
    await knex.raw(`CREATE INDEX ${name} ON businesses USING gist (category_id, rehber_earth_point(latitude, longitude))
      WHERE is_active AND latitude IS NOT NULL AND longitude IS NOT NULL AND ${which}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of INDEXES) await knex.raw(`DROP INDEX ${name}`);
  // The extension stays: dropping it could take another's objects with it.
}

const INDEXES = [
  ['businesses_nearby_category_idx', 'NOT coordinates_approximate'],
  ['businesses_nearby_category_approximate_idx', 'coordinates_approximate'],
] as const;
