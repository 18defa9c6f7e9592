import type { Knex } from 'knex';
import type { ActivityEntry, AdminBusiness, AdminBusinessDetail, AdminBusinessList, AdminListFilters, AdminSort, CountryStat } from '../../domain/types.js';
import { VALUE_COLUMNS, VALUE_KEYS } from '../../domain/business-columns.js';
import type { Db } from '../index.js';
import { allOf, TSQUERY, tsqueries, words } from './search-query.js';
import { countAllBusinesses } from './stats.js';
import { memoized, type MemoScope } from './search-memo.js';
import { throughTheIndex } from './through-the-index.js';

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

/** A broad search counts this many matches past the current page, then reports `totalCapped`. */
export const SEARCH_COUNT_CAP = 1000;
/**
 * How far back from the newest business a broad search looks for its page before looking
 * further: its matches are many, so the newest of them are almost always among the newest rows.
 */
const NEWEST_WINDOWS = [20_000, 200_000];

const ADMIN_COLUMNS = ['b.id', 'b.name', 'b.slug', 'b.address', 'b.country', 'b.rating', 'b.is_verified', 'b.is_active', 'b.is_featured', 'c.name as city_name', 'k.name as category_name'];

/**
 * What an admin typed, as a search document query (the public search's design, migration
 * 20261124H): every word, in any part of the document (name, category, place, street address,
 * description), the last one, when of three letters or more, also as the start of a longer one
 * ('plumb' finds 'Plumbing'; only the last, as a prefix gathers every business of every word it
 * starts). Null when the text has no word.
 */
function adminQuery(search: string | undefined): string | null {
  const ws = words(search ?? '');
  if (!ws.length) return null;
  const last = ws[ws.length - 1];
  return allOf(ws, { prefix: last.length >= 3 && !/^\d+$/.test(last) });
}

const MATCH_SQL = `b.search_vector @@ ${TSQUERY}`;

/**
 * A page of the list, newest first (of the matches of `match` when given). The page's ids are
 * walked first, in the primary key alone, and only its rows are joined to their city and category:
 * joining before the OFFSET looked both up for every row skipped (page 100 of 50: 5,000 of each,
 * 10.5 ms against 1.2 at a million businesses).
 */
function pageQuery(db: Db | Knex.Transaction, page: number, limit: number, match?: string | null) {
  const ids = db('businesses as b').select('b.id').orderBy('b.id', 'desc').limit(limit).offset((page - 1) * limit);
  if (match !== undefined) ids.whereRaw(MATCH_SQL, [match]);
  return db
    .from(ids.as('p'))
    .join('businesses as b', 'b.id', 'p.id')
    .leftJoin('cities as c', 'c.id', 'b.city_id')
    .leftJoin('categories as k', 'k.id', 'b.category_id')
    .select<(AdminRow & { total?: number })[]>(ADMIN_COLUMNS)
    .orderBy('b.id', 'desc');
}

const ADMIN_SELECT = ADMIN_COLUMNS.join(', ');
const ADMIN_JOINS = 'LEFT JOIN cities c ON c.id = b.city_id LEFT JOIN categories k ON k.id = b.category_id';

/**
 * A page of a search's matches among the newest businesses, newest first, written as SQL text (a
 * search's hot reads are not built by knex per request).
 */
async function newestPage(db: Db | Knex.Transaction, page: number, limit: number, match: string | null, window: number): Promise<AdminRow[]> {
  const { rows } = await db.raw(
    `SELECT ${ADMIN_SELECT} FROM businesses b ${ADMIN_JOINS}
      WHERE ${MATCH_SQL} AND b.id > (SELECT max(id) FROM businesses) - ? ORDER BY b.id DESC LIMIT ? OFFSET ?`,
    [match, window, limit, (page - 1) * limit],
  );
  return rows;
}

/**
 * At most `cap` matches read from the document's index (throughTheIndex: under the LIMIT the
 * planner walked the table for a word of many matches, 'china' 646 ms), their count, and the page
 * among them, newest first: only the page's rows are joined to their city and category. One row
 * carries the count with no business when the page is past the last match.
 */
async function matchesPage(db: Db | Knex.Transaction, page: number, limit: number, match: string | null, cap: number): Promise<{ rows: AdminRow[]; total: number }> {
  const read = (await throughTheIndex(
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
 * One page of the admin list (newest first) with the total for the pager. A search first reads
 * the ids of its matches from the search document's index, at most SEARCH_COUNT_CAP past the
 * page (a bounded read whatever the word):
 * - all of them found (a narrow search): the total is exact and the page is those ids, newest first;
 * - more (a broad one): the page is the newest matches among the newest 20,000 businesses (then
 *   200,000, then all) and the total says 'at least' with `totalCapped`, so the pager says
 *   'of 1,050+' and its Next stays open while there are more.
 * Each step is a fixed statement: no plan depends on how busy the machine is.
 */
export async function listAdminBusinesses(db: Db | Knex.Transaction, options: AdminListOptions, scope?: MemoScope): Promise<AdminBusinessList> {
  const { page, limit } = options;
  const text = adminQuery(options.search);
  // Memo keys name the words as typed; the statements bind the tsquery they stand for.
  const query = text === null ? null : { text, match: (await tsqueries(db, [text], scope))[0] };
  if (hasFilters(options.filters) || (options.sort && options.sort.by !== 'newest')) return filteredList(db, options, query);
  if (!query) {
    const [rows, total] = await Promise.all([pageQuery(db, page, limit), countAllBusinesses(db)]);
    return answer(rows, page, limit, total);
  }
  const enough = (page - 1) * limit + SEARCH_COUNT_CAP;
  // One statement reads the matches' ids (at most `enough` + 1) and the page among them, newest
  // first. A broad search's matches are more than `enough` until a write says otherwise: that much
  // is kept per data version (its page below is read afresh each time); a narrow one is read again.
  const narrow = await memoized(
    scope,
    `admin-matches|${query.text}|${enough}`,
    async () => {
      const found = await matchesPage(db, page, limit, query.match, enough + 1);
      return found.total > enough ? null : found;
    },
    (found) => found === null,
  );
  if (narrow) return answer(narrow.rows, page, limit, narrow.total);
  // The newest matches among the newest businesses, the newest id read in the same statement.
  for (const window of NEWEST_WINDOWS) {
    const rows = await newestPage(db, page, limit, query.match, window);
    if (rows.length === limit) return answer(rows, page, limit, enough, true);
  }
  return answer(await pageQuery(db, page, limit, query.match), page, limit, enough, true);
}

function answer(rows: AdminRow[], page: number, limit: number, total: number, totalCapped = false): AdminBusinessList {
  return {
    businesses: rows.map(toAdminBusiness),
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
    ...(totalCapped ? { totalCapped } : {}),
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

/** The latest writes to businesses (edits, visibility, imports, undo), newest first. */
export async function listActivity(db: Db, limit: number): Promise<ActivityEntry[]> {
  const rows = await db('business_versions as v')
    .leftJoin('businesses as b', 'b.id', 'v.business_id')
    .orderBy([{ column: 'v.created_at', order: 'desc' }, { column: 'v.id', order: 'desc' }])
    .limit(limit)
    .select('v.id', 'v.business_id', 'v.action', 'v.import_id', 'v.username', 'v.created_at', 'v.before', 'v.after', db.raw("coalesce(b.name, v.before->>'name') AS name"));
  return rows.map((r) => ({
    id: Number(r.id),
    businessId: Number(r.business_id),
    businessName: r.name ?? null,
    action: r.action,
    importId: r.import_id,
    username: r.username,
    changed: Object.keys({ ...(r.after ?? {}), ...(r.action === 'delete' ? {} : (r.before ?? {})) }).filter((k) => k !== 'content_hash'),
    at: new Date(r.created_at).toISOString(),
  }));
}

const hasFilters = (f: AdminListFilters | undefined) => !!f && Object.values(f).some((v) => v !== undefined && v !== '');

/** The column each sort reads; ties by id, newest first, so pages never overlap. */
const SORT_COLUMNS: Record<AdminSort['by'], string> = {
  newest: 'b.id', name: 'b.name', city: 'c.name', country: 'b.country', category: 'k.name', rating: 'b.rating',
};

/**
 * The list filtered and sorted as the admin chose: exact totals from the same conditions. Sorting
 * by a column other than the id sorts every match (fine for the filtered lists admins page
 * through; the unfiltered list keeps the newest-first fast path above).
 */
async function filteredList(
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
  return answer(rows, page, limit, Math.min(counted, enough), counted > enough);
}
