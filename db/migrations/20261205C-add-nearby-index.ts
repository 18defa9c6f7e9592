import type { Knex } from 'knex';

/** The earth's radius in metres, as PostgreSQL's earthdistance takes it. */
const EARTH_RADIUS_M = 6378168;

/**
 * Lists near a point (db/queries/nearby.ts): the active businesses' coordinates as points on the
 * earth, in GiST indexes. Only `cube` is needed, a contrib extension every PostgreSQL ships and
 * one a database owner may create without being a superuser (it is trusted); `earthdistance`,
 * whose ll_to_earth these functions copy, is not, and PostGIS is not needed.
 *
 * - rehber_earth_point(lat, lng): the point in metres from the earth's centre (a 3-D cube). The
 *   straight distance between two such points (cube's `<->`, which GiST walks in order) grows with
 *   the distance along the surface, so "nearest first" is a walk of the index that stops after
 *   the page.
 * - rehber_earth_distance(a, b): the great-circle metres between two of them.
 * - rehber_earth_box(p, metres): a cube holding every point within `metres` along the surface,
 *   which the same index answers with `@>`; the exact distance is checked on what it finds.
 *
 * Two partial indexes: the precise coordinates and those only at their city's centre (listed after
 * every precise one). In one index, a directory of mostly approximate rows would be walked, in
 * order of distance, through its city centres before the nearest precise few were found. Why GiST
 * over a btree on latitude and longitude: docs/search.md.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS cube');
  // Functions named by schema, so the indexes' expressions read the same whatever the search_path.
  const { rows } = await knex.raw(`SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'cube'`);
  const s = rows[0].schema as string;
  const R = EARTH_RADIUS_M;
  await knex.raw(`
    CREATE FUNCTION rehber_earth_point(float8, float8) RETURNS ${s}.cube LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS
    $$ SELECT ${s}.cube(ARRAY[${R} * cos(radians($1)) * cos(radians($2)), ${R} * cos(radians($1)) * sin(radians($2)), ${R} * sin(radians($1))]) $$`);
  await knex.raw(`
    CREATE FUNCTION rehber_earth_distance(${s}.cube, ${s}.cube) RETURNS float8 LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS
    $$ SELECT 2 * ${R} * asin(least(1, ${s}.cube_distance($1, $2) / (2 * ${R}))) $$`);
  await knex.raw(`
    CREATE FUNCTION rehber_earth_box(${s}.cube, float8) RETURNS ${s}.cube LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS
    $$ SELECT ${s}.cube_enlarge($1, 2 * ${R} * sin(least(pi(), $2 / ${R}) / 2), 3) $$`);
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  for (const [name, which] of [['businesses_nearby_idx', 'NOT coordinates_approximate'], ['businesses_nearby_approximate_idx', 'coordinates_approximate']]) {
    await knex.raw(`CREATE INDEX ${name} ON businesses USING gist (rehber_earth_point(latitude, longitude))
      WHERE is_active AND latitude IS NOT NULL AND longitude IS NOT NULL AND ${which}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX businesses_nearby_approximate_idx');
  await knex.raw('DROP INDEX businesses_nearby_idx');
  for (const f of ['rehber_earth_box', 'rehber_earth_distance', 'rehber_earth_point']) await knex.raw(`DROP FUNCTION ${f}`);
  // The extension stays: dropping it could take another's objects with it.
}
