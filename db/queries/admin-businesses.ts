import type { Knex } from 'knex';
import type { AdminBusiness, AdminBusinessDetail, AdminBusinessList, AdminListFilters, AdminSort, CountryStat } from '../../domain/types.js';
import { VALUE_COLUMNS, VALUE_KEYS } from '../../domain/business-columns.js';
import type { Db } from '../index.js';
import { TSQUERY } from './word-lookups.js';
import { countAllBusinesses } from './stats.js';
import { readByBitmapScans } from './bitmap-scans.js';
import { plannedRows } from './planned-rows.js';
import { roughly } from '../../domain/search.js';

export interface AdminListOptions {
  page: number;
  limit: number;
  search?: string;
  filters?: AdminListFilters;
  sort?: AdminSort;
}

interface AdminRow {
  id: number;
  name: string;
  slug: string;
  address: string;
  country: string | null;
  rating: number;
  is_verified: boolean;
  is_active: boolean;
  is_featured: boolean;
  city_name: string | null;
  category_name: string | null;
}

/**
 * A search of at most this many matches past the current page is counted exactly; a broader one's
 * total is the planner's estimate (`totalApprox`), and a filtered list's says 'at least' (`totalCapped`).
 */
export const SEARCH_COUNT_CAP = 1000;
/**
 * How far back from the newest business a broad search walks for its page: its matches are many,
 * so the newest of them are almost always among the newest rows.
 */
const NEWEST_WINDOW = 20_000;
/**
 * The walk is taken when it is expected to pass at most this many rows to fill the page. Walking
 * checks the document of every row it passes, the index's bitmap every document of the words: at
 * the million a row passed and a document in the bitmap cost about the same, so the walk is
 * cheaper for a word of many matches ('florist', 24,000: 2,000 rows passed against 24,000
 * documents) and the bitmap for one of a few thousand ('sporting', 2,000: 23,000 rows).
 */
const WALK_ROWS = 10_000;
/**
 * A page read from the bitmaps among the newest reads a window this many times the rows that
 * should hold it: room for the planner's estimate being low, each of its matches' rows one heap
 * page read.
 */
const WINDOW_MARGIN = 3;

const ADMIN_COLUMNS = ['b.id', 'b.name', 'b.slug', 'b.address', 'b.country', 'b.rating', 'b.is_verified', 'b.is_active', 'b.is_featured', 'c.name as city_name', 'k.name as category_name'];

const MATCH_SQL = `b.search_vector @@ ${TSQUERY}`;

/**
 * A page of the whole list, newest first. The page's ids are
 * walked first, in the primary key alone, and only its rows are joined to their city and category:
 * joining before the OFFSET looked both up for every row skipped (page 100 of 50: 5,000 of each).
 * With the list's anchors (listAnchors) the walk starts at the anchor at or before the page, so
 * it passes fewer than ANCHOR_EVERY ids before the page however deep it is.
 */
function pageQuery(db: Db | Knex.Transaction, page: number, limit: number, anchors?: readonly number[]) {
  const offset = (page - 1) * limit;
  const at = anchors ? Math.min(Math.floor(offset / ANCHOR_EVERY), anchors.length - 1) : -1;
  const ids = db('businesses as b').select('b.id').orderBy('b.id', 'desc').limit(limit);
  if (at >= 0) ids.where('b.id', '<=', anchors![at]).offset(offset - at * ANCHOR_EVERY);
  else ids.offset(offset);
  return db
    .from(ids.as('p'))
    .join('businesses as b', 'b.id', 'p.id')
    .leftJoin('cities as c', 'c.id', 'b.city_id')
    .leftJoin('categories as k', 'k.id', 'b.category_id')
    .select<(AdminRow & { total?: number })[]>(ADMIN_COLUMNS)
    .orderBy('b.id', 'desc');
}

/** Every this many businesses of the whole list (newest first), one anchor: the id at that place. */
export const ANCHOR_EVERY = 1000;

/**
 * The list's anchors: the id of every ANCHOR_EVERY-th business, newest first (the first is the
 * newest). One walk of the primary key's ids, a thousand anchors for a million businesses: kept per
 * data version, they turn a deep page's OFFSET, which reads every id before the page, into a
 * short walk from the nearest anchor.
 */
export async function listAnchors(db: Db | Knex.Transaction): Promise<number[]> {
  const { rows } = await db.raw(
    `SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id DESC) AS n FROM businesses) s WHERE n % ? = 1 ORDER BY id DESC`,
    [ANCHOR_EVERY],
  );
  return (rows as { id: number }[]).map((r) => Number(r.id));
}

const ADMIN_SELECT = ADMIN_COLUMNS.join(', ');
const ADMIN_JOINS = 'LEFT JOIN cities c ON c.id = b.city_id LEFT JOIN categories k ON k.id = b.category_id';

/**
 * A page of a search's matches among the newest businesses, newest first, written as SQL text (a
 * search's hot reads are not built by knex per request) and prepared once per connection: its
 * walk of the newest ids costs less than planning it did at every request. The plan made for any
 * words and window is that same backward walk of the primary key (the newest id bounds it).
 */
export const NEWEST_PAGE = {
  name: 'rehber_admin_newest_page',
  sql: `SELECT ${ADMIN_SELECT} FROM businesses b ${ADMIN_JOINS}
         WHERE ${MATCH_SQL} AND b.id > (SELECT max(id) FROM businesses) - ?::int ORDER BY b.id DESC LIMIT ?::int OFFSET ?::int`,
};

async function newestPage(db: Db | Knex.Transaction, page: number, limit: number, match: string | null, window: number): Promise<AdminRow[]> {
  const { rows } = await db.raw(NEWEST_PAGE.sql, [match, window, limit, (page - 1) * limit]).options({ name: NEWEST_PAGE.name });
  return rows;
}

/**
 * At most `cap` matches read from the document's index (readByBitmapScans: under the LIMIT the
 * planner walked the table for a word of many matches, such as 'china'), their count, and the page
 * among them, newest first: only the page's rows are joined to their city and category. One row
 * carries the count with no business when the page is past the last match.
 */
async function matchesPage(db: Db | Knex.Transaction, page: number, limit: number, match: string | null, cap: number): Promise<{ rows: AdminRow[]; total: number }> {
  const read = (await readByBitmapScans(
    db,
    `WITH m AS (SELECT b.id FROM businesses b WHERE ${MATCH_SQL} LIMIT ?),
          p AS (SELECT id FROM m ORDER BY id DESC LIMIT ? OFFSET ?)
     SELECT t.total, r.* FROM (SELECT count(*)::int AS total FROM m) t
       LEFT JOIN LATERAL (SELECT ${ADMIN_SELECT} FROM p JOIN businesses b ON b.id = p.id ${ADMIN_JOINS}) r ON true
      ORDER BY r.id DESC`,
    [match, cap, limit, (page - 1) * limit],
  )) as (AdminRow & { total: number })[];
  return { rows: read.filter((r) => r.id !== null), total: read[0].total };
}

/**
 * A page of every match, newest first, through the document's index alone: its bitmap holds each
 * match once, and only the page's rows are joined. For a search of fewer matches than a walk of
 * the newest businesses would pass over to find its page.
 */
async function bitmapPage(db: Db | Knex.Transaction, page: number, limit: number, match: string | null): Promise<AdminRow[]> {
  return (await readByBitmapScans(
    db,
    `SELECT ${ADMIN_SELECT} FROM (SELECT b.id FROM businesses b WHERE ${MATCH_SQL} ORDER BY b.id DESC LIMIT ? OFFSET ?) p
       JOIN businesses b ON b.id = p.id ${ADMIN_JOINS} ORDER BY b.id DESC`,
    [match, limit, (page - 1) * limit],
  )) as AdminRow[];
}

/** A page of the whole list, newest first, with the count of every business; from its anchor when given the list's anchors. */
export async function adminListPage(db: Db | Knex.Transaction, page: number, limit: number, anchors?: readonly number[]): Promise<AdminBusinessList> {
  const [rows, total] = await Promise.all([pageQuery(db, page, limit, anchors), countAllBusinesses(db)]);
  return answer(rows, page, limit, total);
}

/**
 * For each prefix, the words of the search vocabulary (search_words: every word of three to forty
 * letters without a digit that a document has held) that start with it, at most `max`; null for a
 * prefix that starts more.
 */
export async function wordsStartingWith(db: Db | Knex.Transaction, prefixes: string[], max: number): Promise<(string[] | null)[]> {
  if (!prefixes.length) return [];
  // The database's collation (C.UTF-8) orders words by code point: a prefix's words are one range.
  const { rows } = await db.raw(
    `SELECT (SELECT array_agg(word ORDER BY word) FROM (SELECT word FROM search_words WHERE word >= p AND word < p || chr(1114111) ORDER BY word LIMIT ?) w) AS words
       FROM unnest(?::text[]) WITH ORDINALITY AS u(p, n) ORDER BY n`,
    [max + 1, prefixes],
  );
  return (rows as { words: string[] | null }[]).map((r) => (r.words && r.words.length > max ? null : (r.words ?? [])));
}

/** What the planner expects of a search: its matches, and the businesses they are among. */
export interface MatchEstimate {
  matches: number;
  businesses: number;
}

/**
 * About how many businesses match, from the planner's statistics of the search document (its
 * most common lexemes): counting a broad word's matches reads every one of them, the estimate none.
 */
export const estimateMatches = (db: Db | Knex.Transaction, match: string | null): Promise<number> => plannedRows(db, `SELECT 1 FROM businesses b WHERE ${MATCH_SQL}`, [match]);

/** About how many businesses there are, as the planner sees them (the scale of its estimates). */
export const estimateBusinesses = (db: Db | Knex.Transaction): Promise<number> => plannedRows(db, 'SELECT 1 FROM businesses', []);

/**
 * A search's page when its matches are at most SEARCH_COUNT_CAP past the page (a narrow search):
 * one statement reads the matches' ids (at most that many + 1) and the page among them, newest
 * first, and the total is exact. Null for a broad search (more matches than that).
 */
export async function narrowSearchPage(db: Db | Knex.Transaction, page: number, limit: number, match: string | null): Promise<AdminBusinessList | null> {
  const enough = (page - 1) * limit + SEARCH_COUNT_CAP;
  const found = await matchesPage(db, page, limit, match, enough + 1);
  return found.total > enough ? null : answer(found.rows, page, limit, found.total);
}

/**
 * A broad search's page (more than SEARCH_COUNT_CAP matches past the page) and its total, about
 * `estimated.matches` (never less than the `atLeast` matches known). A search of many matches
 * (the page expected within WALK_ROWS of the newest) walks the newest 20,000 businesses; one of
 * fewer, or whose walk found too few, reads its page from the index's bitmap ANDed with the ids
 * of a window of the newest that should hold it (WINDOW_MARGIN times the rows the estimate, or
 * the walk, says hold it); and when that window is most of the table, or holds less than the
 * page, from the index's bitmap alone. A match's row is read only in the window: the bitmap alone
 * read every match's, a walk of the window every row's document. `newest`: the newest business's
 * id (newestId), read when not given.
 */
export async function broadSearchPage(
  db: Db | Knex.Transaction,
  page: number,
  limit: number,
  match: string | null,
  estimated: MatchEstimate,
  atLeast: number,
  newest?: number,
): Promise<AdminBusinessList> {
  const rows = await broadRows(db, page, limit, match, estimated, newest);
  // A page short of the limit is the last: the total is then known.
  if (rows.length < limit && (rows.length > 0 || page === 1)) return answer(rows, page, limit, (page - 1) * limit + rows.length);
  return answer(rows, page, limit, Math.max(roughly(Math.max(estimated.matches, atLeast)), page * limit + 1), { approx: true });
}

async function broadRows(db: Db | Knex.Transaction, page: number, limit: number, match: string | null, estimated: MatchEstimate, newest?: number): Promise<AdminRow[]> {
  const wanted = page * limit;
  // The rows of the newest that should hold the page, were the planner's estimate right.
  let holding = (wanted * estimated.businesses) / Math.max(1, estimated.matches);
  if (holding <= WALK_ROWS) {
    const rows = await newestPage(db, page, limit, match, NEWEST_WINDOW);
    if (rows.length === limit) return rows;
    // What the walk held says how dense the matches are (the planner's guess of several words,
    // each common, can be thousands where none is): none found, and every match is read from
    // the bitmap. (A page past them all says only that they are fewer than the pages before it.)
    const found = rows.length ? (page - 1) * limit + rows.length : 0;
    if (found === 0) return bitmapPage(db, page, limit, match);
    holding = (wanted * NEWEST_WINDOW) / found;
  }
  const window = Math.ceil(WINDOW_MARGIN * holding);
  if (window < estimated.businesses / 2) {
    const rows = await windowPage(db, page, limit, match, (newest ?? (await newestId(db))) - window);
    if (rows.length === limit) return rows;
  }
  return bitmapPage(db, page, limit, match);
}

/** The newest business's id (0 in an empty directory). */
export async function newestId(db: Db | Knex.Transaction): Promise<number> {
  const { rows } = await db.raw('SELECT coalesce(max(id), 0) AS id FROM businesses');
  return Number(rows[0].id);
}

/**
 * A page of the matches newer than `after`, newest first, from the document index's bitmap ANDed
 * with the bitmap of the ids' block-range index (migration 20261215A) past `after`: only the rows
 * of the matches in that window are read (those of its pages, rechecked), where a walk of the
 * window checks the document of every row in it and the words' bitmap alone reads every match's
 * row. The bound is a literal, so the planner sees how narrow the window is; read by bitmap scans
 * alone (readByBitmapScans), the plan is the two bitmaps ANDed (the primary key's bitmap of the
 * same ids cost a microsecond an id, the block ranges' a few hundred entries in all).
 */
async function windowPage(db: Db | Knex.Transaction, page: number, limit: number, match: string | null, after: number): Promise<AdminRow[]> {
  return (await readByBitmapScans(
    db,
    `SELECT ${ADMIN_SELECT} FROM (SELECT b.id FROM businesses b WHERE ${MATCH_SQL} AND b.id > ? ORDER BY b.id DESC LIMIT ? OFFSET ?) p
       JOIN businesses b ON b.id = p.id ${ADMIN_JOINS} ORDER BY b.id DESC`,
    [match, after, limit, (page - 1) * limit],
  )) as AdminRow[];
}

function answer(rows: AdminRow[], page: number, limit: number, total: number, { capped = false, approx = false } = {}): AdminBusinessList {
  return {
    businesses: rows.map(toAdminBusiness),
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
    ...(capped ? { totalCapped: true } : {}),
    ...(approx ? { totalApprox: true } : {}),
  };
}

async function countRows(q: Promise<{ count: number }[]> | Knex.QueryBuilder): Promise<number> {
  const [{ count }] = (await q) as { count: number }[];
  return Number(count);
}

function toAdminBusiness(r: AdminRow): AdminBusiness {
  return {
    id: Number(r.id),
    name: r.name,
    slug: r.slug,
    address: r.address,
    city: r.city_name ? { name: r.city_name } : null,
    country: r.country,
    category: r.category_name ? { name: r.category_name } : null,
    rating: Number(r.rating),
    isVerified: r.is_verified,
    isActive: r.is_active,
    isFeatured: r.is_featured,
  };
}

/**
 * Businesses per country, most first, from the counts the import keeps in `countries` (updated
 * with every batch and recounted at the end of each import). A GROUP BY over every business grows
 * with the directory and held up the list under load (scripts/bench/http.ts); this is a read of a
 * few hundred rows.
 */
export async function countryStats(db: Db | Knex.Transaction): Promise<CountryStat[]> {
  const rows = await db('countries')
    .select<{ name: string; business_count: number }[]>('name', 'business_count')
    .where('business_count', '>', 0)
    .orderBy([{ column: 'business_count', order: 'desc' }, { column: 'name', order: 'asc' }]);
  return rows.map((r) => ({ country: r.name, count: Number(r.business_count) }));
}

/** One business as the edit form shows it: every imported value as text under its file header. */
export async function getAdminBusiness(db: Db, id: number): Promise<AdminBusinessDetail | null> {
  const r = await db('businesses as b')
    .leftJoin('cities as c', 'c.id', 'b.city_id')
    .leftJoin('categories as k', 'k.id', 'b.category_id')
    .where('b.id', id)
    .first('b.*', 'c.name as city_name', 'k.name as category_name');
  if (!r) return null;
  const fields: Record<string, string> = {};
  for (const key of VALUE_KEYS) {
    const c: { column: string; field: string | null; stored?: string } = VALUE_COLUMNS[key];
    if (!c.field) continue;
    const value: unknown = c.stored ? r[c.stored === 'city_id' ? 'city_name' : 'category_name'] : r[c.column];
    fields[c.field] = value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value);
  }
  // A city's centre standing in for the business's spot is not the business's own coordinates.
  if (r.coordinates_approximate) fields.latitude = fields.longitude = '';
  return { id: Number(r.id), slug: r.slug, isActive: r.is_active, isFeatured: r.is_featured, fields };
}

/** The column each sort reads; ties by id, newest first, so pages never overlap. */
const SORT_COLUMNS: Record<AdminSort['by'], string> = {
  newest: 'b.id', name: 'b.name', city: 'c.name', country: 'b.country', category: 'k.name', rating: 'b.rating',
};

/**
 * The list filtered and sorted as the admin chose: exact totals from the same conditions. Sorting
 * by a column other than the id sorts every match (fine for the filtered lists admins page
 * through; the unfiltered list keeps the newest-first fast path above).
 */
export async function filteredAdminList(
  db: Db | Knex.Transaction,
  { page, limit, filters = {}, sort = { by: 'newest', order: 'desc' } }: AdminListOptions,
  query: { match: string | null } | null,
): Promise<AdminBusinessList> {
  const where = (q: Knex.QueryBuilder) => {
    if (query) q.whereRaw(MATCH_SQL, [query.match]);
    const { country, city, category } = filters;
    if (country) q.where((w) => w.whereRaw('lower(b.country) = lower(?)', [country]).orWhereRaw('b.country_code = upper(?)', [country]));
    if (city) q.whereIn('b.city_id', db('cities').whereRaw('lower(name) = lower(?)', [city]).orWhere('slug', city).select('id'));
    if (category) q.whereIn('b.category_id', db('categories').whereRaw('lower(name) = lower(?)', [category]).orWhere('slug', category).select('id'));
    if (filters.status === 'active') q.where('b.is_active', true);
    if (filters.status === 'hidden') q.where('b.is_active', false);
    if (filters.status === 'featured') q.where('b.is_featured', true);
    if (filters.verified !== undefined) q.where('b.is_verified', filters.verified);
    return q;
  };
  const order = sort.order === 'asc' ? 'asc' : 'desc';
  const rows = await where(
    db
      .from('businesses as b')
      .leftJoin('cities as c', 'c.id', 'b.city_id')
      .leftJoin('categories as k', 'k.id', 'b.category_id')
      .select<AdminRow[]>(ADMIN_COLUMNS),
  )
    .orderByRaw(`${SORT_COLUMNS[sort.by]} ${order} NULLS LAST, b.id DESC`)
    .limit(limit)
    .offset((page - 1) * limit);
  // Counted as far as SEARCH_COUNT_CAP past the page, like a search: 'at least' beyond.
  const enough = (page - 1) * limit + SEARCH_COUNT_CAP;
  const counted = await countRows(db.count<{ count: number }[]>({ count: '*' }).from(where(db.from('businesses as b').select(db.raw('1')).limit(enough + 1)).as('m')));
  return answer(rows, page, limit, Math.min(counted, enough), { capped: counted > enough });
}
