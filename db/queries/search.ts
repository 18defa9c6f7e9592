/**
 * The public lists of issue 13: search (/api/search) and the city and category pages, with the
 * filters, sort and facets of domain/search.ts.
 *
 * - With words or a location, the GIN indexes of the search document (migration 20261124H) and
 *   of its place (20261130A) yield at most SEARCH_CANDIDATES matches in index order; only those
 *   are ranked (name before category before place before description, then rating), counted
 *   and faceted. A broad word thus costs what a narrow one does, and past the cap the total says
 *   `totalCapped`.
 * - Without them (a city's or category's page, a search by filters alone) the page is a walk of
 *   the listing indexes that stops after the page, its rows read by id afterwards, and the total
 *   and facets come from the kept business_facets counts: exact, whatever the size of the city.
 * No plan depends on the clock; each request is a fixed handful of statements.
 */
import type { Knex } from 'knex';
import type { Db } from '../index.js';
import type { Business } from '../../domain/types.js';
import { PUBLIC_PAGE_SIZE } from '../../domain/constants.js';
import { SEARCH_CANDIDATES, type ListFilters, type ListPage, type SearchSort } from '../../domain/search.js';
import { businessQuery, toBusiness, type BusinessRow } from './businesses.js';
import { CANDIDATE_FACET_COLUMNS, NO_FACETS, businessWhere, countFacets, facetLabels, facetQuery, passes, toFacets, type FacetCandidate, type FacetFilters, type SqlPart } from './facets.js';
import { memoized, memoizedEach, small, type MemoScope } from './search-memo.js';
import { allOf, readWords, TSQUERY, tsqueries, words } from './search-query.js';
import { pageOf, type PageRequest } from './paging.js';
import { throughTheIndex } from './through-the-index.js';

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
  scope?: MemoScope,
): Promise<ListPage> {
  const own = { ...list };
  if (fixed.cityId !== undefined) delete own.city;
  if (fixed.categoryId !== undefined) delete own.category;
  const filters = await resolveFilters(db, own);
  if (!filters) return emptyPage(page, limit);
  return browse(db, fixed, filters, { sort: list.sort, page, limit }, scope);
}

/** The full rows of `ids`, in that order; those a page showed before at this version from the row memo. */
async function rowsOf(db: Db | Knex.Transaction, ids: (number | string)[], scope?: MemoScope): Promise<Business[]> {
  if (!ids.length) return [];
  const rows = await memoizedEach(small(scope), ids.map((id) => `row|${id}`), async (keys) => {
    const read: BusinessRow[] = await businessQuery(db).whereIn('b.id', keys.map((k) => k.slice('row|'.length)));
    return new Map(read.map((r) => [`row|${r.id}`, toBusiness(r)]));
  });
  return rows.filter((r): r is Business => r !== null);
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
  scope?: MemoScope,
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
  // The counts move only with a write: one read of them per data version and filters.
  const counted = memoized(scope, `facets|${JSON.stringify(f)}`, async () => toFacets((await facetQuery(db, source, f)).rows));
  // The offset is walked in the listing index alone (ids), then only the page's rows are read.
  const order = ORDER[sort].replace(/(\w+)/g, (w) => (/^(DESC|ASC)$/.test(w) ? w : `b.${w}`));
  const where = businessWhere(f);
  const { rows: walked } = await db.raw(`SELECT b.id FROM businesses b WHERE ${where.sql} ORDER BY ${order} LIMIT ? OFFSET ?`, [
    ...where.bindings,
    limit,
    (page - 1) * limit,
  ] as Knex.RawBinding[]);
  const ids = (walked as { id: number }[]).map((r) => r.id);
  const [{ facets, total }, rows] = await Promise.all([counted, rowsOf(db, ids, scope)]);
  return { ...pageOf(rows, total, { page, limit }), facets };
}

/** What a search looks for and where, each an allOf text (tsqueries reads them). */
interface Reading {
  /** The words sought, anywhere in a document, which rank the matches; null for a place alone. */
  what: string | null;
  /** The place (weight C), matched in the place index (PLACE); null without one. */
  where: string | null;
  understood?: { q: string; location: string };
}

/**
 * A document's place: its lexemes of weight C, which the place index (migration 20261130A)
 * holds. The documents' own index keeps no weights, so a place word matched there rechecked
 * every document holding the word anywhere ('restaurant' as a place: 210,000 of a million).
 */
const PLACE = `ts_filter(b.search_vector, '{c}')`;

/** Words that join what is sought to where ('bakery in paris', 'plumber near berlin'). */
const CONNECTORS = new Set(['in', 'near', 'at', 'around']);
/** The most words of a place read at either end of a box without a connector ('rio de janeiro'). */
const MAX_PLACE_WORDS = 3;

/**
 * The ways to read a box's words as what and where, the likelier first: around its last connector
 * ('pizza in new york city'), then the last or first words, more of them before fewer, as a place
 * of several words names it better than its last word does ('dentist new york' is in New York, not
 * York; 'cafe los angeles' in Los Angeles, not Angeles City).
 */
function splitsOf(ws: string[]): [string[], string[]][] {
  const splits: [string[], string[]][] = [];
  const at = ws.findLastIndex((w, i) => i > 0 && i < ws.length - 1 && CONNECTORS.has(w.toLowerCase()));
  if (at > 0) splits.push([ws.slice(0, at), ws.slice(at + 1)]);
  for (let n = Math.min(MAX_PLACE_WORDS, ws.length - 1); n >= 1; n--) splits.push([ws.slice(0, -n), ws.slice(-n)], [ws.slice(n), ws.slice(0, n)]);
  return splits;
}

/**
 * The stored name of the country a place's words name in any language ('Turkey', 'Türkei' →
 * 'Türkiye'; 'USA' → 'United States'), null when they name none. db/ cannot read names in many
 * languages itself: the caller gives data/places/countries.ts's storedCountryName.
 */
export type CountryOf = (text: string) => string | null;

/**
 * A place as typed, a country at its end put as the directory stores it ('restaurants in Turkey',
 * 'cafe istanbul turkey', 'USA', 'Deutschland'): the documents hold the stored name ('Türkiye',
 * 'United States', 'Germany'), and only that. `before` is what precedes the country.
 */
function placeOf(ws: string[], countryOf?: CountryOf): { words: string[]; country: string | null; before: string[] } {
  for (let n = Math.min(MAX_PLACE_WORDS, ws.length); n >= 1 && countryOf; n--) {
    const country = countryOf(ws.slice(-n).join(' '));
    if (country) return { words: [...ws.slice(0, -n), ...words(country)], country, before: ws.slice(0, -n) };
  }
  return { words: ws, country: null, before: ws };
}

/** The endings that ask for what is near the visitor, a place no directory can know ('plumber near me'). */
const NEAR_ME = [['near', 'me'], ['nearby'], ['around', 'me'], ['close', 'to', 'me']];

/** The words of a box without a near-me ending. */
function soughtWords(ws: string[]): string[] {
  const lower = ws.map((w) => w.toLowerCase());
  const ending = NEAR_ME.find((e) => e.length < ws.length && e.every((w, i) => lower[ws.length - e.length + i] === w));
  return ending ? ws.slice(0, -ending.length) : ws;
}

/**
 * A one-box query ('locksmith montreal') read as words and a place (splitsOf), when businesses of
 * the rest are found there (as a city, with its alternate names, a district, state, country or
 * postal code). The label is the city's or country's own name when it is one. None when every
 * business the words find holds them all in its name ('Inn at the Park'), nor when no reading
 * finds anything: the words are then searched as they are. A number is not taken for a postal
 * code when a business's name holds every word ('Golden Oak Plumber 12345' is a name).
 */
async function oneBox(db: Db | Knex.Transaction, ws: string[], scope?: MemoScope, countryOf?: CountryOf): Promise<Reading | null> {
  if (ws.length < 2) return null;
  const splits = splitsOf(ws);
  const placesRead = splits.map(([, place]) => placeOf(place, countryOf));
  const readings = splits.map(([rest], i) => ({ what: allOf(rest), where: allOf(placesRead[i].words, { weights: 'C' }) }));
  const [all, names, ...read] = await tsqueries(db, [allOf(ws), allOf(ws, { weights: 'A' }), ...readings.map((r) => r.what), ...readings.map((r) => r.where)], scope);
  // When every business the words find holds them all in its name (the first hundred tell), the
  // box is a name ('Golden Oak Plumber 12345', 'Inn at the Park'): no place is read out of it, and
  // one index probe answers instead of one per reading. Else the first reading that finds a
  // business (the scan in order of ordinality stops there); a number is not taken for a postal
  // code when a business's name holds every word.
  const { rows } = await db.raw(
    `SELECT CASE WHEN (SELECT bool_and(u.search_vector @@ ${TSQUERY})
                         FROM (SELECT b.search_vector FROM businesses b WHERE b.is_active AND b.search_vector @@ ${TSQUERY} LIMIT 100) u)
                 THEN NULL
                 ELSE (SELECT t.i FROM unnest(?::tsquery[], ?::tsquery[], ?::boolean[]) WITH ORDINALITY t(what, place, digits, i)
                        WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.is_active AND b.search_vector @@ (t.what && t.place) AND ${PLACE} @@ t.place)
                          AND NOT (t.digits AND EXISTS (SELECT 1 FROM businesses b WHERE b.is_active AND b.search_vector @@ ${TSQUERY}))
                        ORDER BY t.i LIMIT 1) END AS i`,
    [names, all, read.slice(0, splits.length), read.slice(splits.length), splits.map(([, place]) => place.every((w) => /^\d+$/.test(w))), names] as Knex.RawBinding[],
  );
  const chosen = rows[0].i as string | null;
  if (chosen === null) return null;
  const [rest] = splits[Number(chosen) - 1];
  const place = placesRead[Number(chosen) - 1];
  const named = place.before.length ? await placeLabel(db, place.before.join(' ')) : null;
  const location = [named, place.country].filter(Boolean).join(', ');
  return { ...readings[Number(chosen) - 1], understood: { q: rest.join(' '), location } };
}

/** A place's name as the directory writes it: its city's or country's own name when it is one, else as typed. */
async function placeLabel(db: Db | Knex.Transaction, text: string): Promise<string> {
  const { rows } = await db.raw(
    `SELECT coalesce(
              (SELECT c.name FROM cities c WHERE c.alt_names LIKE '%|' || rehber_fold(?) || '|%' ORDER BY c.business_count DESC LIMIT 1),
              (SELECT c.name FROM countries c WHERE rehber_fold(c.name) = rehber_fold(?) LIMIT 1),
              ?) AS label`,
    [text, text, text],
  );
  return rows[0].label;
}

/**
 * Each word the vocabulary does not know replaced by its nearest known word (readWords: only a word
 * of its kind is, so a street number, a postal code or 'in' is kept as typed; 'in' was once read
 * as 'inn'); null if none changed. A connector stays itself ('near' is in no document, yet joins
 * what to where).
 */
async function respell(db: Db | Knex.Transaction, ws: string[], scope?: MemoScope): Promise<string[] | null> {
  const read = await readWords(db, ws, scope);
  const out = ws.map((w, i) => (CONNECTORS.has(w.toLowerCase()) ? w : (read[i]?.nearest ?? w)));
  return out.some((w, i) => w !== ws[i]) ? out : null;
}

/** The public search (CONTRACT §5 and issue 13): words, a location, filters, sort, facets. */
export async function searchBusinesses(db: Db | Knex.Transaction, req: SearchRequest, scope?: MemoScope, countryOf?: CountryOf): Promise<ListPage> {
  const { page = 1, limit = PUBLIC_PAGE_SIZE } = req;
  const sort = req.filters?.sort ?? 'relevance';
  const filters = await resolveFilters(db, req.filters);
  if (!filters) return emptyPage(page, limit);
  const ws = soughtWords(words(req.q ?? ''));
  const place = placeOf(words(req.location ?? ''), countryOf).words;
  if (!ws.length && !place.length) return browse(db, {}, filters, { sort, page, limit }, scope);

  const reading = (text: string[]): Reading => ({
    what: text.length ? allOf(text) : null,
    where: place.length ? allOf(place, { weights: 'C' }) : null,
  });
  // How the words read (respelt, split into words and a place) is asked at once, in parallel.
  const [respelt, split] = await Promise.all([
    ws.length ? respell(db, ws, scope) : null,
    place.length ? null : memoized(small(scope), `one-box|${JSON.stringify(ws)}`, () => oneBox(db, ws, scope, countryOf)),
  ]);
  // A respelt word (of the vocabulary's kind, not in it) is in no document: the words cannot
  // match as typed, so the respelling is searched, its words read as what and where again
  // ('restaurants in paris'); as typed only if it finds nothing.
  if (respelt) {
    const respeltSplit = place.length ? null : await memoized(small(scope), `one-box|${JSON.stringify(respelt)}`, () => oneBox(db, respelt, scope, countryOf));
    const again = await ranked(db, respeltSplit ?? reading(respelt), filters, sort, page, limit, scope);
    if (again.pagination.total > 0) return { ...again, didYouMean: respelt.join(' '), ...(respeltSplit?.understood ? { understood: respeltSplit.understood } : {}) };
  }
  const read = split ?? reading(ws);
  const found = await ranked(db, read, filters, sort, page, limit, scope);
  if (found.pagination.total === 0 && (ws.length > 1 || place.length)) {
    // Nothing holds them all: without the words no listing holds, if that leaves a word or a
    // place ('best pizza berlin', 'cheap hotel paris', 'best' in Berlin), read again as what and
    // where.
    const held = await heldWords(db, ws, scope);
    if (held.length < ws.length && (held.length || place.length)) {
      const heldSplit = place.length ? null : await memoized(small(scope), `one-box|${JSON.stringify(held)}`, () => oneBox(db, held, scope, countryOf));
      const again = await ranked(db, heldSplit ?? reading(held), filters, sort, page, limit, scope);
      const understood = heldSplit?.understood ?? { q: held.join(' '), location: req.location?.trim() ?? '' };
      if (again.pagination.total > 0) return { ...again, understood, ignored: ws.filter((w) => !held.includes(w)) };
    }
  }
  return { ...found, ...(read.understood ? { understood: read.understood } : {}) };
}

/**
 * The words of `ws` without those no listing holds (readWords' `absent`: 'best', 'cheap' are in no
 * document of the world-shaped million). A word the vocabulary cannot judge (a number, a word of
 * two letters) is kept. Read with the search's other words already.
 */
async function heldWords(db: Db | Knex.Transaction, ws: string[], scope?: MemoScope): Promise<string[]> {
  const read = await readWords(db, ws, scope);
  return ws.filter((_, i) => !read[i]?.absent);
}

const hasFilters = (f: FacetFilters) => Object.keys(f).length > 0;

/** A match of a reading with what its order, filters and facets need. */
interface Candidate extends FacetCandidate {
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

/** At most SEARCH_CANDIDATES + 1 matches of a reading in index order (one more tells a capped total). */
async function candidates(db: Db | Knex.Transaction, read: Reading, f: FacetFilters, scope?: MemoScope): Promise<Candidate[]> {
  const [what, place] = await tsqueries(db, [read.what ?? '', read.where ?? ''], scope);
  // A text whose words PostgreSQL reads as no lexeme asks nothing of the documents.
  if (!what && !place) return [];
  const where = businessWhere(f);
  const match = matchOf(what, place);
  return (await throughTheIndex(
    db,
    `SELECT b.id, b.rating, b.review_count, b.name, ${CANDIDATE_FACET_COLUMNS}, ${what ? `ts_rank(${RANK_WEIGHTS}, b.search_vector, ${TSQUERY})` : '0::real'} AS rank
       FROM businesses b WHERE ${where.sql} AND ${match.sql} LIMIT ${SEARCH_CANDIDATES + 1}`,
    [...(what ? [what] : []), ...where.bindings, ...match.bindings] as Knex.RawBinding[],
  )) as Candidate[];
}

/**
 * A set of more matches than this is kept for the data version, with what follows from it (its
 * order under each sort, its facets). Each match costs a read of its row's page (for its rank and
 * facets), so past a hundred reading them again costs more than keeping them: a word in one city
 * of a world-wide million (100-1,000 matches) took 5-9 ms a request. A narrower set is read again,
 * as cheap as a lookup. No set is longer than SEARCH_CANDIDATES + 1, as the capped ones kept
 * before were, so the memo's bound in bytes stays what it was.
 */
const KEPT_FROM = 100;
const worthKeeping = (c: Candidate[]) => c.length > KEPT_FROM;

/** The candidates of a reading under filters, kept when worthKeeping. */
function candidatesOf(db: Db | Knex.Transaction, read: Reading, f: FacetFilters, scope?: MemoScope): Promise<Candidate[]> {
  return memoized(scope, `candidates|${read.what}|${read.where}|${JSON.stringify(f)}`, () => candidates(db, read, f, scope), worthKeeping);
}

const byText = new Intl.Collator('en');
const COMPARE: Record<SearchSort, (a: Candidate, b: Candidate) => number> = {
  relevance: (a, b) => b.rank - a.rank || COMPARE.rating(a, b),
  rating: (a, b) => Number(b.rating) - Number(a.rating) || b.review_count - a.review_count || a.id - b.id,
  reviews: (a, b) => b.review_count - a.review_count || Number(b.rating) - Number(a.rating) || a.id - b.id,
  name: (a, b) => byText.compare(a.name, b.name) || a.id - b.id,
};

/**
 * The matches of a reading, ranked: at most SEARCH_CANDIDATES + 1 of them in index order (one
 * more than the cap tells a capped total), ordered, filtered and faceted in memory. Without
 * filters the page and the facets come from the same candidates; with filters the facets come
 * from the unfiltered ones (each facet counts with every filter but its own) and the page from
 * those filtered, read again only when the unfiltered set was capped.
 */
async function ranked(db: Db | Knex.Transaction, read: Reading, filters: FacetFilters, sort: SearchSort, page: number, limit: number, scope?: MemoScope): Promise<ListPage> {
  const all = await candidatesOf(db, read, {}, scope);
  const capped = all.length > SEARCH_CANDIDATES;
  const matching = !hasFilters(filters) ? all : capped ? await candidatesOf(db, read, filters, scope) : all.filter((c) => passes(c, filters));
  const found = matching.length;
  // What follows from a kept set is kept with it: its order under each sort, its facets.
  const kept = worthKeeping(all) ? scope : undefined;
  const key = `${read.what}|${read.where}|${JSON.stringify(filters)}`;
  const order = await memoized(kept, `order|${key}|${sort}`, async () => [...matching].sort(COMPARE[sort]).map((c) => c.id));
  const facets = memoized(kept, `search-facets|${key}`, () => facetLabels(db, countFacets(all, filters), scope));
  const [items, counted] = await Promise.all([rowsOf(db, order.slice((page - 1) * limit, page * limit), scope), facets]);
  return { ...pageOf(items, Math.min(found, SEARCH_CANDIDATES), { page, limit }), facets: counted, ...(found > SEARCH_CANDIDATES ? { totalCapped: true } : {}) };
}
