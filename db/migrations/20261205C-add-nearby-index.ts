import type { Knex } from 'knex';

/**
 * Lists near a point (db/queries/nearby.ts): a GiST index of the active businesses' coordinates as
 * points on the earth (cube and earthdistance, contrib extensions every PostgreSQL ships; PostGIS
 * is not needed). It answers both "the nearest first" (a walk of the index in order of distance,
 * `<->`, that stops after the page) and "within r km" (`earth_box`, then the exact distance on the
 * rows it finds). Why this over a btree on latitude and longitude: docs/search.md.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS cube');
  await knex.raw('CREATE EXTENSION IF NOT EXISTS earthdistance');
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  await knex.raw(`CREATE INDEX businesses_nearby_idx ON businesses USING gist (ll_to_earth(latitude, longitude))
    WHERE is_active AND latitude IS NOT NULL AND longitude IS NOT NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX businesses_nearby_idx');
  // The extensions stay: dropping them could take another's objects with them.
}
