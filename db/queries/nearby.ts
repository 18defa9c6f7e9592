/**
 * The statements of "near a point": the active businesses nearest a point (within a radius or
 * not), and a business's nearest neighbours. Plain values in, rows out; what is ranked and shown
 * is the read service's (data/reads/nearby.ts).
 *
 * The precise ones are a walk of a GiST index of migration 20261205C (a condition written in the
 * text, so each statement names its partial index) in order of distance (`<->` between points on
 * the earth) that stops after `limit` rows, so the nearest page costs the same in a city of a
 * hundred businesses and in one of a hundred thousand. With a category the walk is of that
 * category's share of migration 20261207C's (category, point) index, so a rare category is not
 * looked for through every nearer business of the others. Those only at their city's centre are
 * read through the nearest cities' centres (migration 20261210N). A radius adds `earth_box` (a
 * cube around the point the index answers) and the exact great-circle distance on what the box
 * finds. The distances are metres along the earth's surface (a sphere of earthdistance's radius). The
 * functions are migration 20261205C's (inlined since 20261206C); the operators are the cube
 * extension's.
 */
import type { Knex } from 'knex';
import type { Db } from '../index.js';
import type { GeoPoint } from '../../domain/nearby.js';
import type { Business } from '../../domain/types.js';
import { businessQuery, toBusiness, type BusinessRow } from './businesses.js';
import { CANDIDATE_FACET_COLUMNS, businessWhere, type FacetCandidate, type FacetFilters } from './facets.js';

/** The point on the earth of a business `b`: the expression migration 20261205C indexes. */
const EARTH = 'rehber_earth_point(b.latitude, b.longitude)';
/** The query's point. */
const POINT = 'rehber_earth_point(?, ?)';
/** Rows the index holds: the predicate of its partial index, which a query must imply. */
const INDEXED = 'b.latitude IS NOT NULL AND b.longitude IS NOT NULL';

/** A business near the point, with what its order, filters and facets need. */
export interface NearCandidate extends FacetCandidate {
  id: number;
  name: string;
  review_count: number;
  /** Metres from the point. */
  distance: number;
  approximate: boolean;
}

/** The columns of a candidate, its distance from the query's point last. */
const CANDIDATE_COLUMNS = `b.id, b.name, b.rating, b.review_count, ${CANDIDATE_FACET_COLUMNS}, b.coordinates_approximate AS approximate,
            rehber_earth_distance(${POINT}, ${EARTH}) AS distance`;

/**
 * At most `limit` active businesses under `f`, nearest `point` first, all precise or all
 * approximate (their coordinates only their city's centre), within `radiusKm` when given.
 */
export async function nearestCandidates(
  db: Db | Knex.Transaction,
  point: GeoPoint,
  radiusKm: number | undefined,
  f: FacetFilters,
  approximate: boolean,
  limit: number,
): Promise<NearCandidate[]> {
  if (approximate) return nearestAtCentres(db, point, radiusKm, f, limit);
  const { sql, bindings } = preciseWalk(point, radiusKm, f, limit);
  const { rows } = await named(db.raw(sql, bindings), sql, f);
  return candidates(rows);
}

/**
 * The walk of the precise ones, nearest first: the statement and its bindings. The limit is in the
 * text: a named statement's generic plan then knows how few rows the walk gives (a parameter is
 * guessed a tenth of the table, and the page's join planned for that).
 */
function preciseWalk(point: GeoPoint, radiusKm: number | undefined, f: FacetFilters, limit: number): { sql: string; bindings: Knex.RawBinding[] } {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`a walk's limit must be a whole number, not ${limit}`);
  const where = businessWhere(f);
  const { within, metres } = withinRadius(EARTH, point, radiusKm);
  return {
    sql: `SELECT ${CANDIDATE_COLUMNS}
       FROM businesses b
      WHERE ${where.sql} AND ${INDEXED} AND NOT b.coordinates_approximate ${within}
      ORDER BY ${EARTH} <-> ${POINT}
      LIMIT ${limit}`,
    bindings: [point.lat, point.lng, ...where.bindings, ...metres, point.lat, point.lng] as Knex.RawBinding[],
  };
}

/** The fields of a candidate, in CANDIDATE_COLUMNS's order. */
const NEAR_FIELDS = ['id', 'name', 'rating', 'review_count', 'city_id', 'category_id', 'district', 'rating_floor', 'is_verified', 'has_phone', 'approximate', 'distance'] as const satisfies readonly (keyof NearCandidate)[];

/** Candidates a column per field, each column in the walk's order. */
type NearColumns = { [K in (typeof NEAR_FIELDS)[number]]: NearCandidate[K][] };

/** The statement of a page's rows by id (businessQuery's columns and joins), compiled once. */
let rowsSql: string | undefined;

/** The nearest precise matches and the rows of a page of them. */
export interface NearestWithRows {
  candidates: NearCandidate[];
  /** The businesses at places `offset + 1` to `offset + limit` of the walk, in no particular order. */
  rows: Business[];
}

/**
 * nearestCandidates' precise walk and, in the same statement, the rows of the businesses at places
 * `page.offset + 1` to `page.offset + page.limit` of it (the page of a list near a point, nearest
 * first): one round trip where the walk and a read of the page by id took two, which cost the
 * server more than either statement costs PostgreSQL. The candidates come as one value, a column
 * per field (one JSON text parsed at once rather than node-postgres's object and field parses a
 * row), on the first row only; the page's rows are the statement's rows (none past the walk's end:
 * then one row of nulls carries the candidates).
 */
export async function nearestWithRows(
  db: Db | Knex.Transaction,
  point: GeoPoint,
  radiusKm: number | undefined,
  f: FacetFilters,
  limit: number,
  page: { offset: number; limit: number },
): Promise<NearestWithRows> {
  const walk = preciseWalk(point, radiusKm, f, limit);
  rowsSql ??= businessQuery(db).toSQL().sql;
  const columns = NEAR_FIELDS.map((k) => `'${k}', coalesce(array_agg(n.${k} ORDER BY n.place), '{}')`).join(', ');
  // The page is chosen by place in the walk (kept by the materialized walk's row numbers), and
  // read through the primary key: the walk itself stops after `limit` rows.
  const sql = `WITH n AS MATERIALIZED (SELECT w.*, row_number() OVER () AS place FROM (${walk.sql}) w)
    SELECT CASE WHEN p.first_row IS NOT FALSE THEN c.columns END AS near_columns, p.*
      FROM (SELECT json_build_object(${columns}) AS columns FROM n) c
      LEFT JOIN LATERAL (
        SELECT r.*, row_number() OVER () = 1 AS first_row
          FROM (${rowsSql} WHERE b.id IN (SELECT n.id FROM n WHERE n.place > ? AND n.place <= ?)) r) p ON true`;
  const { rows } = (await named(db.raw(sql, [...walk.bindings, page.offset, page.offset + page.limit]), sql, f)) as {
    rows: (BusinessRow & { near_columns: NearColumns | null })[];
  };
  const c = rows[0].near_columns as NearColumns;
  return {
    candidates: c.id.map((id, i) => ({
      id: Number(id),
      name: c.name[i],
      rating: c.rating[i],
      review_count: c.review_count[i],
      city_id: c.city_id[i],
      category_id: c.category_id[i],
      district: c.district[i],
      rating_floor: c.rating_floor[i],
      is_verified: c.is_verified[i],
      has_phone: c.has_phone[i],
      approximate: c.approximate[i],
      distance: c.distance[i],
    })),
    rows: rows.filter((r) => r.id !== null).map(toBusiness),
  };
}

/** The name of each statement text sent as a prepared statement, per server process. */
const statementNames = new Map<string, string>();

/**
 * `query` (the text `sql`) as a named statement when `f` filters nothing: PostgreSQL then parses
 * and plans it once a connection rather than every time (planning the walk cost about as much as
 * running it), and after a few runs keeps a generic plan, one for every point. Not under a filter:
 * a generic plan does not know the value, and one made for an average city walked a big city's
 * every business; nor under open now, whose text carries the minute.
 */
function named(query: Knex.Raw, sql: string, f: FacetFilters): Knex.Raw {
  if (Object.values(f).some((v) => v !== undefined)) return query;
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `rehber_near_${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return query.options({ name });
}

/**
 * `place` (a point on the earth) within `radiusKm` of `point`, as SQL and its bindings (none
 * without a radius): `earth_box`, a cube the GiST index answers, then the exact distance on what
 * the box finds.
 */
function withinRadius(place: string, point: GeoPoint, radiusKm: number | undefined): { within: string; metres: number[] } {
  if (radiusKm === undefined) return { within: '', metres: [] };
  return {
    within: `AND rehber_earth_box(${POINT}, ?) @> ${place} AND rehber_earth_distance(${POINT}, ${place}) <= ?`,
    metres: [point.lat, point.lng, radiusKm * 1000, point.lat, point.lng, radiusKm * 1000],
  };
}

const candidates = (rows: NearCandidate[]) => rows.map((r) => ({ ...r, id: Number(r.id), distance: Number(r.distance) }));

/** A city's centre, as a point on the earth: the expression of migration 20261210N's index of them. */
const CENTRE = 'rehber_earth_point(c.latitude, c.longitude)';

/**
 * The approximate ones: their point is their city's centre, so they are read city by city, the
 * cities' centres nearest first (their GiST index, a few thousand rows), each city's from the
 * btree of them by (city, category, id), in that order, until `limit`. One GiST entry a centre
 * rather than one a business (migration 20261210N). The order is the cities' walk itself, which
 * a nested loop keeps, so no city past the limit is read; written as one level (not a subquery
 * of the cities in order), as PostgreSQL then plans the walk for the limit rather than sorting
 * every city first.
 */
async function nearestAtCentres(db: Db | Knex.Transaction, point: GeoPoint, radiusKm: number | undefined, f: FacetFilters, limit: number): Promise<NearCandidate[]> {
  const where = businessWhere(f);
  // A list of one city (its page) walks no other city.
  const oneCity = f.cityId === undefined ? '' : 'AND c.id = ?';
  const { within, metres } = withinRadius(CENTRE, point, radiusKm);
  const sql = `SELECT n.*
       FROM cities c
      CROSS JOIN LATERAL (
        SELECT ${CANDIDATE_COLUMNS}
          FROM businesses b
         WHERE b.city_id = c.id AND ${where.sql} AND ${INDEXED} AND b.coordinates_approximate
         ORDER BY b.category_id, b.id
         LIMIT ?) n
      WHERE c.latitude IS NOT NULL AND c.longitude IS NOT NULL ${oneCity} ${within}
      ORDER BY ${CENTRE} <-> ${POINT}
      LIMIT ?`;
  const bindings = [
    point.lat, point.lng, ...where.bindings, limit,
    ...(f.cityId === undefined ? [] : [f.cityId]),
    ...metres,
    point.lat, point.lng,
    limit,
  ] as Knex.RawBinding[];
  const { rows } = await db.raw(sql, bindings);
  return candidates(rows);
}

/** A neighbour of a business: its id and how far it is, in metres. */
export interface Neighbour {
  id: number;
  distance: number;
}

/**
 * The `limit` active businesses with precise coordinates nearest the business `id` (which has them
 * at `point`), itself left out, nearest first.
 */
export async function nearestNeighbours(db: Db | Knex.Transaction, id: number, point: GeoPoint, limit: number): Promise<Neighbour[]> {
  const { rows } = await db.raw(
    `SELECT b.id, rehber_earth_distance(${POINT}, ${EARTH}) AS distance
       FROM businesses b
      WHERE b.is_active AND ${INDEXED} AND NOT b.coordinates_approximate AND b.id <> ?
      ORDER BY ${EARTH} <-> ${POINT}
      LIMIT ?`,
    [point.lat, point.lng, id, point.lat, point.lng, limit],
  );
  return (rows as Neighbour[]).map((r) => ({ id: Number(r.id), distance: Number(r.distance) }));
}

/** The distances from `point` of the businesses `ids` that have coordinates, in metres. */
export async function distancesFrom(db: Db | Knex.Transaction, point: GeoPoint, ids: number[]): Promise<Map<number, { distance: number; approximate: boolean }>> {
  if (!ids.length) return new Map();
  const { rows } = await db.raw(
    `SELECT b.id, b.coordinates_approximate AS approximate, rehber_earth_distance(${POINT}, ${EARTH}) AS distance
       FROM businesses b WHERE b.id = ANY(?::bigint[]) AND ${INDEXED}`,
    [point.lat, point.lng, ids],
  );
  return new Map((rows as { id: string; approximate: boolean; distance: number }[]).map((r) => [Number(r.id), { distance: Number(r.distance), approximate: r.approximate }]));
}
