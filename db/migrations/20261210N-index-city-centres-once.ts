import type { Knex } from 'knex';

/**
 * The businesses placed only at their city's centre, indexed once per centre instead of once per
 * business. They share their city's point by the thousand (an import without coordinates stores
 * every one of them so), and the two GiST indexes of them (migrations 20261205C, 20261207C,
 * 20261209G: the point, and the category with the point) were most of what a fresh import spent
 * rebuilding indexes: GiST has nothing to split a page of equal points by.
 *
 * Now a list near a point finds them through the nearest cities: a GiST index of the cities'
 * centres (a few thousand rows) walked nearest first, and for each city its approximate businesses
 * from a btree keyed by (city, category, id), which a sort-based build makes in one pass and which
 * serves a list with a category or without one. An approximate business's point is its city's
 * centre (the business rules give it the centre of the place its city was made from), so the
 * nearest cities give the nearest approximate businesses, in the same order.
 */
const WHERE_APPROXIMATE = 'is_active AND latitude IS NOT NULL AND longitude IS NOT NULL AND coordinates_approximate';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  await knex.raw(`CREATE INDEX cities_centre_idx ON cities USING gist (rehber_earth_point(latitude, longitude)) WHERE latitude IS NOT NULL AND longitude IS NOT NULL`);
  await knex.raw(`CREATE INDEX businesses_approximate_city_idx ON businesses (city_id, category_id, id) WHERE ${WHERE_APPROXIMATE}`);
  await knex.raw('DROP INDEX businesses_nearby_approximate_idx');
  await knex.raw('DROP INDEX businesses_nearby_category_approximate_idx');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  await knex.raw(`CREATE INDEX businesses_nearby_category_approximate_idx ON businesses USING gist (category_id, rehber_earth_point(latitude, longitude)) WHERE ${WHERE_APPROXIMATE}`);
  await knex.raw(`CREATE INDEX businesses_nearby_approximate_idx ON businesses USING gist (rehber_earth_point(latitude, longitude), id) WHERE ${WHERE_APPROXIMATE}`);
  await knex.raw('DROP INDEX businesses_approximate_city_idx');
  await knex.raw('DROP INDEX cities_centre_idx');
}
