import type { Knex } from 'knex';

/**
 * Lists near a point (db/queries/nearby.ts): a GiST index of the active businesses' coordinates as
 * points on the earth (cube and earthdistance, contrib extensions every PostgreSQL ships; PostGIS
 * is not needed). It answers both "the nearest first" (a walk of the index in order of distance,
 * `<->`, that stops after the page) and "within r km" (`earth_box`, then the exact distance on the
 * rows it finds). Why this over a btree on latitude and longitude: docs/search.md.
 *
 * Two partial indexes: the precise coordinates and those only at their city's centre (listed
 * after every precise one). In one index, a directory whose businesses are mostly approximate
 * would walk all of them, in order of distance, before finding the nearest precise few.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS cube');
  await knex.raw('CREATE EXTENSION IF NOT EXISTS earthdistance');
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  for (const [name, which] of [['businesses_nearby_idx', 'NOT coordinates_approximate'], ['businesses_nearby_approximate_idx', 'coordinates_approximate']]) {
    await knex.raw(`CREATE INDEX ${name} ON businesses USING gist (ll_to_earth(latitude, longitude))
      WHERE is_active AND latitude IS NOT NULL AND longitude IS NOT NULL AND ${which}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX businesses_nearby_approximate_idx');
  await knex.raw('DROP INDEX businesses_nearby_idx');
  // The extensions stay: dropping them could take another's objects with them.
}
