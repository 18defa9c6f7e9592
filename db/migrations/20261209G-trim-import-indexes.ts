import type { Knex } from 'knex';

/**
 * Two cuts of what every import pays its indexes for, the reads unchanged.
 *
 * - The country's own btree goes: every read by country is of active businesses, which the
 *   country-and-category listing index (migration 20261208C) leads with the country, and the
 *   admin's country filter compares lower(country), which neither serves.
 * - The GiST index of the businesses at their city's centre (20261205C) ends with the id. Such
 *   businesses share their city's point by the thousand, and a page of equal points gave GiST's
 *   split nothing to divide them by: each split was a guess, and the build of that index was the
 *   slowest part of an import without coordinates. The id splits a page of equal points in two
 *   halves; the walk nearest first reads the point's column as before. The category's index of
 *   them (20261207C) is split by the category first and gains nothing from it.
 */
const APPROXIMATE = `businesses USING gist (rehber_earth_point(latitude, longitude)$ID)
  WHERE is_active AND latitude IS NOT NULL AND longitude IS NOT NULL AND coordinates_approximate`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX businesses_country_idx');
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  await knex.raw('DROP INDEX businesses_nearby_approximate_idx');
  await knex.raw(`CREATE INDEX businesses_nearby_approximate_idx ON ${APPROXIMATE.replace('$ID', ', id')}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  await knex.raw('DROP INDEX businesses_nearby_approximate_idx');
  await knex.raw(`CREATE INDEX businesses_nearby_approximate_idx ON ${APPROXIMATE.replace('$ID', '')}`);
  await knex.raw('CREATE INDEX businesses_country_idx ON businesses (country)');
}
