import type { Knex } from 'knex';
import type { ActivityEntry, AdminBusiness, AdminBusinessDetail, AdminBusinessList, AdminListFilters, AdminSort, CountryStat } from '../../data/domain/types.js';
import { VALUE_COLUMNS, VALUE_KEYS } from '../../data/domain/business-columns.js';
import type { Db } from '../index.js';
import { containsPattern } from './like.js';
import { countAllBusinesses } from './stats.js';

export interface AdminListOptions {
  page: number;
  limit: number;
  search?: string;
  filters?: AdminListFilters;
  sort?: AdminSort;
  /** How long the broad-search probe may run (tests make it generous: CI machines are slow). */
  probeMs?: number;
}


/**
 * The ids matching a search: a UNION of three arms, each answered by its own trigram index
 * (businesses.name, businesses.address, cities.name). One OR across the join would make
 * PostgreSQL scan the whole table instead.
 */
function matchingIds(db: Db | Knex.Transaction, pattern: string) {
  return db
    .select('id')
    .from('businesses')
    .whereRaw('name ILIKE ?', [pattern])
    .union((q) => q.select('id').from('businesses').whereRaw('address ILIKE ?', [pattern]))
    .union((q) =>
      q
        .select('b.id')
        .from('businesses as b')
        .join('cities as c', 'c.id', 'b.city_id')
        .whereRaw('c.name ILIKE ?', [pattern]),
    );
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
/** How long the cheap probe for a broad search may run before the exact path takes over. */
export const PROBE_MS = 150;

const ADMIN_COLUMNS = ['b.id', 'b.name', 'b.slug', 'b.address', 'b.country', 'b.rating', 'b.is_verified', 'b.is_active', 'b.is_featured', 'c.name as city_name', 'k.name as category_name'];

// The OR of the three conditions in one scan of businesses (city ids looked up first).
const MATCH_SQL = '(b.name ILIKE ? OR b.address ILIKE ? OR b.city_id = ANY (ARRAY(SELECT id FROM cities WHERE name ILIKE ?)))';

function pageQuery(db: Db | Knex.Transaction, page: number, limit: number) {
  return db
    .from('businesses as b')
    .leftJoin('cities as c', 'c.id', 'b.city_id')
    .leftJoin('categories as k', 'k.id', 'b.category_id')
    .select<(AdminRow & { total?: number })[]>(ADMIN_COLUMNS)
    .orderBy('b.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit);
}

/**
 * One page of the admin list (newest first) with the total for the pager. Measured on 1,000,000
 * businesses (scripts/bench/http.ts), searches come in two kinds:
 * - broad ones ('Main St', a big city): walking the primary key with the OR condition finds the
 *   matches up to SEARCH_COUNT_CAP past the page in tens of milliseconds, while counting all of
 *   them exactly took 1.3–2.5 s; such a search answers that many with `totalCapped: true`, so
 *   the pager says 'of 1,050+' and its Next stays open while there are more;
 * - narrow ones: that walk would read the whole table, but the three trigram indexes (a UNION,
 *   each arm on its own index) find every match fast, and the count is exact.
 * A short probe of the first kind tells them apart.
 */
export async function listAdminBusinesses(db: Db | Knex.Transaction, options: AdminListOptions): Promise<AdminBusinessList> {
  const { page, limit, search, probeMs = PROBE_MS } = options;
  const term = search?.trim();
  if (hasFilters(options.filters) || (options.sort && options.sort.by !== 'newest')) return filteredList(db, { ...options, search: term });
  if (!term) {
    const [rows, total] = await Promise.all([pageQuery(db, page, limit), countAllBusinesses(db)]);
    return answer(rows, page, limit, total);
  }
  const pattern = containsPattern(term);
  const bindings = [pattern, pattern, pattern];

  if (!db.isTransaction) {
    const enough = (page - 1) * limit + SEARCH_COUNT_CAP;
    const probe = await db
      .raw(`SELECT count(*) AS n FROM (SELECT 1 FROM businesses b WHERE ${MATCH_SQL} LIMIT ${enough + 1}) x`, bindings)
      .timeout(probeMs, { cancel: true })
      .then((r: { rows: { n: number }[] }) => Number(r.rows[0].n))
      .catch((err: Error) => {
        if (err.name === 'KnexTimeoutError') return null;
        throw err;
      });
    if (probe !== null && probe <= enough) {
      // Few matches, all just found through the trigram indexes: read them again the same way
      // (materialised, so the planner cannot swap in a walk of the primary key) and sort them.
      return answer(await matchedPage(db, page, limit, bindings), page, limit, probe);
    }
    if (probe !== null) {
      // Many matches: the newest are usually near the end of the primary key, unless they were
      // all imported long ago ('Florist 12' among early rows: that walk took 1.1 s); then the
      // bounded walk gives up and the trigram indexes find them.
      const rows = await pageQuery(db, page, limit)
        .whereRaw(MATCH_SQL, bindings)
        .timeout(probeMs, { cancel: true })
        .catch((err: Error) => {
          if (err.name === 'KnexTimeoutError') return matchedPage(db, page, limit, bindings);
          throw err;
        });
      return answer(rows, page, limit, enough, true);
    }
  }
  // Narrow: the matching ids are found once (materialised) and serve both the page and its total.
  const rows = await pageQuery(db, page, limit)
    .withMaterialized('m', matchingIds(db, pattern))
    .join('m', 'm.id', 'b.id')
    .select(db.raw('(SELECT count(*) FROM m) AS total'));
  const total = rows.length ? Number(rows[0].total) : await countRows(db.count<{ count: number }[]>({ count: '*' }).from(matchingIds(db, pattern).as('m')));
  return answer(rows, page, limit, total);
}

/**
 * One page of the matches of MATCH_SQL, found through the trigram indexes whatever their number:
 * ordering by `id + 0` keeps the planner from walking the primary key instead (which reads every
 * newer business first), so the page is a top-N sort of the matches alone.
 */
function matchedPage(db: Db | Knex.Transaction, page: number, limit: number, bindings: string[]) {
  const ids = db.raw(`SELECT b.id FROM businesses b WHERE ${MATCH_SQL} ORDER BY b.id + 0 DESC LIMIT ? OFFSET ?`, [...bindings, limit, (page - 1) * limit]);
  return pageQuery(db, 1, limit).withMaterialized('m', ids).join('m', 'm.id', 'b.id');
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
 * with every batch and recounted at the end of each import). A GROUP BY over 1,000,000 businesses
 * took ~60 ms alone and fell to 17 requests/s under load (scripts/bench/http.ts); this is a read
 * of a few hundred rows.
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
async function filteredList(db: Db | Knex.Transaction, { page, limit, search, filters = {}, sort = { by: 'newest', order: 'desc' } }: AdminListOptions): Promise<AdminBusinessList> {
  const where = (q: Knex.QueryBuilder) => {
    if (search) {
      const pattern = containsPattern(search);
      q.whereRaw(MATCH_SQL, [pattern, pattern, pattern]);
    }
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
  const total = await countRows(where(db.from('businesses as b').count<{ count: number }[]>({ count: '*' })));
  return answer(rows, page, limit, total);
}
