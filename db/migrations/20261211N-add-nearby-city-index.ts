import type { Knex } from 'knex';

/**
 * A list of one city near a point (a city's page near a point): a GiST index on (city, point) of
 * the businesses with a spot of their own, so the city's nearest are a walk of that city's share
 * of the index alone, whatever the city's size and wherever the point.
 *
 * Without it the best plan hung on the city's size, so PostgreSQL planned the walk again on every
 * call (and planning cost about a third of running it): for a big city the walk of the point's
 * index (migration 20261205C) that drops the other cities' businesses, for a small one its rows by
 * the city's btree sorted by distance; one plan for every city read either every business of a
 * big city or, for a small city far from the point, the nearer businesses of the whole world.
 * With this index one generic plan is right for every city and point, and the walk is a named
 * statement (db/queries/nearby.ts). Those only at their city's centre are read through the
 * cities' centres (migration 20261210N), as without a city.
 */
const NAME = 'businesses_nearby_city_idx';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  await knex.raw(`CREATE INDEX ${NAME} ON businesses USING gist (city_id, rehber_earth_point(latitude, longitude))
    WHERE is_active AND latitude IS NOT NULL AND longitude IS NOT NULL AND NOT coordinates_approximate`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP INDEX ${NAME}`);
}
