/**
 * The statements of "near a point": the active businesses nearest a point (within a radius or
 * not), and a business's nearest neighbours. Plain values in, rows out; what is ranked and shown
 * is the read service's (data/reads/nearby.ts).
 *
 * Both walk a GiST index of migration 20261205C (the precise coordinates', or those at a city's
 * centre: a condition written in the text, so each statement names its partial index) in order of
 * distance (`<->` between points on the earth) and stop after `limit` rows, so the nearest page
 * costs the same in a city of a hundred businesses and in one of a hundred thousand. With a
 * category the walk is of that category's share of migration 20261207C's (category, point)
 * indexes, so a rare category is not looked for through every nearer business of the others. A radius adds `earth_box` (a cube around
 * the point the index answers) and the exact great-circle distance on what the box finds. The
 * distances are metres along the earth's surface (a sphere of earthdistance's radius). The
 * functions are migration 20261205C's (inlined since 20261206C); the operators are the cube
 * extension's.
 */
import { BUSINESS_SELECT, type BusinessRow } from './businesses.js';
import type { Knex } from 'knex';
import type { Db } from '../index.js';
import type { GeoPoint } from '../../domain/nearby.js';
import { CANDIDATE_FACET_COLUMNS, businessWhere, type FacetCandidate, type FacetFilters, type SqlPart } from './facets.js';

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

/** Nearest first, precise before approximate: the order of a list near a point, ties by id. */
const NEAREST_FIRST = 'approximate, distance, id';
const nearestFirst = (a: NearCandidate, b: NearCandidate) => Number(a.approximate) - Number(b.approximate) || a.distance - b.distance || a.id - b.id;

/**
 * A set of at most `limit` active businesses under `f` nearest the point (within `radiusKm`): the
 * precise ones, then, with `approximate`, those at their city's centre when the precise ones are
 * fewer, as a CTE named `name` (its walks `${name}p` and `${name}a`). The approximate walk is gated
 * on the precise one's count, and both on `gate` when given, so a walk whose rows are not needed
 * costs nothing; without `approximate` it is not even planned (most lists need none).
 */
function nearestSet(name: string, point: GeoPoint, radiusKm: number | undefined, f: FacetFilters, limit: number, approximate: boolean, gate?: string): SqlPart {
  const where = businessWhere(f);
  const within = radiusKm === undefined ? '' : `AND rehber_earth_box(${POINT}, ?) @> ${EARTH} AND rehber_earth_distance(${POINT}, ${EARTH}) <= ?`;
  const metres = radiusKm === undefined ? [] : [point.lat, point.lng, radiusKm * 1000, point.lat, point.lng, radiusKm * 1000];
  const walk = (approximate: boolean, also: string): SqlPart => ({
    sql: `SELECT ${CANDIDATE_COLUMNS}
            FROM businesses b
           WHERE ${where.sql} AND ${INDEXED} AND ${approximate ? '' : 'NOT '}b.coordinates_approximate ${within} ${also}
           ORDER BY ${EARTH} <-> ${POINT}
           LIMIT ?`,
    bindings: [point.lat, point.lng, ...where.bindings, ...metres, point.lat, point.lng, limit],
  });
  const precise = walk(false, gate ? `AND ${gate}` : '');
  if (!approximate) return { sql: `${name} AS MATERIALIZED (${precise.sql})`, bindings: precise.bindings };
  const placed = walk(true, `AND (SELECT count(*) FROM ${name}p) < ${limit} ${gate ? `AND ${gate}` : ''}`);
  return {
    sql: `${name}p AS MATERIALIZED (${precise.sql}),
          ${name}a AS MATERIALIZED (${placed.sql}),
          ${name} AS MATERIALIZED (SELECT * FROM (SELECT * FROM ${name}p UNION ALL SELECT * FROM ${name}a) u ORDER BY ${NEAREST_FIRST} LIMIT ${limit})`,
    bindings: [...precise.bindings, ...placed.bindings],
  };
}

/** What nearestWithPage reads in one statement. */
export interface NearRead {
  /** At most `limit` matches of the base filters, precise before approximate, nearest first. */
  all: NearCandidate[];
  /**
   * The same under the page's filters when they differ: read only when `all` holds `limit` (else
   * they are among `all`, and this is empty); null when they do not differ.
   */
  matching: NearCandidate[] | null;
  /** The rows at the page's positions of `matching` (of `all` when the filters are the base's), in order. */
  rows: BusinessRow[];
}

/**
 * The nearest matches of `base` (a list's own city or category, "open now"), those of `filters`
 * when they differ and the nearest of `base` fill `limit` (else they are among them), and the rows
 * of the page `page` shows in that order, all in one round trip; precise ones only unless
 * `approximate` (the caller asks again with it when the precise ones do not fill `limit`). The
 * candidates and rows come as JSON, which the driver hands to JSON.parse once instead of
 * converting each field of each row.
 */
export async function nearestWithPage(
  db: Db | Knex.Transaction,
  point: GeoPoint,
  radiusKm: number | undefined,
  base: FacetFilters,
  filters: FacetFilters | null,
  limit: number,
  page: { offset: number; count: number } | null,
  approximate: boolean,
): Promise<NearRead> {
  const all = nearestSet('nall', point, radiusKm, base, limit, approximate);
  const matching = filters ? nearestSet('nmatch', point, radiusKm, filters, limit, approximate, `(SELECT count(*) FROM nall) >= ${limit}`) : null;
  const shown = matching ? 'nmatch' : 'nall';
  // Ordered here rather than in the aggregate, which sorts again what the set's LIMIT sorted.
  const candidates = (set: string) => `(SELECT coalesce(json_agg(x), '[]') FROM ${set} x)`;
  const rows = page
    ? `(SELECT coalesce(json_agg(r ORDER BY r.position), '[]') FROM (
          SELECT ${BUSINESS_SELECT.join(', ')}, s.position
            FROM (SELECT id, row_number() OVER (ORDER BY ${NEAREST_FIRST}) AS position FROM ${shown}) s
            JOIN businesses b ON b.id = s.id
            LEFT JOIN categories cat ON cat.id = b.category_id
            LEFT JOIN cities ci ON ci.id = b.city_id
           WHERE s.position > ? AND s.position <= ?) r)`
    : `'[]'::json`;
  const { rows: read } = await db.raw(
    `WITH ${all.sql}${matching ? `, ${matching.sql}` : ''}
     SELECT ${candidates('nall')} AS near_all, ${matching ? candidates('nmatch') : 'NULL::json'} AS near_matching, ${rows} AS page_rows`,
    [...all.bindings, ...(matching?.bindings ?? []), ...(page ? [page.offset, page.offset + page.count] : [])] as Knex.RawBinding[],
  );
  const r = read[0] as { near_all: NearCandidate[]; near_matching: NearCandidate[] | null; page_rows: BusinessRow[] };
  return { all: r.near_all.sort(nearestFirst), matching: r.near_matching?.sort(nearestFirst) ?? null, rows: r.page_rows };
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
