/**
 * The public lists of issue 13: search (/api/search) and the city and category pages, with the
 * filters, sort and facets of data/domain/search.ts.
 *
 * - With words or a location, the one GIN index of the search document (migration 20261124H)
 *   yields at most SEARCH_CANDIDATES matches in index order; only those are ranked (name before
 *   category before place before description, then rating), counted and faceted. A broad word
 *   thus costs what a narrow one does, and past the cap the total says `totalCapped`.
 * - Without them (a city's or category's page, a search by filters alone) the page is a walk of
 *   the listing indexes that stops after the page, its rows read by id afterwards, and the total
 *   and facets come from the kept business_facets counts: exact, whatever the size of the city.
 * No plan depends on the clock; each request is a fixed handful of statements.
 */
import type { Knex } from 'knex';
import type { Db } from '../index.js';
import type { Business } from '../../data/domain/types.js';
import { PUBLIC_PAGE_SIZE } from '../../data/domain/constants.js';
import { SEARCH_CANDIDATES, type ListFilters, type ListPage, type SearchSort } from '../../data/domain/search.js';
import { businessQuery, toBusiness, type BusinessRow } from './businesses.js';
import { CANDIDATE_FACET_COLUMNS, NO_FACETS, businessWhere, facetQuery, toFacets, type FacetFilters, type FacetRow, type SqlPart } from './facets.js';
import { allOf, TSQUERY, words } from './search-query.js';
import { pageOf, type PageRequest } from './paging.js';

export interface SearchRequest extends Partial<PageRequest> {
  q?: string;
  location?: string;
  filters?: ListFilters;
}

/** ts_rank's weights for D, C, B, A: a name match outweighs a category, a place, a description. */
const RANK_WEIGHTS = `'{0.05, 0.2, 0.4, 1.0}'`;

const ORDER: Record<SearchSort, string> = {
  relevance: 'rating DESC, review_count DESC, id',
  rating: 'rating DESC, review_count DESC, id',
  reviews: 'review_count DESC, rating DESC, id',
  name: 'name, id',
};

/** The list filters with their slugs turned into ids; null when a slug names nothing. */
export async function resolveFilters(db: Db | Knex.Transaction, f: ListFilters = {}): Promise<FacetFilters | null> {
  const out: FacetFilters = { district: f.district, minRating: f.minRating, verified: f.verified, hasPhone: f.hasPhone };
  if (f.category !== undefined || f.city !== undefined) {
    const { rows } = await db.raw('SELECT (SELECT id FROM categories WHERE slug = ?) AS category, (SELECT id FROM cities WHERE slug = ?) AS city', [f.category ?? null, f.city ?? null]);
    if (f.category !== undefined && rows[0].category === null) return null;
    if (f.city !== undefined && rows[0].city === null) return null;
    if (f.category !== undefined) out.categoryId = rows[0].category;
    if (f.city !== undefined) out.cityId = rows[0].city;
  }
  for (const k of Object.keys(out) as (keyof FacetFilters)[]) if (out[k] === undefined) delete out[k];
  return out;
}

/**
 * A city's or a category's page: its active businesses, best rated first unless sorted otherwise,
 * filtered by `list` (a city page ignores a city filter, its city is fixed).
 */
export async function listBusinessesIn(
  db: Db | Knex.Transaction,
  fixed: { cityId?: number; categoryId?: number },
  { page = 1, limit = PUBLIC_PAGE_SIZE }: Partial<PageRequest> = {},
  list: ListFilters = {},
): Promise<ListPage> {
  const own = { ...list };
  if (fixed.cityId !== undefined) delete own.city;
  if (fixed.categoryId !== undefined) delete own.category;
  const filters = await resolveFilters(db, own);
  if (!filters) return emptyPage(page, limit);
  return browse(db, fixed, filters, { sort: list.sort, page, limit });
}

/** The full rows of `ids`, in that order. */
async function rowsOf(db: Db | Knex.Transaction, ids: (number | string)[]): Promise<Business[]> {
  if (!ids.length) return [];
  const rows: BusinessRow[] = await businessQuery(db).whereIn('b.id', ids);
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  return ids.flatMap((id) => (byId.has(String(id)) ? [toBusiness(byId.get(String(id))!)] : []));
}

const emptyPage = (page: number, limit: number): ListPage => ({ ...pageOf<Business>([], 0, { page, limit }), facets: NO_FACETS });

/**
 * A city's, a category's or the whole directory's active businesses, filtered and sorted, with
 * facets. `fixed` is the page's own city or category (its facet rows are the only ones read).
 */
export async function browse(
  db: Db | Knex.Transaction,
  fixed: { cityId?: number; categoryId?: number },
  filters: FacetFilters,
  { sort = 'relevance', page = 1, limit = PUBLIC_PAGE_SIZE }: { sort?: SearchSort; page?: number; limit?: number },
): Promise<ListPage> {
  const f = { ...filters, ...fixed };
  const source: SqlPart = { sql: 'SELECT * FROM business_facets WHERE n <> 0', bindings: [] };
  if (fixed.cityId !== undefined) {
    source.sql += ' AND city_id = ?';
    source.bindings.push(fixed.cityId);
  }
  if (fixed.categoryId !== undefined) {
    source.sql += ' AND category_id = ?';
    source.bindings.push(fixed.categoryId);
  }
  // The offset is walked in the listing index alone (ids), then only the page's rows are read.
  const order = ORDER[sort].replace(/(\w+)/g, (w) => (/^(DESC|ASC)$/.test(w) ? w : `b.${w}`));
  const ids = db
    .from('businesses as b')
    .where('b.is_active', true)
    .modify(businessWhere, f)
    .orderByRaw(order)
    .limit(limit)
    .offset((page - 1) * limit)
    .select('b.id');
  const [facetRows, rows] = await Promise.all([facetQuery(db, source, f), businessQuery(db).whereIn('b.id', ids).orderByRaw(order)]);
  const { facets, total } = toFacets(facetRows.rows);
  return { ...pageOf((rows as BusinessRow[]).map(toBusiness), total, { page, limit }), facets };
}

interface Reading {
  match: string;
  rank: string | null;
  understood?: { q: string; location: string };
}

/**
 * A one-box query ('locksmith montreal') read as words and a place: the last or first one or two
 * words, when businesses of the rest are found there (as a city, with its alternate names, a
 * district, state, country or postal code). The label is the city's or country's own name when
 * it is one. A number is not taken for a postal code when a business's name holds every word
 * ('Golden Oak Plumber 12345' is a name).
 */
async function oneBox(db: Db | Knex.Transaction, ws: string[]): Promise<Reading | null> {
  if (ws.length < 2) return null;
  const splits: [string[], string[]][] = [[ws.slice(0, -1), ws.slice(-1)], [ws.slice(1), ws.slice(0, 1)]];
  if (ws.length > 2) splits.push([ws.slice(0, -2), ws.slice(-2)], [ws.slice(2), ws.slice(0, 2)]);
  const queries = splits.map(([rest, place]) => `${allOf(rest)} & ${allOf(place, { weights: 'C' })}`);
  const { rows } = await db.raw(
    `SELECT t.i, coalesce(
              (SELECT c.name FROM cities c WHERE c.alt_names LIKE '%|' || rehber_fold(t.place) || '|%' ORDER BY c.business_count DESC LIMIT 1),
              (SELECT c.name FROM countries c WHERE rehber_fold(c.name) = rehber_fold(t.place) LIMIT 1),
              t.place) AS label,
            (SELECT EXISTS (SELECT 1 FROM businesses b WHERE b.is_active AND b.search_vector @@ ${TSQUERY})) AS name_holds_all
       FROM unnest(?::text[], ?::text[]) WITH ORDINALITY t(q, place, i)
      WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.is_active AND b.search_vector @@ to_tsquery('simple', rehber_fold(t.q)))
      ORDER BY t.i`,
    [allOf(ws, { weights: 'A' }), queries, splits.map(([, place]) => place.join(' '))],
  );
  const chosen = (rows as { i: string; label: string; name_holds_all: boolean }[]).find(
    (r) => !(r.name_holds_all && splits[Number(r.i) - 1][1].every((w) => /^\d+$/.test(w))),
  );
  if (!chosen) return null;
  const [rest] = splits[Number(chosen.i) - 1];
  return { match: queries[Number(chosen.i) - 1], rank: allOf(rest), understood: { q: rest.join(' '), location: chosen.label } };
}

/** Each word the vocabulary does not know replaced by its nearest known word; null if none changed. */
async function respell(db: Db | Knex.Transaction, ws: string[]): Promise<string[] | null> {
  const { rows } = await db.raw(
    `SELECT w.x AS input, EXISTS (SELECT 1 FROM search_words s WHERE s.word = w.f) AS known,
            (SELECT s.word FROM search_words s WHERE s.word % w.f ORDER BY similarity(s.word, w.f) DESC, s.word LIMIT 1) AS nearest
       FROM (SELECT x, rehber_fold(x) AS f, i FROM unnest(?::text[]) WITH ORDINALITY u(x, i)) w ORDER BY w.i`,
    [ws],
  );
  let changed = false;
  const out = rows.map((r: { input: string; known: boolean; nearest: string | null }) => {
    if (r.known || !r.nearest || /\d/.test(r.input)) return r.input;
    changed = true;
    return r.nearest;
  });
  return changed ? out : null;
}

/** The public search (CONTRACT §5 and issue 13): words, a location, filters, sort, facets. */
export async function searchBusinesses(db: Db | Knex.Transaction, req: SearchRequest): Promise<ListPage> {
  const { page = 1, limit = PUBLIC_PAGE_SIZE } = req;
  const sort = req.filters?.sort ?? 'relevance';
  const filters = await resolveFilters(db, req.filters);
  if (!filters) return emptyPage(page, limit);
  const ws = words(req.q ?? '');
  const place = words(req.location ?? '');
  if (!ws.length && !place.length) return browse(db, {}, filters, { sort, page, limit });

  const reading = (text: string[]): Reading => ({
    match: [allOf(text), place.length ? allOf(place, { weights: 'C' }) : ''].filter(Boolean).join(' & '),
    rank: text.length ? allOf(text) : null,
  });
  const read = (!place.length && (await oneBox(db, ws))) || reading(ws);
  const found = await ranked(db, read, filters, sort, page, limit);
  if (found.pagination.total > 0 || !ws.length) return { ...found, ...(read.understood ? { understood: read.understood } : {}) };
  const respelt = await respell(db, ws);
  if (!respelt) return found;
  const again = await ranked(db, reading(respelt), filters, sort, page, limit);
  return again.pagination.total > 0 ? { ...again, didYouMean: respelt.join(' ') } : found;
}

const hasFilters = (f: FacetFilters) => Object.keys(f).length > 0;

/**
 * The matches of a reading, ranked: at most SEARCH_CANDIDATES + 1 of them in index order (one
 * more than the cap tells a capped total), with what the page's order and the facets need. One
 * statement without filters (page, total and facets from the same candidates); with filters the
 * page and its total come from the filtered candidates and the facets from the unfiltered ones,
 * so each facet can count with every filter but its own.
 */
async function ranked(db: Db | Knex.Transaction, read: Reading, filters: FacetFilters, sort: SearchSort, page: number, limit: number): Promise<ListPage> {
  const rank = read.rank ? `ts_rank(${RANK_WEIGHTS}, b.search_vector, ${TSQUERY})` : '0::real';
  const order = sort === 'relevance' ? `rank DESC, ${ORDER.relevance}` : ORDER[sort];
  const matches = (f: FacetFilters): SqlPart => {
    const { sql, bindings } = db
      .from('businesses as b')
      .select('b.id', 'b.rating', 'b.review_count', 'b.name', db.raw(CANDIDATE_FACET_COLUMNS), db.raw(`${rank} AS rank`, read.rank ? [read.rank] : []), db.raw('1 AS n'))
      .where('b.is_active', true)
      .whereRaw(`b.search_vector @@ ${TSQUERY}`, [read.match])
      .modify(businessWhere, f)
      .limit(SEARCH_CANDIDATES + 1)
      .toSQL();
    return { sql, bindings: [...bindings] };
  };
  const pageArm = (from: string): SqlPart => ({
    sql: `SELECT 'page' AS kind, x.id::text AS value, NULL AS label, (SELECT count(*) FROM ${from})::int AS count FROM (SELECT id FROM ${from} ORDER BY ${order} LIMIT ? OFFSET ?) x`,
    bindings: [limit, (page - 1) * limit],
  });
  let rows: FacetRow[];
  if (!hasFilters(filters)) {
    rows = (await facetQuery(db, matches({}), filters, [pageArm('s')])).rows;
  } else {
    const c = matches(filters);
    const pageQuery = db.raw(`WITH c AS MATERIALIZED (${c.sql}) ${pageArm('c').sql}`, [...c.bindings, ...pageArm('c').bindings] as Knex.RawBinding[]);
    const [facetRows, pageRows] = await Promise.all([facetQuery(db, matches({}), filters), pageQuery]);
    rows = [...facetRows.rows, ...pageRows.rows];
  }
  const pageRows = rows.filter((r) => r.kind === 'page');
  const { facets, total: facetTotal } = toFacets(rows.filter((r) => r.kind !== 'page'));
  let found = pageRows.length ? Number(pageRows[0].count) : hasFilters(filters) ? -1 : facetTotal;
  if (found < 0) {
    const c = matches(filters);
    const { rows: counted } = await db.raw(`SELECT count(*)::int AS n FROM (${c.sql}) c`, c.bindings as Knex.RawBinding[]);
    found = counted[0].n;
  }
  const capped = found > SEARCH_CANDIDATES;
  const items = await rowsOf(db, pageRows.map((r) => r.value!));
  return { ...pageOf(items, Math.min(found, SEARCH_CANDIDATES), { page, limit }), facets, ...(capped ? { totalCapped: true } : {}) };
}
