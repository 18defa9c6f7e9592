import type { Knex } from 'knex';

/**
 * The walk of the nearest precise businesses (a list near a point without a category or a city,
 * and a business's neighbours) from its index alone: migration 20261205C's GiST index of their
 * points, rebuilt carrying the columns that walk reads (INCLUDE), so PostgreSQL answers it with an
 * index-only scan instead of fetching each of the hundred candidates' heap rows.
 *
 * The heap has no order by place, so the nearest hundred lie on about a hundred different heap
 * pages; around a big city those pages are a large part of the table and mostly outside
 * PostgreSQL's shared buffers, so each walk copied tens of pages from the operating system's
 * cache (docs/performance.md, "Near a point"). The index's pages of a place are few and stay
 * cached. A page whose rows changed since the last vacuum is read from the heap as before (the
 * visibility map), so the answers do not depend on it.
 *
 * The columns are those of the walk's candidates (db/queries/nearby.ts CANDIDATE_COLUMNS and the
 * facets' columns): a column added there and not here turns the walk back into a heap walk, which
 * db/queries/nearby-named.test.ts catches.
 */
const NAME = 'businesses_nearby_idx';
const WHERE = 'is_active AND latitude IS NOT NULL AND longitude IS NOT NULL AND NOT coordinates_approximate';
const NEARBY_INCLUDED = ['id', 'name', 'rating', 'review_count', 'city_id', 'category_id', 'district', 'is_verified', 'phone', 'coordinates_approximate', 'latitude', 'longitude'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  await knex.raw(`DROP INDEX ${NAME}`);
  await knex.raw(`CREATE INDEX ${NAME} ON businesses USING gist (rehber_earth_point(latitude, longitude)) INCLUDE (${NEARBY_INCLUDED.join(', ')}) WHERE ${WHERE}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  await knex.raw(`DROP INDEX ${NAME}`);
  await knex.raw(`CREATE INDEX ${NAME} ON businesses USING gist (rehber_earth_point(latitude, longitude)) WHERE ${WHERE}`);
}
