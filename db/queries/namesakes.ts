import type { Db } from '../index.js';

/** What tells two businesses of the same name in the same city apart in a title. */
export interface Namesake {
  district: string | null;
  address: string;
  postalCode: string | null;
  state: string | null;
  country: string | null;
}

/** At most this many namesakes are read: enough to find what tells a business apart. */
export const NAMESAKE_LIMIT = 50;

/**
 * The namesakes of the business `b` of the enclosing statement (id, name, city_id): the other
 * active businesses with exactly its name in its city (or, without a city, in none), at most
 * NAMESAKE_LIMIT, as a JSON array of NamesakeCells (null when none). One probe of
 * businesses_namesake_idx (migration 20261125E): the common case, a name nobody else in the city
 * has, reads no row at all. The one definition of the rule: a business view reads it with the
 * business (getBusinessViewBySlug), listNamesakes for a business already read.
 */
export const NAMESAKES_OF_B = `(
  SELECT json_agg(json_build_array(n.district, n.address, n.postal_code, n.state, n.country))
    FROM (SELECT n.district, n.address, n.postal_code, n.state, n.country FROM businesses n
           WHERE n.is_active AND n.city_id = b.city_id AND n.name = b.name AND n.id <> b.id
          UNION ALL
          -- No city: namesakes without one (a one-time filter, so a business with a city skips it).
          SELECT n.district, n.address, n.postal_code, n.state, n.country FROM businesses n
           WHERE b.city_id IS NULL AND n.is_active AND n.city_id IS NULL AND n.name = b.name AND n.id <> b.id
          LIMIT ${NAMESAKE_LIMIT}) n)`;

/** A namesake as NAMESAKES_OF_B gives it: district, address, postal code, state, country. */
export type NamesakeCells = [string | null, string | null, string | null, string | null, string | null];

export const toNamesakes = (cells: NamesakeCells[] | null): Namesake[] =>
  (cells ?? []).map(([district, address, postalCode, state, country]) => ({ district, address: address ?? '', postalCode, state, country }));

/** The namesakes (NAMESAKES_OF_B) of a business already read. */
export async function listNamesakes(db: Db, b: { id: number; name: string; cityId: number | null }): Promise<Namesake[]> {
  const { rows } = await db.raw(`SELECT ${NAMESAKES_OF_B} AS namesakes FROM (SELECT ?::bigint AS id, ?::text AS name, ?::int AS city_id) b`, [b.id, b.name, b.cityId]);
  return toNamesakes(rows[0].namesakes);
}
