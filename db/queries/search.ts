/**
 * The statements of the public lists: a search's candidates, the readings of a one-box query that
 * find businesses, a city's or category's page walked in its listing index, its kept facet counts,
 * and the rows of a page. Plain values in, rows out: how a query is read, what is ranked and what
 * is kept per data version is the read service's (data/reads/search.ts).
 *
 * - A search's candidates come from the GIN indexes of the search document (migration 20261124H)
 *   and of its place (20261130A): at most SEARCH_CANDIDATES + 1 in index order, so a broad word
 *   costs what a narrow one does.
 * - A page without words walks the listing indexes and stops after the page; its total and facets
 *   come from the kept business_facets counts: exact, whatever the size of the city.
 * No plan depends on the clock; each request is a fixed handful of statements.
 */
import type { Knex } from 'knex';
import type { Db } from '../index.js';
import type { Business } from '../../domain/types.js';
import type { Facets, ListFilters, SearchSort } from '../../domain/search.js';
import { SEARCH_CANDIDATES } from '../../domain/search.js';
import { businessQuery, toBusiness, type BusinessRow } from './businesses.js';
import { CANDIDATE_FACET_COLUMNS, businessWhere, facetQuery, toFacets, type FacetCandidate, type FacetFilters, type SqlPart } from './facets.js';
import { TSQUERY } from './word-lookups.js';
import { readByBitmapScans } from './bitmap-scans.js';

/** ts_rank's weights for D, C, B, A: a name match outweighs a category, a place, a description. */
const RANK_WEIGHTS = `'{0.05, 0.2, 0.4, 1.0}'`;

const ORDER: Record<SearchSort, string> = {
  relevance: 'rating DESC, review_count DESC, id',
  rating: 'rating DESC, review_count DESC, id',
  reviews: 'review_count DESC, rating DESC, id',
  name: 'name, id',
};

/**
 * A document's place: its lexemes of weight C, which the place index (migration 20261130A) holds.
 * The documents' own index keeps no weights, so a place word matched there rechecked every
 * document holding the word anywhere ('restaurant' as a place: most of a world-wide directory).
 */
const PLACE = `ts_filter(b.search_vector, '{c}')`;

/** The list filters with their slugs turned into ids; null when a slug names nothing. */
export async function resolveFilters(db: Db | Knex.Transaction, f: ListFilters = {}, now: Date = new Date()): Promise<FacetFilters | null> {
  const out: FacetFilters = { district: f.district, minRating: f.minRating, verified: f.verified, hasPhone: f.hasPhone };
  if (f.openNow) out.openAt = now.toISOString();
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

/** A city's or a category's own page (none: the whole directory). */
export interface Fixed {
  cityId?: number;
  categoryId?: number;
}

/**
 * The total and facets of the active businesses of `fixed` under `f` (which holds `fixed` too),
 * from the kept business_facets counts: only the page's own city's or category's rows are read.
 */
export async function listFacets(db: Db | Knex.Transaction, fixed: Fixed, f: FacetFilters): Promise<{ facets: Facets; total: number }> {
  const source: SqlPart = { sql: 'SELECT * FROM business_facets WHERE n <> 0', bindings: [] };
  if (fixed.cityId !== undefined) {
    source.sql += ' AND city_id = ?';
    source.bindings.push(fixed.cityId);
  }
  if (fixed.categoryId !== undefined) {
    source.sql += ' AND category_id = ?';
    source.bindings.push(fixed.categoryId);
  }
  return toFacets((await facetQuery(db, source, f)).rows);
}

/** The ids of one page of the active businesses under `f`, sorted: the offset is walked in the listing index alone. */
export async function listPageIds(db: Db | Knex.Transaction, f: FacetFilters, sort: SearchSort, page: number, limit: number): Promise<number[]> {
  const order = ORDER[sort].replace(/(\w+)/g, (w) => (/^(DESC|ASC)$/.test(w) ? w : `b.${w}`));
  const where = businessWhere(f);
  const { rows } = await db.raw(`SELECT b.id FROM businesses b WHERE ${where.sql} ORDER BY ${order} LIMIT ? OFFSET ?`, [
    ...where.bindings,
    limit,
    (page - 1) * limit,
  ] as Knex.RawBinding[]);
  return (rows as { id: number }[]).map((r) => r.id);
}

/** The businesses of `ids` as the API gives them, in no particular order. */
export async function businessesById(db: Db | Knex.Transaction, ids: (number | string)[]): Promise<Business[]> {
  const read: BusinessRow[] = await businessQuery(db).whereIn('b.id', ids);
  return read.map(toBusiness);
}

/** A match of a search with what its order, filters and facets need. */
export interface Candidate extends FacetCandidate {
  id: number;
  review_count: number;
  name: string;
  rank: number;
}

/**
 * The SQL matching the tsqueries of what and where (either may be null, not both). The words and
 * the place together in the documents' index, whose posting lists intersect inside it (a broad
 * word in a city reads the city's share, not every business of the word), and the place in the
 * place index too: when the place is a word many documents hold elsewhere and none as a place
 * ('restaurant'), the planner sees the place index find almost nothing and reads only that.
 */
function matchOf(what: string | null, place: string | null): SqlPart {
  if (!place) return { sql: `b.search_vector @@ ${TSQUERY}`, bindings: [what] };
  if (!what) return { sql: `${PLACE} @@ ${TSQUERY}`, bindings: [place] };
  return { sql: `b.search_vector @@ (${TSQUERY} && ${TSQUERY}) AND ${PLACE} @@ ${TSQUERY}`, bindings: [what, place, place] };
}

/**
 * At most SEARCH_CANDIDATES + 1 matches of the tsqueries `what` and `where` (either null, not both)
 * under `f`, in index order (one more than the cap tells a capped total), ranked by `what`.
 */
export async function searchCandidates(db: Db | Knex.Transaction, what: string | null, where: string | null, f: FacetFilters): Promise<Candidate[]> {
  const filter = businessWhere(f);
  const match = matchOf(what, where);
  return (await readByBitmapScans(
    db,
    `SELECT b.id, b.rating, b.review_count, b.name, ${CANDIDATE_FACET_COLUMNS}, ${what ? `ts_rank(${RANK_WEIGHTS}, b.search_vector, ${TSQUERY})` : '0::real'} AS rank
       FROM businesses b WHERE ${filter.sql} AND ${match.sql} LIMIT ${SEARCH_CANDIDATES + 1}`,
    [...(what ? [what] : []), ...filter.bindings, ...match.bindings] as Knex.RawBinding[],
  )) as Candidate[];
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
 * the first split that finds something.
 */
export async function firstSplitFinding(db: Db | Knex.Transaction, q: BoxSplitQueries): Promise<number | null> {
  const { rows } = await db.raw(
    `SELECT CASE WHEN (SELECT bool_and(u.search_vector @@ ${TSQUERY})
                         FROM (SELECT b.search_vector FROM businesses b WHERE b.is_active AND b.search_vector @@ ${TSQUERY} LIMIT 100) u)
                 THEN NULL
                 ELSE (SELECT t.i FROM unnest(?::tsquery[], ?::tsquery[], ?::boolean[]) WITH ORDINALITY t(what, place, digits, i)
                        WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.is_active AND b.search_vector @@ (t.what && t.place) AND ${PLACE} @@ t.place)
                          AND NOT (t.digits AND EXISTS (SELECT 1 FROM businesses b WHERE b.is_active AND b.search_vector @@ ${TSQUERY}))
                        ORDER BY t.i LIMIT 1) END AS i`,
    [q.asName, q.anywhere, q.whats, q.wheres, q.digitsOnly, q.asName] as Knex.RawBinding[],
  );
  const chosen = rows[0].i as string | null;
  return chosen === null ? null : Number(chosen) - 1;
}

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
