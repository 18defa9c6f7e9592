import type { Knex } from 'knex';

/** The earth's radius in metres, as migration 20261205C's functions take it. */
const EARTH_RADIUS_M = 6378168;

/**
 * The earth functions of lists near a point (migration 20261205C), written so that PostgreSQL
 * inlines them into the statements that call them. A STRICT SQL function is inlined only when
 * its body is strict too, and an ARRAY[] or least() is not: each call then ran the function's
 * own little executor, three calls a row (the point twice, the distance once), which cost more
 * than walking the index for the nearest hundred. The bodies now build the same cube one
 * dimension at a time and clamp with float8smaller (strict both), so the values are the same to
 * the bit: the indexes over rehber_earth_point stay valid and are not rebuilt.
 */
export async function up(knex: Knex): Promise<void> {
  await replace(knex, {
    point: (s, R) => `${s}.cube(${s}.cube(${s}.cube(${R} * cos(radians($1)) * cos(radians($2))), ${R} * cos(radians($1)) * sin(radians($2))), ${R} * sin(radians($1)))`,
    distance: (s, R) => `2 * ${R} * asin(float8smaller(1, ${s}.cube_distance($1, $2) / (2 * ${R})))`,
    box: (s, R) => `${s}.cube_enlarge($1, 2 * ${R} * sin(float8smaller(pi(), $2 / ${R}) / 2), 3)`,
  });
}

export async function down(knex: Knex): Promise<void> {
  await replace(knex, {
    point: (s, R) => `${s}.cube(ARRAY[${R} * cos(radians($1)) * cos(radians($2)), ${R} * cos(radians($1)) * sin(radians($2)), ${R} * sin(radians($1))])`,
    distance: (s, R) => `2 * ${R} * asin(least(1, ${s}.cube_distance($1, $2) / (2 * ${R})))`,
    box: (s, R) => `${s}.cube_enlarge($1, 2 * ${R} * sin(least(pi(), $2 / ${R}) / 2), 3)`,
  });
}

type Body = (schema: string, radius: number) => string;

async function replace(knex: Knex, body: { point: Body; distance: Body; box: Body }): Promise<void> {
  // Named by the cube extension's schema, as migration 20261205C names them.
  const { rows } = await knex.raw(`SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'cube'`);
  const s = rows[0].schema as string;
  const R = EARTH_RADIUS_M;
  await knex.raw(`CREATE OR REPLACE FUNCTION rehber_earth_point(float8, float8) RETURNS ${s}.cube LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT ${body.point(s, R)} $$`);
  await knex.raw(`CREATE OR REPLACE FUNCTION rehber_earth_distance(${s}.cube, ${s}.cube) RETURNS float8 LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT ${body.distance(s, R)} $$`);
  await knex.raw(`CREATE OR REPLACE FUNCTION rehber_earth_box(${s}.cube, float8) RETURNS ${s}.cube LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT ${body.box(s, R)} $$`);
}
