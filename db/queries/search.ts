/**
 * The statements of the public lists: a search's candidates, the readings of a one-box query that
 * find businesses, a city's or category's page walked in its listing index, its kept facet counts,
 * and the rows of a page. Plain values in, rows out: how a query is read, what is ranked and what
 * is kept per data version is the read service's (data/reads/search.ts).
 *
 * - A search's matches come from the GIN indexes of the search document (migration 20261124H)
 *   and of its place (20261130A): at most a bound + 1 in index order, so a narrow search is read
 *   whole and ranked in memory. A broad one (more than the bound) is read tier by tier in quality
 *   order (bestMatches): each tier's best read band by band in the documents' index, which holds
 *   each document under its quality band (20261208A), stopping at the band that fills the page.
 * - A page without words walks the listing indexes and stops after the page; its total and facets
 *   come from the kept business_facets counts: exact, whatever the size of the city.
 * No plan depends on the clock; each request is a fixed handful of statements.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from '../index.js';
import type { Business } from '../../domain/types.js';
import type { Facets, ListFilters, SearchSort } from '../../domain/search.js';
import { PUBLIC_PAGE_SIZE } from '../../domain/constants.js';
import { businessByIdSql, businessQuery, toBusiness, type BusinessRow } from './businesses.js';
import { CANDIDATE_FACET_COLUMNS, businessWhere, facetSql, toFacets, totalSql, type FacetCandidate, type FacetFilters, type FacetRow, type SqlPart } from './facets.js';
import { TSQUERY } from './word-lookups.js';
import { readPlannerStatistics, shareOf, type PlannerStatistics } from './planner-statistics.js';
import { BITMAP_SCAN_RESULT, BITMAP_SCAN_STATEMENTS, byBitmapScans, readByBitmapScans, readWithoutIndexWalks } from './bitmap-scans.js';
import { planRows } from './planned-rows.js';
import { SEEN_VERSION } from '../data-version.js';
import { openAtSql, openHoursSql, type OpenAt } from './open-at.js';

const ORDER: Record<SearchSort, string> = {
  relevance: 'rating DESC, review_count DESC, id',
  rating: 'rating DESC, review_count DESC, id',
  reviews: 'review_count DESC, rating DESC, id',
  name: 'name, id',
  // A list near a point is ordered by data/reads/nearby.ts; without one, as by relevance.
  distance: 'rating DESC, review_count DESC, id',
};

/**
 * A document's place: its lexemes of weight C, which the place index (migration 20261130A) holds.
 * The documents' own index keeps no weights, so a place word matched there rechecked every
 * document holding the word anywhere ('restaurant' as a place: most of a world-wide directory).
 */
const PLACE = `ts_filter(b.search_vector, '{c}')`;

/**
 * The list filters with their slugs turned into ids; null when a slug names nothing. `openAt` is
 * the read service's: open now at the request's minute (data/reads/open-now.ts); `ids` reads the
 * slugs' ids (the read service keeps them per data version).
 */
export async function resolveFilters(db: Db | Knex.Transaction, f: ListFilters = {}, openAt?: OpenAt, ids: typeof slugIds = slugIds): Promise<FacetFilters | null> {
  const out: FacetFilters = { district: f.district, minRating: f.minRating, verified: f.verified, hasPhone: f.hasPhone };
  if (f.openNow) out.openAt = openAt;
  if (f.category !== undefined || f.city !== undefined || f.country !== undefined) {
    const found = await ids(db, f.category, f.city, f.country);
    if (f.category !== undefined && found.category === null) return null;
    if (f.city !== undefined && found.city === null) return null;
    if (f.country !== undefined && found.country === null) return null;
    if (f.category !== undefined) out.categoryId = found.category!;
    if (f.city !== undefined) out.cityId = found.city!;
    if (f.country !== undefined) out.country = found.country!;
  }
  for (const k of Object.keys(out) as (keyof FacetFilters)[]) if (out[k] === undefined) delete out[k];
  return out;
}

/**
 * The ids of a category's and a city's slugs and the name of a country's, null where none has it
 * (or none is asked), and the data version the statement saw.
 */
export async function slugIds(
  db: Db | Knex.Transaction,
  category?: string,
  city?: string,
  country?: string,
): Promise<{ category: number | null; city: number | null; country: string | null; version?: string | null }> {
  const { rows } = await db.raw(
    `SELECT (SELECT id FROM categories WHERE slug = ?) AS category, (SELECT id FROM cities WHERE slug = ?) AS city, (SELECT name FROM countries WHERE slug = ?) AS country,
            ${SEEN_VERSION} AS version`,
    [category ?? null, city ?? null, country ?? null],
  );
  return rows[0] as { category: number | null; city: number | null; country: string | null; version: string | null };
}

/** A city's or a category's own page (none: the whole directory), a category's within a country (its name). */
export interface Fixed {
  cityId?: number;
  categoryId?: number;
  country?: string;
}

/**
 * The kept business_facets counts of `fixed` alone: only the page's own city's or category's rows.
 * A category in a district (`f`) keeps of its city's rows those of its category or of its
 * district: each facet counts with every filter but its own, so every arm tests one of the two,
 * and a big city's other rows (New York's: two thousand) were materialized for every arm to drop.
 */
function facetSource(fixed: Fixed, f: FacetFilters): SqlPart {
  const source: SqlPart = { sql: 'SELECT * FROM business_facets WHERE n <> 0', bindings: [] };
  if (fixed.cityId !== undefined) {
    source.sql += ' AND city_id = ?';
    source.bindings.push(fixed.cityId);
    if (fixed.categoryId === undefined && f.categoryId !== undefined && f.district !== undefined) {
      source.sql += ' AND (category_id = ? OR district = ?)';
      source.bindings.push(f.categoryId, f.district);
    }
  }
  if (fixed.categoryId !== undefined) {
    source.sql += ' AND category_id = ?';
    source.bindings.push(fixed.categoryId);
  }
  // The country's cities as one array: with the category, the keys of the kept counts' (category,
  // city) index, so only the category's rows in those cities are read, not its rows in every city.
  if (fixed.country !== undefined) {
    source.sql += ' AND city_id = ANY(ARRAY(SELECT id FROM cities WHERE country = ?))';
    source.bindings.push(fixed.country);
  }
  return source;
}

/** A list's order over businesses `b` under `sort`: its listing indexes' order (the relevance of a list without words). */
export const listOrderSql = (sort: SearchSort): string => ORDER[sort].replace(/(\w+)/g, (w) => (/^(DESC|ASC)$/.test(w) ? w : `b.${w}`));

/**
 * The statement of one page of ids under `f`, sorted: the offset is walked in the listing index
 * alone. `written`: the first page's limit in the text, not a parameter (a prepared statement's).
 */
function pageIdsSql(f: FacetFilters, sort: SearchSort, page: number, limit: number, written = false): SqlPart {
  const order = listOrderSql(sort);
  const where = businessWhere(f);
  if (written) return { sql: `SELECT b.id FROM businesses b WHERE ${where.sql} ORDER BY ${order} LIMIT ${Math.trunc(limit)}`, bindings: where.bindings };
  return { sql: `SELECT b.id FROM businesses b WHERE ${where.sql} ORDER BY ${order} LIMIT ? OFFSET ?`, bindings: [...where.bindings, limit, (page - 1) * limit] };
}

/**
 * Whether a list's first view is a plain first page: its own city's, category's or country's
 * businesses, of one category, city or district at most (a category in a city, a district or a
 * country), in its listing index's order, of the public page's size. Its
 * statement is then prepared once per connection (by its text's digest): planning the counts'
 * dozen arms cost PostgreSQL more than running them, and the generic plan of these shapes is the
 * custom one (docs/performance.md, "A list's first view prepared"). Any other page is planned at
 * each call: a generic plan knows neither the offset nor a filter's value.
 */
function plainFirstPage(fixed: Fixed, f: FacetFilters, sort: SearchSort, page: number, limit: number): boolean {
  if (page !== 1 || limit !== PUBLIC_PAGE_SIZE || (sort !== 'relevance' && sort !== 'rating')) return false;
  if (fixed.cityId === undefined && fixed.categoryId === undefined && fixed.country === undefined) return false;
  // Each walks a listing index of its own: the city and category's (a district read in it), the
  // city's, the category's or the country and category's.
  const district = f.district === undefined || (f.cityId !== undefined && f.categoryId !== undefined);
  return district && (Object.keys(f) as (keyof FacetFilters)[]).every((k) => k === 'categoryId' || k === 'cityId' || k === 'district' || (k === 'country' && f.country === fixed.country));
}

/** The names of the prepared first pages' statements, by their text. */
const PREPARED = new Map<string, string>();
const preparedName = (sql: string): string => {
  let name = PREPARED.get(sql);
  if (!name) PREPARED.set(sql, (name = `rehber_list_first_${createHash('sha256').update(sql).digest('hex').slice(0, 16)}`));
  return name;
};

/**
 * One page of the active businesses of `fixed` under `f` (which holds `fixed` too), sorted (the
 * offset walked in the listing index alone), with those businesses as businessesById reads them
 * (each page row joined to its business by its primary key) and the data version the statement
 * saw: a list's later view, whose counts are kept, in one round trip. Prepared on a plain first
 * page, as the first view's statement is: its plan (the walk, the joins, the table's indexes
 * each considered) cost PostgreSQL about as much as running it. `total`: the list's matches as its
 * kept counts say; a page under a filter no listing index carries (uncarriedFilter) that readWhole
 * judges too far into its set for a walk is read with index walks off (readWithoutIndexWalks): its
 * set through its index's bitmap (a city, a category) or, for the whole directory, by a scan (0.5 s
 * at the million, against 1.0 s through a bitmap of every active row), then sorted.
 */
export async function listPage(db: Db | Knex.Transaction, fixed: Fixed, f: FacetFilters, sort: SearchSort, page: number, limit: number, total?: number): Promise<{ rows: Business[]; version: string | null }> {
  const prepared = plainFirstPage(fixed, f, sort, page, limit);
  // Under a filter no listing index carries, a page too far into its few matches for a walk.
  const whole = uncarriedFilter(f) && total !== undefined && readWhole(total, page * limit);
  const ids = pageIdsSql(f, sort, page, limit, prepared);
  const sql = `SELECT ${SEEN_VERSION} AS data_version, x.* FROM (SELECT p.id, row_number() OVER () AS n FROM (${ids.sql}) p) p
       JOIN LATERAL ${businessByIdSql('p.id')} x ON true ORDER BY p.n`;
  type Row = BusinessRow & { data_version: string | null };
  const rows = whole ? ((await readWithoutIndexWalks(db, sql, ids.bindings as Knex.RawBinding[])) as Row[]) : await listStatement<Row>(db, sql, ids.bindings, prepared);
  return { rows: rows.map(toBusiness), version: rows[0]?.data_version ?? null };
}

/**
 * Matches at most, past which a list under a filter no listing index carries (uncarriedFilter) is
 * walked in its listing index; at or under it, its set's matches are read whole and sorted
 * (listPage). Such a filter, that few of a big set pass, made the walk read the set through
 * the index to find them: at the million, five businesses without a phone in the whole directory
 * took 5.8 s, where a scan of the table and a sort took 0.5 s (docs/performance.md, "A filter few
 * pass"). Under the bound the sort is of a thousand rows at most, whatever the set.
 */
export const SPARSE_LIST_MATCHES = 1_000;

/** How many times a read's wanted matches a set's total must pass for a walk of it (readWhole). */
export const WALK_SHARE = 10;

/**
 * Whether a read under a filter no listing index carries (uncarriedFilter) reads its set's matches
 * whole and sorted rather than walking its set in order, given how many pass (`total`, from the
 * kept counts) and how many of them it needs in order (`wanted`: a page's offset and size, an
 * open-now count's cap, the nearest hundred). The walk reaches its wanted-th match about
 * wanted/total of the way through its set, each business read through the index out of order, where
 * a scan reads the whole set in order and sorts its matches: past a tenth of the set, or at most
 * SPARSE_LIST_MATCHES matches, the scan is the bounded one (docs/performance.md, "A filter few pass").
 */
export const readWhole = (total: number, wanted: number): boolean => total <= SPARSE_LIST_MATCHES || total < wanted * WALK_SHARE;

/**
 * Whether `f` asks a filter no listing index carries (a phone, verified), so its walk tests each
 * business of its set in turn and may read all of them for few matches. The others are the
 * index's keys (city, category, district, country) or stop its walk in order (a least rating).
 */
export const uncarriedFilter = (f: FacetFilters): boolean => f.hasPhone !== undefined || f.verified !== undefined;

/** The rows of a list's statement, prepared under a name of its text's when `prepared` (plainFirstPage). */
async function listStatement<R>(db: Db | Knex.Transaction, sql: string, bindings: unknown[], prepared: boolean): Promise<R[]> {
  const statement = db.raw(sql, bindings as Knex.RawBinding[]);
  return ((await (prepared ? statement.options({ name: preparedName(sql) }) : statement)) as { rows: R[] }).rows;
}

/**
 * The total and facets of the active businesses of `fixed` under `f` (which holds `fixed` too),
 * from the kept business_facets counts (only the page's own city's or category's rows are read),
 * with one page's ids as listPage walks them (one more arm of the same statement: their order
 * in its count column) and those businesses as businessesById reads them (each page row joined to
 * its business by its primary key): a list's first view, whose counts are not kept yet, in one
 * round trip. `more`: arms of the same four columns over the kept counts `s` (their rows come back
 * in `more`); `version`: the data version the statement saw. No `page` under a filter the walk's
 * index does not carry (uncarriedFilter): such a page is walked once its counts are known
 * (listPage's `total`), never through its whole set for matches the counts say are few or none.
 */
export async function listFacetsAndPage(
  db: Db | Knex.Transaction,
  fixed: Fixed,
  f: FacetFilters,
  sort: SearchSort,
  page: number,
  limit: number,
  more: SqlPart[] = [],
): Promise<{ facets: Facets; total: number; page: { ids: number[]; rows: Business[] } | null; more: FacetRow[]; version: string | null }> {
  const prepared = plainFirstPage(fixed, f, sort, page, limit);
  const ids = pageIdsSql(f, sort, page, limit, prepared);
  const arm = { sql: `SELECT 'page', p.id::text, NULL, (row_number() OVER ())::int FROM (${ids.sql}) p`, bindings: ids.bindings };
  const seen = { sql: `SELECT 'version', ${SEEN_VERSION}, NULL, NULL`, bindings: [] };
  const counted = countedFilters(fixed, f);
  const walked = !uncarriedFilter(f);
  const facets = facetSql(facetSource(fixed, f), counted, [...(walked ? [arm] : []), seen, ...more]);
  // Only a page row has a business: the CASE keeps the cast from the other rows' values, and the
  // join is a probe of the primary key per page row (never a join of the whole table).
  const sql = `SELECT f.kind, f.value, f.label, f.count, x.* FROM (${facets.sql}) f
       LEFT JOIN LATERAL ${businessByIdSql("CASE WHEN f.kind = 'page' THEN f.value::bigint END")} x ON true`;
  const rows = await listStatement<FacetRow & BusinessRow>(db, sql, facets.bindings, prepared);
  const onPage = rows.filter((r) => r.kind === 'page').sort((a, b) => a.count - b.count);
  return {
    ...toFacets(rows.filter((r) => FACET_KINDS.has(r.kind) && r.kind !== 'page')),
    page: walked ? { ids: onPage.map((r) => Number(r.value)), rows: onPage.filter((r) => r.id !== null).map(toBusiness) } : null,
    more: more.length ? rows.filter((r) => !FACET_KINDS.has(r.kind)) : [],
    version: rows.find((r) => r.kind === 'version')?.value ?? null,
  };
}

/**
 * How many active businesses of `fixed` pass `f` (which holds `fixed` too), from the kept counts
 * alone: listFacetsAndPage's total without its facets (the whole directory's in 35-40 ms at the
 * million, its facets 0.4-0.6 s).
 */
export async function keptTotal(db: Db | Knex.Transaction, fixed: Fixed, f: FacetFilters): Promise<number> {
  const total = totalSql(facetSource(fixed, f), countedFilters(fixed, f));
  const { rows } = (await db.raw(total.sql, total.bindings as Knex.RawBinding[])) as { rows: { total: number }[] };
  return rows[0].total;
}

/** The filters the kept counts of facetSource(fixed, f) are read under: its source holds the fixed country's rows alone, so they need not find its cities again. */
const countedFilters = (fixed: Fixed, f: FacetFilters): FacetFilters => (fixed.country === undefined ? f : { ...f, country: undefined });

/** The kinds of row of listFacetsAndPage's own arms; any other is one of `more`'s. */
const FACET_KINDS = new Set(['total', 'category', 'city', 'district', 'rating', 'verified', 'phone', 'page', 'version']);

/** The statement of businessesById, prepared once per connection under this name. */
let byId: { name: string; sql: string } | undefined;

/**
 * The businesses of `ids` as the API gives them, in no particular order, and the data version the
 * statement saw. Its text is compiled once (the builder's forty-odd columns and two joins were
 * compiled again for every page of every list) and prepared once per connection: every list page
 * that is not kept sends it.
 */
export async function businessesById(db: Db | Knex.Transaction, ids: (number | string)[]): Promise<{ rows: Business[]; version: string | null }> {
  byId ??= { name: 'rehber_businesses_by_id', sql: `${businessQuery(db).select(db.raw(`${SEEN_VERSION} AS data_version`)).toSQL().sql} where "b"."id" = ANY(?::bigint[])` };
  const { rows } = (await db.raw(byId.sql, [ids.map(String)]).options({ name: byId.name })) as { rows: (BusinessRow & { data_version: string | null })[] };
  return { rows: rows.map(toBusiness), version: rows[0]?.data_version ?? null };
}

/** A match of a search with what its order, filters and facets need. */
export interface Candidate extends FacetCandidate {
  id: number;
  review_count: number;
  name: string;
  /** 0 its name is the words, 1 its name holds them all, 2 its category does, 3 its place does, 4 the rest of it. */
  tier: number;
  quality: number;
  approximate: boolean;
}

/** A candidate's fields (columnsOf's columns). */
export const CANDIDATE_FIELDS = ['id', 'rating', 'review_count', 'name', 'city_id', 'category_id', 'district', 'rating_floor', 'is_verified', 'has_phone', 'quality', 'approximate', 'tier'] as const satisfies readonly (keyof Candidate)[];

/** Candidates a column per field, each column in the same order. */
export type CandidateColumns = { [K in (typeof CANDIDATE_FIELDS)[number]]: Candidate[K][] };

/**
 * The candidates `sql` gives as one value, a column per field: node-postgres makes an object of
 * each row and parses each of its fields on its own, which for a thousand candidates cost the
 * server several times the CPU of one JSON text of columns parsed at once (docs/performance.md).
 */
const inColumns = (sql: string, also = '') =>
  `SELECT json_build_object(${CANDIDATE_FIELDS.map((f) => `'${f}', coalesce(array_agg(c.${f}), '{}')`).join(', ')}) AS columns${also} FROM (${sql}) c`;

/** The fields sent as they are by inPackedColumns; the others are in `flags` or follow from them. */
const SENT_FIELDS = ['id', 'rating', 'review_count', 'name', 'city_id', 'category_id', 'district', 'quality'] as const satisfies readonly (typeof CANDIDATE_FIELDS)[number][];

/** Candidates as inPackedColumns sends them. */
type PackedColumns = Pick<CandidateColumns, (typeof SENT_FIELDS)[number]> & { flags: number[] };

/**
 * inColumns with a candidate's tier (0-4) and its three flags as one number (the tier in its
 * lowest three bits, then is_verified, has_phone, approximate) and its rating's floor left out
 * (it follows from the rating): each value turned into JSON text cost PostgreSQL about as much
 * as reading the candidate's row, and a numeric (the floor) more than most (docs/performance.md).
 * unpackedColumns gives the columns inColumns gives.
 */
const inPackedColumns = (sql: string, also = '') =>
  `SELECT json_build_object(${SENT_FIELDS.map((f) => `'${f}', coalesce(array_agg(c.${f}), '{}')`).join(', ')},
          'flags', coalesce(array_agg(c.tier | (c.is_verified::int << 3) | (c.has_phone::int << 4) | (c.approximate::int << 5)), '{}')) AS columns${also} FROM (${sql}) c`;

/** The columns of inPackedColumns' candidates as inColumns gives them. */
export function unpackedColumns({ flags, ...sent }: PackedColumns): CandidateColumns {
  return {
    ...sent,
    // A rating has two decimals: twice it is a whole number only when it is one exactly, as in SQL.
    rating_floor: sent.rating.map((r) => Math.floor(r * 2) / 2),
    is_verified: flags.map((f) => (f & 8) !== 0),
    has_phone: flags.map((f) => (f & 16) !== 0),
    approximate: flags.map((f) => (f & 32) !== 0),
    tier: flags.map((f) => f & 7),
  };
}

/** The candidates of columns, one object each. */
export function candidateRows(c: CandidateColumns): Candidate[] {
  return c.id.map((id, i) => ({
    id,
    rating: c.rating[i],
    review_count: c.review_count[i],
    name: c.name[i],
    city_id: c.city_id[i],
    category_id: c.category_id[i],
    district: c.district[i],
    rating_floor: c.rating_floor[i],
    is_verified: c.is_verified[i],
    has_phone: c.has_phone[i],
    quality: c.quality[i],
    approximate: c.approximate[i],
    tier: c.tier[i],
  }));
}

/** `sql`'s candidates read through bitmap scans alone (readByBitmapScans), as columns. */
async function readCandidates(db: Db | Knex.Transaction, sql: string, bindings: Knex.RawBinding[]): Promise<CandidateColumns> {
  const [row] = (await readByBitmapScans(db, inPackedColumns(sql), bindings)) as { columns: PackedColumns }[];
  return unpackedColumns(row.columns);
}

/** What a search asks: its words as typed (for an exact name) and as a tsquery, its place's tsquery. */
export interface Asked {
  text: string | null;
  what: string | null;
  where: string | null;
}

/**
 * The SQL matching the tsqueries of what and where (either may be null, not both). The words and
 * the place together in the documents' index, whose posting lists intersect inside it (a broad
 * word in a city reads the city's share, not every business of the word), and the place in the
 * place index too: when the place is a word many documents hold elsewhere and none as a place
 * ('restaurant'), the planner sees the place index find almost nothing and reads only that.
 */
function matchOf({ what, where }: Asked): SqlPart {
  if (!where) return { sql: `b.search_vector @@ ${TSQUERY}`, bindings: [what] };
  if (!what) return { sql: `${PLACE} @@ ${TSQUERY}`, bindings: [where] };
  return { sql: `b.search_vector @@ (${TSQUERY} && ${TSQUERY}) AND ${PLACE} @@ ${TSQUERY}`, bindings: [what, where, where] };
}

/** A name equal to the words once both are folded, through businesses_name_prefix_idx. */
const EXACT_NAME = `(rehber_fold(b.name) COLLATE "C") = rehber_fold(?)`;
/**
 * EXACT_NAME as a candidate's tier tests it: whether it is among the active businesses so named,
 * found once in businesses_name_prefix_idx (a subplan, one probe a statement). A candidate is
 * always an active business.
 */
const NAMED_EXACTLY = `b.id IN (SELECT e.id FROM businesses e WHERE e.is_active AND (rehber_fold(e.name) COLLATE "C") = rehber_fold(?))`;

/**
 * How a read tells its candidates' exact-name tier: 'probe' (NAMED_EXACTLY) or 'fold' (EXACT_NAME
 * of each candidate, unaccent of its name). A fold costs about as much as reading the candidate's
 * row; the probe costs its planning and a page of the names' index no other read of a distinct
 * search has in memory, a few times what a read of a few dozen folds (docs/performance.md). So a
 * read that expects hundreds (the bound + 1 of a set near or under the bound that the
 * statistics weigh, a broad set's sample) probes, and a read of a few (a name of several words, a
 * band or walk of a page's size) folds.
 */
export type ExactNames = 'probe' | 'fold';
/**
 * Every word in the name (the documents' weight A, through businesses_name_words_idx), in the
 * place (weight C, through businesses_place_idx): the tiers that have an index of their own.
 */
const WITHIN = { name: `ts_filter(b.search_vector, '{a}') @@ ${TSQUERY}`, place: `${PLACE} @@ ${TSQUERY}` };
const IN_NAME = WITHIN.name;

/**
 * A what's tsquery without the lexemes of the cities its words name (tsqueries puts them after a
 * word's own, ' | 'city:N''): a document holds those as its place (weight C) only, never in its
 * name, so the names' tier is the same without them, and its bands are then read in the names'
 * index, not in the documents' (every document of the city read to find none in a name).
 */
const nameLexemes = (what: string) => what.replace(/ \| 'city:\d+'/g, '');

/** The columns of a candidate, its tier among them, its exact name told as `exact` says. */
function columnsOf(q: Asked, exact: ExactNames): SqlPart {
  const tier = q.what
    ? { sql: `CASE WHEN ${exact === 'probe' ? NAMED_EXACTLY : EXACT_NAME} THEN 0 WHEN ${IN_NAME} THEN 1 WHEN ts_filter(b.search_vector, '{b}') @@ ${TSQUERY} THEN 2 WHEN ${PLACE} @@ ${TSQUERY} THEN 3 ELSE 4 END`,
        bindings: [q.text ?? '', q.what, q.what, q.what] }
    : { sql: '4', bindings: [] };
  return {
    sql: `b.id, b.rating, b.review_count, b.name, ${CANDIDATE_FACET_COLUMNS}, b.quality, b.coordinates_approximate AS approximate, ${tier.sql} AS tier`,
    bindings: tier.bindings,
  };
}

/** A row's block in the businesses table (its ctid's first half). */
const BLOCK = '(b.ctid::text::point)[0]::int';

/**
 * `SELECT <candidate> FROM <from> WHERE <filters> AND <match> AND <more> <tail>`, as one part; the
 * candidates' exact names folded unless `exact` says to probe (ExactNames); with each row's block
 * when `block` (for a read's reach, ReachOf).
 */
function candidatesWhere(
  q: Asked,
  f: FacetFilters,
  more: SqlPart | null,
  tail: string,
  { from = 'businesses b', exact = 'fold', block = false }: { from?: string; exact?: ExactNames; block?: boolean } = {},
): SqlPart {
  const columns = columnsOf(q, exact);
  const filter = businessWhere(f);
  const match = matchOf(q);
  return {
    sql: `SELECT ${columns.sql}${block ? `, ${BLOCK} AS block` : ''} FROM ${from} WHERE ${filter.sql} AND ${match.sql}${more ? ` AND ${more.sql}` : ''} ${tail}`,
    bindings: [...columns.bindings, ...filter.bindings, ...match.bindings, ...(more?.bindings ?? [])],
  };
}

/**
 * At most `bound` + 1 matches of `q` under `f`, in index order (one more than the bound tells a
 * broad search). `byHour`: under open now, the matches' open hours hold the hour too (openHoursSql),
 * for a set the caller expects to be narrow or near the bound, never a broad word's.
 */
export async function searchCandidates(db: Db | Knex.Transaction, q: Asked, f: FacetFilters, bound: number, byHour = false): Promise<CandidateColumns> {
  const hour = byHour ? openHoursSql(f.openAt) : null;
  const part = candidatesWhere(q, f, hour === null ? null : { sql: hour, bindings: [] }, `LIMIT ${bound + 1}`, { exact: 'probe' });
  return readCandidates(db, part.sql, part.bindings as Knex.RawBinding[]);
}

/** Each walk's own order: under relevance, quality within a tier. */
const WALK_ORDER: Record<SearchSort, string> = {
  relevance: 'b.quality DESC, b.id',
  rating: 'b.rating DESC, b.review_count DESC, b.id',
  reviews: 'b.review_count DESC, b.rating DESC, b.id',
  name: 'b.name, b.id',
  // A list near a point is ordered by data/reads/nearby.ts; without one, as by relevance.
  distance: 'b.quality DESC, b.id',
};

/** The sorts in quality order, which the search index reads band by band (byBands). */
const BANDED = new Set<SearchSort>(['relevance', 'distance']);

/** Categories whose name holds every word of `what` (a business's weight B is its category's name). */
const CATEGORIES_OF = `SELECT k.id FROM categories k WHERE setweight(to_tsvector('simple', rehber_fold(k.name)), 'B') @@ ${TSQUERY}`;

/**
 * The best `n` matches of `q` under `f` (and `more`) in quality order, read band by band from the
 * best down through the GIN indexes of the documents, names and places, which hold each document
 * under its quality band (migration 20261208A): a band's matches are one bitmap, ranked by
 * PostgreSQL, and the reading stops at the band that makes `n`. The bands rise with quality, so
 * the first `n` this way are the first `n` in quality order. It starts at the best active
 * business's band (rehber_top_quality_band). Bitmaps only (readByBitmapScans): a walk of the
 * quality index testing each row is what the bands replace.
 */
function byBands(q: Asked, f: FacetFilters, more: SqlPart | null, n: number, unless?: Walked): SqlPart {
  // A place alone is matched in its own index; in the documents' too, so that a band's bitmap is
  // the band's businesses holding its words, not the whole band.
  const words = q.what ? '' : ` AND b.search_vector @@ ${TSQUERY}`;
  const band = { sql: `rehber_quality_band(b.quality) = g.band${words}${more ? ` AND ${more.sql}` : ''}`, bindings: [...(q.what ? [] : [q.where]), ...(more?.bindings ?? [])] };
  const inBand = candidatesWhere(q, f, band, `ORDER BY ${WALK_ORDER.relevance} LIMIT ${n}`);
  return {
    sql: `SELECT c.* FROM generate_series(rehber_top_quality_band(), rehber_quality_band(0), -1) g(band),
            LATERAL (${inBand.sql}) c${unless ? ` WHERE current_setting('${unless}', true) IS DISTINCT FROM 'true'` : ''} LIMIT ${n}`,
    bindings: inBand.bindings,
  };
}

/** The parts as one statement, each part's own rows (a business in two parts is one candidate once ranked). */
function unionOf(parts: SqlPart[]): { sql: string; bindings: Knex.RawBinding[] } {
  return { sql: parts.map((p) => `(${p.sql})`).join(' UNION ALL '), bindings: parts.flatMap((p) => p.bindings) as Knex.RawBinding[] };
}

/**
 * The rows of walks down btrees in their order, each stopping after its LIMIT. With bitmap scans
 * and sorts off the planner can neither read every match to sort them, which at a broad word
 * costs what the walk saves, nor walk another index and sort what it found; readByBitmapScans
 * tells why a LIMIT alone does not steer it. No parallel workers either: each of them walks the
 * index on its own until it has its share of the rows, which for a LIMIT multiplies the rows
 * visited by the workers started.
 */
async function walked(db: Db | Knex.Transaction, parts: SqlPart[]): Promise<Candidate[]> {
  return inOneRoundTrip(db, [byWalks(db, parts)]);
}

/** walked's statements as one text, its read among them (like byBitmapScans). */
function byWalks(db: Db | Knex.Transaction, parts: SqlPart[]): Statements {
  const { sql, bindings } = unionOf(parts);
  return walking(db.raw(inPackedColumns(sql), bindings).toQuery());
}

/** A read (SQL text) under walked's settings. */
const walking = (read: string): Statements => ({
  text: `SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off; SET LOCAL max_parallel_workers_per_gather = 0; ${read}; RESET enable_seqscan; RESET enable_bitmapscan; RESET enable_sort; RESET max_parallel_workers_per_gather`,
  read: 4,
  count: 9,
});

/**
 * How many businesses of the quality index a common word's best are first looked for in
 * (walkedFirst): when one business in twelve holds the word, they hold a first page of 20 twice
 * over, a few hundred rows against the one band of the banded index that holds them, which
 * for such a word holds thousands (docs/performance.md).
 */
export const WALK_ROWS = 500;

/** The flag (a setting of the transaction) that says a tier's walk found its `n` (walkedFirst). */
type Walked = 'rehber.walked_names' | 'rehber.walked_all';

/** The shares of a walked tier's words among the statistics: every match's (the documents'), the names'. */
const SHARES_OF = { 'rehber.walked_all': 'documents', 'rehber.walked_names': 'names' } as const satisfies Record<Walked, keyof PlannerStatistics>;

/** The planner's statistics as a search statement's caller may hand them: kept (the read service's), else read when needed. */
export type StatisticsOf = () => Promise<PlannerStatistics>;

/**
 * A tier's best `n` (the names holding the words with `more`, or every match without) read down the
 * quality index first, within its first WALK_ROWS businesses, when the statistics say the words
 * are common enough to fill `n` there twice over (else null: the bands are read alone); the
 * statement sets the flag `flag` when they did, and the tier's bands, read after it in the same
 * round trip and transaction, are then not read (byBands' `unless`). The first WALK_ROWS in
 * quality order hold the tier's first `n` in quality order when they hold `n` of it, so the rows
 * are those the bands give.
 */
function walkedFirst(db: Db | Knex.Transaction, q: Asked, share: number, more: SqlPart | null, n: number, flag: Walked): Statements | null {
  if (share * WALK_ROWS < 2 * n) return null;
  const best = `(SELECT * FROM businesses b WHERE b.is_active ORDER BY ${WALK_ORDER.relevance} LIMIT ${WALK_ROWS}) b`;
  const part = candidatesWhere(q, {}, more, `ORDER BY ${WALK_ORDER.relevance} LIMIT ${n}`, { from: best });
  return walking(db.raw(inPackedColumns(part.sql, `, set_config('${flag}', (count(*) >= ${n})::text, true) AS walked`), part.bindings as Knex.RawBinding[]).toQuery());
}

/** Statements sent as one text: their number, and which of them (from 0) reads the candidates. */
interface Statements {
  text: string;
  read: number;
  count: number;
}

/**
 * The candidates of several reads, each with its own settings, sent as one text: one round trip,
 * which costs the server's CPU more than a read of a few dozen rows does (its write to the
 * socket and PostgreSQL's wake-up), where reads in parallel each cost one.
 */
async function inOneRoundTrip(db: Db | Knex.Transaction, reads: Statements[]): Promise<Candidate[]> {
  if (!reads.length) return [];
  const results = (await db.raw(reads.map((r) => r.text).join('; '))) as { rows: { columns: PackedColumns }[] }[];
  let at = 0;
  return reads.flatMap((r) => {
    const columns = results[at + r.read].rows[0].columns;
    at += r.count;
    return candidateRows(unpackedColumns(columns));
  });
}

/**
 * The best `n` matches of a broad search `q` under `f` in each tier that may hold a page's rows,
 * for the page to be ranked in memory: the first `n` of the ranking are among them. Under
 * relevance: the exact names (a few, down the name index), the names and the places holding
 * every word, and every match (the rest), each read by quality band
 * (byBands); each category whose name holds the words walked in its category's quality index
 * (its every business holds them, so the walk visits `n` rows). Under the rating sort, the first
 * `n` of a walk of its index; under another sort, every match is read (its bitmap) and the first
 * `n` kept, since no index holds the matches in that order. `tiers`: under relevance, only the
 * exact names and the names holding every word ('names'), or only the other tiers and the rest
 * ('others').
 */
export async function bestMatches(
  db: Db | Knex.Transaction,
  q: Asked,
  f: FacetFilters,
  sort: SearchSort,
  n: number,
  tiers: 'names' | 'others' | 'all' = 'all',
  statistics: StatisticsOf = () => readPlannerStatistics(db),
): Promise<Candidate[]> {
  if (!BANDED.has(sort)) {
    const walk = candidatesWhere(q, f, null, `ORDER BY ${WALK_ORDER[sort]} LIMIT ${n}`);
    if (sort === 'rating') return walked(db, [walk]);
    return candidateRows(await readCandidates(db, walk.sql, walk.bindings as Knex.RawBinding[]));
  }
  const ranking = sort === 'relevance' && q.what;
  // A word of one or two words without a place or filters may be common enough for its best to
  // be near the top of the quality index (walkedFirst).
  const lexemes = ranking && !q.where && !Object.keys(f).length ? ownLexemes(q.what!) : null;
  const stats = lexemes?.length && lexemes.length <= 2 ? await statistics() : null;
  const first: Statements[] = [];
  const walkedOr = (more: SqlPart | null, flag: Walked): Walked | undefined => {
    const walk = stats && walkedFirst(db, q, shareOf(stats[SHARES_OF[flag]], lexemes!), more, n, flag);
    if (!walk) return undefined;
    first.push(walk);
    return flag;
  };
  const banded: SqlPart[] = ranking && tiers === 'names' ? [] : [byBands(q, f, null, n, ranking ? walkedOr(null, 'rehber.walked_all') : undefined)];
  const walks: SqlPart[] = [];
  if (ranking && tiers !== 'others') {
    // The exact names down the name index (a bitmap would be ANDed with the words' whole one).
    walks.push(candidatesWhere(q, f, { sql: EXACT_NAME, bindings: [q.text ?? ''] }, `LIMIT ${n}`));
    const inName = { sql: WITHIN.name, bindings: [nameLexemes(q.what!)] };
    banded.push(byBands(q, f, inName, n, walkedOr(inName, 'rehber.walked_names')));
  }
  if (ranking && tiers !== 'names') {
    banded.push(byBands(q, f, { sql: WITHIN.place, bindings: [q.what] }, n));
    if (f.categoryId === undefined) {
      // One walk per category, in its own index (a lateral per category id keeps the index's order).
      const inCategory = candidatesWhere(q, f, { sql: 'b.category_id = k.id', bindings: [] }, `ORDER BY ${WALK_ORDER.relevance} LIMIT ${n}`);
      walks.push({ sql: `SELECT c.* FROM (${CATEGORIES_OF} LIMIT 10) k, LATERAL (${inCategory.sql}) c`, bindings: [q.what, ...inCategory.bindings] });
    } else {
      banded.push(byBands(q, f, { sql: `ts_filter(b.search_vector, '{b}') @@ ${TSQUERY}`, bindings: [q.what] }, n));
    }
  }
  const bands = unionOf(banded);
  return inOneRoundTrip(db, [
    ...first,
    ...(banded.length ? [{ text: byBitmapScans(db, inPackedColumns(bands.sql), bands.bindings), read: BITMAP_SCAN_RESULT, count: BITMAP_SCAN_STATEMENTS }] : []),
    ...(walks.length ? [byWalks(db, walks)] : []),
  ]);
}

/**
 * The pages of the table's start that a common word's first matches are looked for in
 * (firstInTableOrder): at the million about 18,700 documents, which hold the first 200 of a word
 * in one document in 47 twice over. A GIN bitmap costs about a third of a microsecond an entry of
 * the word's whole posting list, a page of the table's start about four (its five documents
 * tested), and the scan stops at the 200th match, about 200 pages × the table's documents a page
 * ÷ the word's documents: the two cost alike at about 20,000 documents at the million, under
 * the gate (21,400); a word of 30,000 reads its 200 in half the bitmap's time, one of 50,000 in
 * a fifth. The bitmap of a rarer word costs less than reading them (docs/performance.md).
 */
export const HEAD_PAGES = 3500;

/**
 * The statistics' estimate of a narrow set from which its read probes the exact names rather than
 * folding each candidate's name (ExactNames): about where a fold of each costs what the probe does.
 */
const PROBED_FROM = 100;

/** A tsquery operand: its quoted lexeme, and whether flags (weights, a prefix star) follow it. */
const LEXEME = /'((?:[^']|'')*)'(:)?/g;

/**
 * The lexemes a document must hold for `what` to match it, as far as the planner's statistics can
 * weigh them: each of its own lexemes (a city's lexeme is only ever an alternative to a word's);
 * null when an operand has flags (its share is not the lexeme's).
 */
function ownLexemes(what: string): string[] | null {
  const found = [...what.matchAll(LEXEME)];
  if (found.some((m) => m[2])) return null;
  return found.map((m) => m[1].replace(/''/g, "'")).filter((l) => !l.startsWith('city:'));
}

/**
 * How the statistics judged a read of a search's first matches (estimateAndCandidates): 'broad'
 * when they say the words have more matches than the judge's `broadFrom` (the first `n` read, a
 * sample), 'narrow' when fewer than its `sampleFrom` (the first bound + 1 read at once, so a narrow
 * set is read whole in one statement and a set past the bound is known to be one); 'estimated' when an open-now read is
 * judged broad by the planner's estimate alone and no match is read (openByStatistics); null when they cannot weigh the words
 * (a place, filters, more than two words, flags) or put them between `sampleFrom` and `broadFrom`:
 * the first `n` read, the estimate and the sample's reach (ReachOf) to judge.
 */
export type Judged = 'broad' | 'narrow' | 'estimated' | null;

/**
 * What estimateAndCandidates judges by: the bound, the estimates from which one or two words are
 * broad, and the estimate from which words the statistics put under `broadFrom` are read as a
 * sample of `n` first rather than up to the bound + 1 (they are likelier past the bound than not).
 */
export interface Judge {
  bound: number;
  broadFrom: { oneWord: number; twoWords: number };
  sampleFrom: number;
}

/**
 * How far into the table a first read of `n` matches in table order went: the block of its last
 * match and the table's blocks. Matches spread through the table put about `n` × blocks / (last
 * block + 1) in it (reachEstimate).
 */
export interface ReachOf {
  lastBlock: number;
  blocks: number;
}

/** The matches a read's reach says the table holds, `read` of them found within it (null without a reach). */
export const reachEstimate = (read: number, reach: ReachOf | null): number | null =>
  reach === null ? null : Math.round((read * Math.max(reach.blocks, reach.lastBlock + 1)) / (reach.lastBlock + 1));

/**
 * The first matches of `q` in table order, as the bitmap of the documents' index gives them: `n`
 * of them, or the first `judge.bound` + 1 when the planner's statistics say the words have fewer
 * than `judge.broadFrom` matches (the documents in the share of them holding every word: the
 * product of each lexeme's share among the most common, 0 when one is not among them, as the
 * planner takes it). When the statistics say the words are common enough to fill `n` in the
 * table's first HEAD_PAGES pages twice over (the pages at the table's rows a page), the `n` are
 * read there first. A GIN index has no order to stop in: the bitmap of a word held by a fifth of
 * the million ('restaurant') is built whole, 208,000 entries, for the 200 asked. The bitmap is read
 * only when the start does not hold `n` (a word clustered further on), so the rows are the same
 * either way. A place or filters are left to the bitmap alone (their share is not the words'), and
 * so is a text of more than two words, which is seldom common. `statistics`: the planner's statistics
 * (planner-statistics.ts), asked only of one or two words; `judged`: how they judged it (Judged).
 */
async function firstInTableOrder(q: Asked, f: FacetFilters, n: number, judge: Judge | undefined, statistics: StatisticsOf): Promise<{ ctes: SqlPart; part: SqlPart; judged: Judged }> {
  const lexemes = q.what && !q.where && !Object.keys(f).length ? ownLexemes(q.what) : null;
  if (!lexemes?.length || lexemes.length > 2) return { ctes: { sql: '', bindings: [] }, part: candidatesWhere(q, f, null, `LIMIT ${n}`, { block: true }), judged: null };
  const stats = await statistics();
  const docs = shareOf(stats.documents, lexemes) * stats.rows;
  const common = (docs / Math.max(stats.pages, 1)) * HEAD_PAGES >= 2 * n;
  const broad = judge ? docs >= (lexemes.length === 1 ? judge.broadFrom.oneWord : judge.broadFrom.twoWords) : true;
  // Put near the bound, the words' sample is read and its reach judges them (Judged).
  const near = judge !== undefined && !broad && docs >= judge.sampleFrom;
  const judged: Judged = judge && !near ? (broad ? 'broad' : 'narrow') : null;
  // Judged narrow, every match up to the bound + 1 is read: the table's start would hold too few.
  // A broad set's sample is `n`, a narrow one as many as the statistics say: probed when that is many.
  const exact: ExactNames = broad || docs >= PROBED_FROM ? 'probe' : 'fold';
  const reach = { block: true, exact };
  if (!broad || !common) return { ctes: { sql: '', bindings: [] }, part: candidatesWhere(q, f, null, `LIMIT ${broad || near ? n : judge!.bound + 1}`, reach), judged };
  const full = `(SELECT count(*) FROM head) >= ${n}`;
  const head = candidatesWhere(q, f, { sql: `b.ctid < '(${HEAD_PAGES},0)'::tid`, bindings: [] }, `LIMIT ${n}`, reach);
  const rest = candidatesWhere(q, f, { sql: `NOT ${full}`, bindings: [] }, `LIMIT ${n}`, reach);
  return {
    // The head is read once: the statement's CTE.
    ctes: { sql: `WITH head AS MATERIALIZED (${head.sql}) `, bindings: head.bindings },
    part: { sql: `(SELECT * FROM head WHERE ${full}) UNION ALL (${rest.sql})`, bindings: rest.bindings },
    judged,
  };
}

/**
 * The first `n` open matches of `q` under `f` (open now among them) in table order, with the place
 * (`examined_at`, from 1) of each among every match looked at on the way: the share open among the
 * matches, which a guess of the planner's (a third, whatever the minute) cannot give. The open
 * test is a column of every match rather than a filter, counted as the rows pass, and the count's
 * bound stops the scan (a run condition of the window) one open match past the `n`th. `hour`: the
 * open hours' condition (openHoursSql) the matches looked at must meet too, or null.
 */
function firstOpen(q: Asked, f: FacetFilters, n: number, hour: string | null): SqlPart {
  const open = openAtSql(f.openAt!, f.cityId);
  const filter = businessWhere({ ...f, openAt: undefined });
  const match = matchOf(q);
  const columns = columnsOf(q, 'probe');
  return {
    sql: `SELECT ${columns.sql}, b.examined_at FROM
            (SELECT w.*, count(CASE WHEN w.open THEN 1 END) OVER (ROWS UNBOUNDED PRECEDING) AS opened,
                    row_number() OVER (ROWS UNBOUNDED PRECEDING) AS examined_at
               FROM (SELECT b.*, ${open.sql} AS open FROM businesses b WHERE ${filter.sql} AND ${match.sql}${hour ? ` AND ${hour}` : ''}) w) b
           WHERE b.opened <= ${n} AND b.open`,
    bindings: [...columns.bindings, ...open.bindings, ...filter.bindings, ...match.bindings],
  };
}

/** The text of the planner's estimate of the matches of `q` under `filter` (planRows reads its answer). */
function explainMatches(db: Db | Knex.Transaction, q: Asked, filter: SqlPart, hour: string | null = null): string {
  const match = matchOf(q);
  return db.raw(`EXPLAIN (FORMAT JSON) SELECT 1 FROM businesses b WHERE ${filter.sql} AND ${match.sql}${hour ? ` AND ${hour}` : ''}`, [...filter.bindings, ...match.bindings] as Knex.RawBinding[]).toQuery();
}

/**
 * About how many matches `q` has under `f`, from the planner's estimate (the search document's
 * most common lexemes: counting a broad word's matches costs what reading them does), and its
 * first matches in table order (firstInTableOrder, through bitmap scans or the table's start), in
 * one round trip: `n` of them, or the first `judge.bound` + 1 when the statistics judge the words
 * narrow (`judged`). Judged narrow, the planner is not asked: the matches read are all of them and
 * their count is the estimate, unless they pass the bound (the statistics took a broad set for a
 * narrow one, a few in a thousand searches), when the estimate is asked after them. Most distinct
 * searches of two words find a few matches or none, and planning the estimate cost them about as
 * much as reading those. `statistics`: the planner's statistics, kept by the caller (else read here when needed).
 */
export async function estimateAndCandidates(
  db: Db | Knex.Transaction,
  q: Asked,
  f: FacetFilters,
  n: number,
  judge?: Judge,
  statistics: StatisticsOf = () => readPlannerStatistics(db),
): Promise<{ estimate: number; columns: CandidateColumns; judged: Judged; reach?: ReachOf | null }> {
  if (f.openAt !== undefined) return openEstimateAndCandidates(db, q, f, n, judge, statistics);
  const explain = explainMatches(db, q, businessWhere(f, { estimate: true }));
  const { ctes, part, judged } = await firstInTableOrder(q, f, n, judge, statistics);
  const read = `${ctes.sql}${inPackedColumns(part.sql, `, max(c.block) AS last_block, ${TABLE_BLOCKS} AS blocks`)}`;
  const bindings = [...ctes.bindings, ...part.bindings] as Knex.RawBinding[];
  const asked = judged !== 'narrow';
  const results = (await db.raw(`${asked ? `${explain}; ` : ''}${byBitmapScans(db, read, bindings)}`)) as { rows: Record<string, unknown>[] }[];
  const row = results[(asked ? 1 : 0) + BITMAP_SCAN_RESULT].rows[0] as { columns: PackedColumns; last_block: number | null; blocks: string };
  const reach = row.last_block === null ? null : { lastBlock: row.last_block, blocks: Number(row.blocks) };
  const columns = unpackedColumns(row.columns);
  const estimate = asked ? planRows(results[0].rows) : columns.id.length <= judge!.bound ? columns.id.length : planRows((await db.raw(explain)).rows as Record<string, unknown>[]);
  return { estimate, columns, judged, reach };
}

/** The businesses table's blocks now (not the statistics' count, which waits for an ANALYZE). */
const TABLE_BLOCKS = `pg_relation_size('businesses'::regclass) / current_setting('block_size')::int`;

/**
 * Whether the planner's statistics say one or two words (without a place) have at least
 * `judge.broadFrom` matches, whatever the filters: then an open-now read goes without the open
 * hours, whose entries the index would intersect with the words' in full. Without a judge, or for
 * words the statistics cannot weigh (a place, more words, flags), false.
 */
async function broadByStatistics(q: Asked, judge: Judge | undefined, statistics: StatisticsOf): Promise<boolean> {
  const lexemes = judge && q.what && !q.where ? ownLexemes(q.what) : null;
  if (!lexemes?.length || lexemes.length > 2) return false;
  const stats = await statistics();
  return shareOf(stats.documents, lexemes) * stats.rows >= (lexemes.length === 1 ? judge!.broadFrom.oneWord : judge!.broadFrom.twoWords);
}

/**
 * estimateAndCandidates under open now: the planner's estimate of the matches without it, times
 * the share open among those the first `n` open ones were found in (firstOpen), rather than the
 * planner's third; all of them when fewer than `n` are open. Unless the statistics judge the
 * words broad (broadByStatistics), the matches looked at are those whose open hours hold the
 * hour, and the planner's estimate is of those (its statistics of the hours give their share). Judged broad when that passes
 * `judge.broadFrom` (one lexeme's estimate, as the statistics give it, from `oneWord`; any other,
 * a product of shares that may be several times too many, from `twoWords`): the bound + 1 open
 * matches are then not read to find it out, each of them a row of the table read, with the two
 * to three closed matches beside it.
 *
 * Words the statistics judge broad are not read this way when the hour can be required
 * (openByStatistics): their first open matches would be read from the bitmap of every match of
 * the words, which a GIN index builds whole (121,000 entries for a word held by one business in
 * eight), only to learn how many are open.
 */
async function openEstimateAndCandidates(
  db: Db | Knex.Transaction,
  q: Asked,
  f: FacetFilters,
  n: number,
  judge: Judge | undefined,
  statistics: StatisticsOf,
): Promise<{ estimate: number; columns: CandidateColumns; judged: Judged }> {
  const broadWords = await broadByStatistics(q, judge, statistics);
  const hour = openHoursSql(f.openAt);
  if (broadWords && hour !== null) return openByStatistics(db, q, f, judge!, hour);
  const required = broadWords ? null : hour;
  const explain = explainMatches(db, q, businessWhere({ ...f, openAt: undefined }), required);
  const part = firstOpen(q, f, n, required);
  const read = inColumns(part.sql, ', max(c.examined_at)::int AS examined');
  const results = (await db.raw(`${explain}; ${byBitmapScans(db, read, part.bindings as Knex.RawBinding[])}`)) as { rows: Record<string, unknown>[] }[];
  const row = results[1 + BITMAP_SCAN_RESULT].rows[0] as { columns: CandidateColumns; examined: number | null };
  const got = row.columns.id.length;
  if (got < n || !row.examined) return { estimate: got, columns: row.columns, judged: null };
  // The planner may expect fewer matches than were looked at already.
  const estimate = Math.round((Math.max(planRows(results[0].rows), row.examined) * got) / row.examined);
  const broadFrom = judge && broadFromOf(q, f, judge);
  return { estimate, columns: row.columns, judged: broadFrom !== undefined && estimate >= broadFrom ? 'broad' : null };
}

/** The estimate from which an open-now read is judged broad: `oneWord` for one lexeme and no other filter, else `twoWords`. */
function broadFromOf(q: Asked, f: FacetFilters, judge: Judge): number {
  const oneLexeme = !q.where && Object.keys(f).length === 1 && ownLexemes(q.what ?? '')?.length === 1;
  return oneLexeme ? judge.broadFrom.oneWord : judge.broadFrom.twoWords;
}

/** No candidates. */
const NO_CANDIDATES = (): CandidateColumns => Object.fromEntries(CANDIDATE_FIELDS.map((k) => [k, []])) as unknown as CandidateColumns;

/**
 * An open-now read of words the statistics judge broad, judged by the planner's estimate of their
 * matches whose open hours hold the hour (`hour`, openHoursSql) rather than by reading any: the
 * words' share times the hour's, both from the statistics, which pass few closed matches (the
 * exact test removes 1-2% of those holding the hour). Past `judge.broadFrom` (broadFromOf), broad
 * without a match read (an open-now search's broad page counts no facets, so it needs no sample);
 * else the bound + 1 open matches, the hour required, are read at once (judged 'narrow'): all of
 * them, or a set past the bound. A word whose matches gather in zones closed at the minute is taken
 * for broader than it is; when the broad page's reads find fewer than they asked for, they were
 * every open match and the page counts them (data/reads/list-pages.ts broadPage).
 */
async function openByStatistics(db: Db | Knex.Transaction, q: Asked, f: FacetFilters, judge: Judge, hour: string): Promise<{ estimate: number; columns: CandidateColumns; judged: Judged }> {
  const { rows } = await db.raw(explainMatches(db, q, businessWhere({ ...f, openAt: undefined }), hour));
  const estimate = planRows(rows as Record<string, unknown>[]);
  if (estimate >= broadFromOf(q, f, judge)) return { estimate, columns: NO_CANDIDATES(), judged: 'estimated' };
  return { estimate, columns: await searchCandidates(db, q, f, judge.bound, true), judged: 'narrow' };
}

/** The tsqueries of a box's words and of the ways they may split into what and where. */
export interface BoxSplitQueries {
  /** Every word in a business's name. */
  asName: string | null;
  /** Every word anywhere. */
  anywhere: string | null;
  /** Per split, in order: what, where, and whether its place is only digits. */
  whats: (string | null)[];
  wheres: (string | null)[];
  digitsOnly: boolean[];
}

/**
 * The position (from 0) of the first split that finds an active business, or null. Null too when
 * every business the words find holds them all in its name (the first hundred tell): the box is a
 * name ('Golden Oak Plumber 12345', 'Inn at the Park'), no place is read out of it, and one index
 * probe answers instead of one per split. A split whose place is only digits is not taken for a
 * postal code when a business's name holds every word. The scan in order of ordinality stops at
 * the first split that finds something. Without a split of digits the splits are looked at
 * first and the names only when one finds something: a split's place is looked up in the place
 * index, where most words are no place and are found at once, while the names' check builds the
 * whole bitmap of every word (a GIN index has no order to stop in: thousands of entries for
 * 'bright hair salon'). A split of digits checks the names itself, so then the names go first.
 * Without a split of digits the statement is prepared once per connection (its text is the same
 * for any words: they come as arrays), so it is not planned at every call: its generic plan is the
 * one the planner makes for any words (the names' first hundred through the documents' bitmap,
 * each split's place and words through theirs), and planning it cost about a third of running it.
 * With a split of digits, each is planned: a generic plan would look for the names holding every
 * word by walking the table.
 */
export async function firstSplitFinding(db: Db | Knex.Transaction, q: BoxSplitQueries): Promise<number | null> {
  const names = (asName: string, anywhere: string) => `(SELECT bool_and(u.search_vector @@ ${asName})
                    FROM (SELECT b.search_vector FROM businesses b WHERE b.is_active AND b.search_vector @@ ${anywhere} LIMIT 100) u)`;
  const found = `EXISTS (SELECT 1 FROM businesses b WHERE b.is_active AND b.search_vector @@ (t.what && t.place) AND ${PLACE} @@ t.place)`;
  if (q.digitsOnly.some(Boolean)) {
    const split = `(SELECT t.i FROM unnest(?::tsquery[], ?::tsquery[], ?::boolean[]) WITH ORDINALITY t(what, place, digits, i)
                   WHERE ${found} AND NOT (t.digits AND EXISTS (SELECT 1 FROM businesses b WHERE b.is_active AND b.search_vector @@ ${TSQUERY}))
                   ORDER BY t.i LIMIT 1)`;
    const { rows } = await db.raw(`SELECT CASE WHEN ${names(TSQUERY, TSQUERY)} THEN NULL ELSE ${split} END AS i`, [q.asName, q.anywhere, q.whats, q.wheres, q.digitsOnly, q.asName] as Knex.RawBinding[]);
    return position(rows[0].i);
  }
  // Every value as a column of a subquery the planner keeps apart (OFFSET 0): a custom plan then
  // knows no more than the generic one (not the words, not how many splits), so PostgreSQL keeps
  // the generic plan after its five custom ones; seen as values, each custom plan looked cheaper
  // than the generic one and every call was planned again.
  const { rows } = await db
    .raw(
      `SELECT CASE WHEN s.i IS NULL THEN NULL WHEN ${names('w.as_name', 'w.anywhere')} THEN NULL ELSE s.i END AS i
         FROM (SELECT ?::tsquery AS as_name, ?::tsquery AS anywhere, ?::tsquery[] AS whats, ?::tsquery[] AS wheres OFFSET 0) w,
              LATERAL (SELECT (SELECT t.i FROM unnest(w.whats, w.wheres) WITH ORDINALITY t(what, place, i) WHERE ${found} ORDER BY t.i LIMIT 1) AS i OFFSET 0) s`,
      [q.asName, q.anywhere, q.whats, q.wheres] as Knex.RawBinding[],
    )
    .options({ name: 'rehber_first_split' });
  return position(rows[0].i);
}

/** A split's position from 1 as PostgreSQL gives it (bigint, a string), from 0; null stays null. */
const position = (i: string | number | null): number | null => (i === null ? null : Number(i) - 1);

/** A place's name as the directory writes it: its city's or country's own name when it is one, else as typed. */
export async function placeLabel(db: Db | Knex.Transaction, text: string): Promise<string> {
  const { rows } = await db.raw(
    `SELECT coalesce(
              (SELECT c.name FROM cities c WHERE c.alt_names LIKE '%|' || rehber_fold(?) || '|%' ORDER BY c.business_count DESC LIMIT 1),
              (SELECT c.name FROM countries c WHERE rehber_fold(c.name) = rehber_fold(?) LIMIT 1),
              ?) AS label`,
    [text, text, text],
  );
  return rows[0].label;
}
