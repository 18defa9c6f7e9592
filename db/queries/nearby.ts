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
 * looked for through every nearer business of the others; with a city (its page near a point),
 * of that city's share of migration 20261211N's (city, point) index. Those only at their city's centre are
 * read through the nearest cities' centres (migration 20261210N). A radius adds `earth_box` (a
 * cube around the point the index answers) and the exact great-circle distance on what the box
 * finds. The distances are metres along the earth's surface (a sphere of earthdistance's radius). The
 * functions are migration 20261205C's (inlined since 20261206C); the operators are the cube
 * extension's.
 */
import type { Knex } from 'knex';
import type { Db } from '../index.js';
import { SEEN_VERSION } from '../data-version.js';
import type { GeoPoint } from '../../domain/nearby.js';
import type { Business } from '../../domain/types.js';
import { nearbyRow, type NearbyRow } from '../../domain/card-row.js';
import { VALUE_COLUMNS } from '../../domain/business-columns.js';
import { BUSINESS_JOINS, BUSINESS_SELECT, BUSINESS_VIEW_SQL, apiValue, categoryOf, cityOf, toBusiness, toBusinessView, type BusinessRow, type BusinessView, type BusinessViewRow } from './businesses.js';
import { CANDIDATE_FACET_COLUMNS, businessWhere, type FacetCandidate, type FacetFilters, type Label } from './facets.js';
import { readWithoutIndexWalks } from './bitmap-scans.js';

/** The point on the earth of a business `b`: the expression migration 20261205C indexes. */
const EARTH = 'rehber_earth_point(b.latitude, b.longitude)';
/** The query's point. */
const POINT = 'rehber_earth_point(?, ?)';
/**
 * The query's point as a list near it writes it: a subquery, which PostgreSQL computes once a
 * statement (an InitPlan) rather than an expression of the parameters it costs again for every row
 * of the walk. A named walk's generic plan then costs what a plan for the point's values costs, so
 * PostgreSQL keeps it after its five first calls on a connection; written as the bare expression,
 * the walk without a page's rows cost 100.5 generic against 91.3 planned for its values, and
 * PostgreSQL planned it again on every call (db/queries/nearby-named.test.ts).
 */
const AT = `(SELECT ${POINT})`;
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
  /**
   * Its whole row as a Business, when the walk was asked for its place's (a page's rows), given
   * the labels of its category and city (`category:<id>`, `city:<id>`, as readLabels reads them):
   * made when called, as the memo may hold it already.
   */
  business?: (labels: ReadonlyMap<string, Label | null>) => Business;
}

/** The columns of a candidate, its distance from the query's point last. */
const CANDIDATE_COLUMNS = `b.id, b.name, b.rating, b.review_count, ${CANDIDATE_FACET_COLUMNS}, b.coordinates_approximate AS approximate,
            rehber_earth_distance(${AT}, ${EARTH}) AS distance`;
/** Their names, as a query around the walk selects them. */
const CANDIDATE_NAMES = ['id', 'name', 'rating', 'review_count', 'city_id', 'category_id', 'district', 'rating_floor', 'is_verified', 'has_phone', 'approximate', 'distance'];
/** A Business's own columns (BUSINESS_SELECT's of its table `b`: its category's and its city's names are the read service's, kept per data version). */
const ROW_COLUMNS = BUSINESS_SELECT.filter((c) => c.startsWith('b.')).map((c) =>
  // A time as JSON writes it (microseconds, an offset) is parsed by Date far more slowly than in its ISO form with milliseconds.
  /^b\.(created|updated)_at$/.test(c) ? `to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${c.slice(2)}` : c,
);

/** Places (from 1, in the walk's order) whose whole rows a walk reads too: a page's. */
export interface WalkRows {
  from: number;
  to: number;
}

/**
 * At most `limit` active businesses under `f`, nearest `point` first, all precise or all
 * approximate (their coordinates only their city's centre), within `radiusKm` when given. `seen`
 * hears the data version the statement saw (when it found any row), so a list of them needs no
 * second statement to learn it (server/freshness/read-routing.ts wholeAnswer).
 */
export async function nearestCandidates(
  db: Db | Knex.Transaction,
  point: GeoPoint,
  radiusKm: number | undefined,
  f: FacetFilters,
  approximate: boolean,
  limit: number,
  seen?: (version: string) => void,
  rows?: WalkRows,
  sparse = false,
): Promise<NearCandidate[]> {
  if (approximate) return candidates(await nearestAtCentres(db, point, radiusKm, f, limit), seen);
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`the nearest: a limit must be a whole number, not ${limit}`);
  const where = businessWhere(f);
  const { within, metres } = withinRadius(EARTH, point, radiusKm);
  // The limit is in the text: a named statement's generic plan then knows how few rows the walk
  // gives (a parameter's is guessed at a tenth of the table).
  const walk = `SELECT ${CANDIDATE_COLUMNS}, ${SEEN_VERSION} AS data_version${rows ? ', b.ctid AS at' : ''}
       FROM businesses b
      WHERE ${where.sql} AND ${INDEXED} AND NOT b.coordinates_approximate ${within}
      ORDER BY ${EARTH} <-> ${AT}
      LIMIT ${limit}`;
  const sql = rows ? withRows(walk) : walk;
  const bindings = [point.lat, point.lng, ...where.bindings, ...metres, point.lat, point.lng, ...(rows ? [rows.from, rows.to] : [])] as Knex.RawBinding[];
  // Few match (search.ts readWhole): read whole and sorted by distance, not walked outward.
  const { rows: read } = sparse
    ? { rows: (await readWithoutIndexWalks(db, sql, bindings)) as never[] }
    : await (namedWalk(f) ? db.raw(sql, bindings).options({ name: statementName(sql) }) : db.raw(sql, bindings));
  return rows ? withBusinesses(read, seen) : candidates(read, seen);
}

/**
 * The walk `walk` (which selects each row's `ctid AS at`) with the whole rows of its places
 * `from` to `to` (the last two bindings), in its order: a page's rows in the walk's round trip
 * rather than a read by id after it. Each is fetched again by its ctid (the heap page the walk
 * just read, no index), only on the page, without its category's and city's names (the read
 * service's labels, kept per data version: joined, they were a third of the walk's buffers): the lateral's condition
 * names no column of its own, so PostgreSQL tests it once a row before reading anything (a
 * subquery it could not flatten, hence OFFSET 0). A row comes as one JSON text, parsed only for
 * a row the memo lacks.
 */
const withRows = (walk: string) => `SELECT ${CANDIDATE_NAMES.map((c) => `n.${c}`).join(', ')}, n.data_version, p.row
       FROM (SELECT w.*, row_number() OVER () AS place FROM (${walk}) w) n
       LEFT JOIN LATERAL (
         SELECT row_to_json(r)::text AS row FROM (
           SELECT ${ROW_COLUMNS.join(', ')}
             FROM businesses b
            WHERE b.ctid = n.at AND n.place BETWEEN ? AND ?
           OFFSET 0) r) p ON true
      ORDER BY n.place`;

/** The rows of withRows as candidates, those of the page with their businesses (made when asked). */
function withBusinesses(rows: (NearCandidate & { data_version: string | null; row: string | null })[], seen?: (version: string) => void): NearCandidate[] {
  const version = rows[0]?.data_version;
  if (version) seen?.(version);
  return rows.map((r) => {
    const c = candidateOf(r);
    const row = r.row;
    if (row !== null) c.business = (labels) => toBusiness(withLabels(JSON.parse(row) as BusinessRow, labels));
    return c;
  });
}

/**
 * A row of the walk as a candidate: its columns of CANDIDATE_NAMES, written out in one literal so
 * every candidate has one shape. A rest pattern and a spread (`({ data_version, ...r }) => ({ ...r })`)
 * cost several times as much for a walk's hundred rows and made objects slower to read after.
 */
function candidateOf(r: NearCandidate): NearCandidate {
  return {
    id: Number(r.id),
    name: r.name,
    rating: r.rating,
    review_count: r.review_count,
    city_id: r.city_id,
    category_id: r.category_id,
    district: r.district,
    rating_floor: r.rating_floor,
    is_verified: r.is_verified,
    has_phone: r.has_phone,
    approximate: r.approximate,
    distance: Number(r.distance),
    business: undefined,
  };
}

/** `r` (a row without its category's and city's names) with them, from `labels`. */
function withLabels(r: BusinessRow, labels: ReadonlyMap<string, Label | null>): BusinessRow {
  const category = r.category_id === null ? null : labels.get(`category:${r.category_id}`);
  const city = r.city_id === null ? null : labels.get(`city:${r.city_id}`);
  r.category_name = category?.name ?? null;
  r.category_slug = category?.slug ?? null;
  r.city_name = city?.name ?? null;
  r.city_slug = city?.slug ?? null;
  r.city_time_zone = city?.time_zone ?? null;
  return r;
}

/**
 * Whether the walk under `f` is a named statement, which PostgreSQL parses and plans once a
 * connection and then runs with one generic plan for every point (planning the walk cost about
 * as much as running it): when `f` filters nothing but activity, or only a category, or only a
 * city. A category's walk is of its share of the (category, point) index whatever the category,
 * a city's of its share of the (city, point) index whatever the city (a generic plan estimates an
 * average one's rows; a plan for the rarest or the commonest walks the same index). Not a city
 * and a category together: no one index is right for every pair (a rare category in a big city,
 * a common one in a small city far from the point), so that walk is planned for its values. Nor
 * under open now, whose text carries the minute.
 */
const namedWalk = (f: FacetFilters) => {
  const keys = Object.entries(f).flatMap(([k, v]) => (v === undefined ? [] : [k]));
  return keys.length === 0 || (keys.length === 1 && (keys[0] === 'categoryId' || keys[0] === 'cityId'));
};

/** The name of each text sent as a named statement (the walk's, a few: with a radius or not, a category or not, by limit). */
const statementNames = new Map<string, string>();

function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `rehber_nearest_${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * `place` (a point on the earth) within `radiusKm` of `point`, as SQL and its bindings (none
 * without a radius): `earth_box`, a cube the GiST index answers, then the exact distance on what
 * the box finds.
 */
function withinRadius(place: string, point: GeoPoint, radiusKm: number | undefined): { within: string; metres: number[] } {
  if (radiusKm === undefined) return { within: '', metres: [] };
  return {
    within: `AND rehber_earth_box(${AT}, ?) @> ${place} AND rehber_earth_distance(${AT}, ${place}) <= ?`,
    metres: [point.lat, point.lng, radiusKm * 1000, point.lat, point.lng, radiusKm * 1000],
  };
}

/** The walk's rows as candidates, the version they carry (one for all: the statement's) told to `seen`. */
function candidates(rows: (NearCandidate & { data_version?: string | null })[], seen?: (version: string) => void): NearCandidate[] {
  const version = rows[0]?.data_version;
  if (version) seen?.(version);
  return rows.map(candidateOf);
}

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
async function nearestAtCentres(db: Db | Knex.Transaction, point: GeoPoint, radiusKm: number | undefined, f: FacetFilters, limit: number): Promise<(NearCandidate & { data_version: string | null })[]> {
  const where = businessWhere(f);
  // A list of one city (its page) walks no other city.
  const oneCity = f.cityId === undefined ? '' : 'AND c.id = ?';
  const { within, metres } = withinRadius(CENTRE, point, radiusKm);
  const { rows } = await db.raw(
    `SELECT n.*, ${SEEN_VERSION} AS data_version
       FROM cities c
      CROSS JOIN LATERAL (
        SELECT ${CANDIDATE_COLUMNS}
          FROM businesses b
         WHERE b.city_id = c.id AND ${where.sql} AND ${INDEXED} AND b.coordinates_approximate
         ORDER BY b.category_id, b.id
         LIMIT ?) n
      WHERE c.latitude IS NOT NULL AND c.longitude IS NOT NULL ${oneCity} ${within}
      ORDER BY ${CENTRE} <-> ${AT}
      LIMIT ?`,
    [
      point.lat, point.lng, ...where.bindings, limit,
      ...(f.cityId === undefined ? [] : [f.cityId]),
      ...metres,
      point.lat, point.lng,
      limit,
    ] as Knex.RawBinding[],
  );
  return rows;
}

/** A business's neighbours as its page shows them, and the data version the statement saw. */
export interface Neighbours {
  /** Each with its distance in metres, nearest first. */
  businesses: Business[];
  /** The data version the statement saw (db/data-version.ts), so a reader needs no second statement to learn it. */
  version: string | null;
}

/**
 * The neighbours' statement for `limit` neighbours, prepared once per connection: the nearest walk,
 * their rows and the version in one round trip (a business page asked once is the site's most
 * frequent cold read). Read from the version's row, so it reports the version with no neighbour
 * too. The limit is written in the text: a prepared statement's generic plan, not knowing it,
 * would join every business to the walk's few.
 */
const neighboursStatement = (limit: number) => ({
  name: `rehber_business_neighbours_${limit}`,
  sql: `SELECT v.version::text AS data_version, x.*
      FROM data_version v
      LEFT JOIN (
        SELECT n.distance, ${BUSINESS_SELECT.join(', ')}
          FROM (SELECT b.id, rehber_earth_distance(${POINT}, ${EARTH}) AS distance
                  FROM businesses b
                 WHERE b.is_active AND ${INDEXED} AND NOT b.coordinates_approximate AND b.id <> ?
                 ORDER BY ${EARTH} <-> ${POINT}
                 LIMIT ${limit}) n
          JOIN businesses b ON b.id = n.id
          ${BUSINESS_JOINS}) x ON true
     WHERE v.id = 1
     ORDER BY x.distance, x.id`,
});
const NEIGHBOURS = new Map<number, { name: string; sql: string }>();

/**
 * The `limit` active businesses with precise coordinates nearest the business `id` (which has them
 * at `point`), itself left out, nearest first, each with its distance.
 */
export async function nearestNeighbours(db: Db | Knex.Transaction, id: number, point: GeoPoint, limit: number): Promise<Neighbours> {
  const n = Math.max(0, Math.trunc(limit));
  let statement = NEIGHBOURS.get(n);
  if (!statement) NEIGHBOURS.set(n, (statement = neighboursStatement(n)));
  const { rows } = await db.raw(statement.sql, [point.lat, point.lng, id, point.lat, point.lng]).options({ name: statement.name });
  const read = rows as (BusinessRow & { data_version: string; distance: number | null })[];
  return {
    businesses: read.flatMap((r) => {
      if (r.id === null) return [];
      // Set on the Business just made, whose shape holds the key already (businesses.ts LATER_KEYS).
      const b = toBusiness(r);
      b.distance = Number(r.distance);
      return [b];
    }),
    version: read[0]?.data_version ?? null,
  };
}

/**
 * The columns of a neighbour's row in a business page's statement, in BUSINESS_SELECT's places:
 * what its compact card draws (NearbyRow), NULL for the rest. Its about, address, services, dates
 * and the like were read, sent and parsed for seven rows a page and drawn by nothing: a third of
 * the statement's time in PostgreSQL and of its rows' parsing in the server.
 */
const NEARBY_KEYS = ['name', 'isVerified', 'photo', 'rating', 'reviewCount', 'businessHours', 'workingHours', 'coordinatesApproximate', 'countryCode'] as const;
const NEARBY_COLUMNS = new Set(['b.id', 'b.slug', ...NEARBY_KEYS.map((k) => `b.${VALUE_COLUMNS[k].column}`), 'cat.name as category_name', 'cat.slug as category_slug', 'ci.name as city_name', 'ci.slug as city_slug', 'ci.time_zone as city_time_zone']);
const NEIGHBOUR_SELECT = BUSINESS_SELECT.map((c) => (NEARBY_COLUMNS.has(c) ? c : 'NULL'));

/**
 * A business page's statement for `limit` neighbours, prepared once per connection: the business
 * view (BUSINESS_VIEW_SQL: the business under the slug, its namesakes, the data version) as the
 * first row, then, when it has a precise spot of its own, its nearest neighbours as
 * nearestNeighbours finds them, each with the columns of its compact card (NEIGHBOUR_SELECT), in
 * one round trip where a cold page sent two. The limit is in the text for the same reason as the
 * neighbours' statement's.
 */
const businessPageStatement = (limit: number) => {
  const at = 'rehber_earth_point(v.latitude, v.longitude)';
  return {
    name: `rehber_business_page_${limit}`,
    sql: `WITH v AS MATERIALIZED (${BUSINESS_VIEW_SQL})
    SELECT 0 AS part, NULL::double precision AS distance, v.* FROM v
    UNION ALL
    SELECT 1, n.distance, ${NEIGHBOUR_SELECT.join(', ')}, NULL, NULL
      FROM v
     CROSS JOIN LATERAL (
           SELECT b.id, rehber_earth_distance(${at}, ${EARTH}) AS distance
             FROM businesses b
            WHERE b.is_active AND ${INDEXED} AND NOT b.coordinates_approximate AND b.id <> v.id
            ORDER BY ${EARTH} <-> ${at}
            LIMIT ${limit}) n
      JOIN businesses b ON b.id = n.id
      ${BUSINESS_JOINS}
     WHERE v.latitude IS NOT NULL AND v.longitude IS NOT NULL AND NOT v.coordinates_approximate
     ORDER BY part, distance, id`,
  };
};
const BUSINESS_PAGES = new Map<number, { name: string; sql: string }>();

/** A neighbour's row of the business page's statement as its compact card's row: each value as toBusiness maps it (apiValue). */
function toNearbyRow(r: BusinessRow & { distance: number | null }): NearbyRow {
  const value = (k: (typeof NEARBY_KEYS)[number]) => apiValue(k, r[VALUE_COLUMNS[k].column]);
  return nearbyRow({
    id: Number(r.id),
    slug: r.slug,
    name: value('name') as string,
    isVerified: value('isVerified') as boolean,
    photo: value('photo') as string | null,
    category: categoryOf(r),
    city: cityOf(r),
    rating: value('rating') as number,
    reviewCount: value('reviewCount') as number,
    businessHours: value('businessHours') as Business['businessHours'],
    workingHours: value('workingHours') as string | null,
    timeZone: r.city_time_zone ?? null,
    coordinatesApproximate: value('coordinatesApproximate') as boolean,
    countryCode: value('countryCode') as string | null,
    distance: Number(r.distance),
  });
}

/**
 * The listed business under exactly `slug` with its namesakes and its `limit` nearest neighbours
 * (those of nearestNeighbours, as their compact cards' rows; none when it has no precise spot of
 * its own); null when no listed business has that slug.
 */
export async function getBusinessPageBySlug(db: Db | Knex.Transaction, slug: string, limit: number): Promise<(BusinessView & { neighbours: NearbyRow[] }) | null> {
  const n = Math.max(0, Math.trunc(limit));
  let statement = BUSINESS_PAGES.get(n);
  if (!statement) BUSINESS_PAGES.set(n, (statement = businessPageStatement(n)));
  const { rows } = await db.raw(statement.sql, [slug]).options({ name: statement.name });
  const [own, ...near] = rows as (BusinessViewRow & { distance: number | null })[];
  if (!own) return null;
  return { ...toBusinessView(own), neighbours: near.map(toNearbyRow) };
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
