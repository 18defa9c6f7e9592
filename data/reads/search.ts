/**
 * The public search and the city and category lists, with the filters, sort and facets of
 * domain/search.ts: the read service's one home for how a query is read (query-reading.ts), which
 * reading is searched, how matches are ranked and what is kept per data version (search-memo.ts).
 * The statements are db/queries/search.ts's and take plain values.
 *
 * - With words or a location, at most SEARCH_CANDIDATES matches are read in index order; only
 *   those are ranked (name before category before place before description, then rating), counted
 *   and faceted. A broad word thus costs what a narrow one does, and past the cap the total says
 *   `totalCapped`.
 * - Without them (a city's or category's page, a search by filters alone) the page is a walk of
 *   the listing indexes that stops after the page, and the total and facets are kept counts.
 */
import type { Knex } from 'knex';
import type { Db } from '../../db/index.js';
import { PUBLIC_PAGE_SIZE } from '../../domain/constants.js';
import type { ListFilters, ListPage } from '../../domain/search.js';
import type { PageRequest } from '../../db/queries/paging.js';
import { firstSplitFinding, placeLabel, resolveFilters, type Fixed } from '../../db/queries/search.js';
import { browse, emptyPage, ranked } from './list-pages.js';
import { readBox, readingOf, readQuery, respelt, wordsSomeListingHolds, type Place, type Reading } from './query-reading.js';
import { memoized, memoKey, small, type MemoScope } from './search-memo.js';
import { readPlaceWords, readWords, tsqueries } from './tsqueries.js';

export interface SearchRequest extends Partial<PageRequest> {
  q?: string;
  location?: string;
  filters?: ListFilters;
  /** The request's time ("open now"). */
  now?: Date;
}

/**
 * A city's or a category's page: its active businesses, best rated first unless sorted otherwise,
 * filtered by `list` (a city page ignores a city filter, its city is fixed).
 */
export async function listBusinessesIn(
  db: Db | Knex.Transaction,
  fixed: Fixed,
  { page = 1, limit = PUBLIC_PAGE_SIZE }: Partial<PageRequest> = {},
  list: ListFilters = {},
  scope?: MemoScope,
  now?: Date,
): Promise<ListPage> {
  const own = { ...list };
  if (fixed.cityId !== undefined) delete own.city;
  if (fixed.categoryId !== undefined) delete own.category;
  const filters = await resolveFilters(db, own, now);
  if (!filters) return emptyPage(page, limit);
  return browse(db, fixed, filters, { sort: list.sort, page, limit }, scope);
}

/** A reading of a box's words as what and where that finds businesses, with how the answer words it. */
interface FoundSplit extends Reading {
  understood: { q: string; location: string };
}

/**
 * The first way of reading a box's words `ws` as what and where (readBox's splits, the likelier first)
 * under which businesses of the words are found in the place (as a city, with its alternate names,
 * a district, state, country or postal code). The label is the city's or country's own name when
 * it is one. None when every business the words find holds them all in its name ('Inn at the
 * Park'), nor when no split finds anything: the words are then searched as they are. Kept per data
 * version in the small memo.
 */
function splitThatFinds(db: Db | Knex.Transaction, ws: string[], scope?: MemoScope): Promise<FoundSplit | null> {
  return memoized(small(scope), memoKey('one-box', JSON.stringify(ws)), async () => {
    const box = readBox(ws);
    const { splits } = box;
    if (!splits.length) return null;
    const [anywhere, asName, ...read] = await tsqueries(db, [box.anywhere, box.asName, ...splits.map((s) => s.reading.what), ...splits.map((s) => s.reading.where)] as string[], scope);
    const chosen = await firstSplitFinding(db, {
      asName,
      anywhere,
      whats: read.slice(0, splits.length),
      wheres: read.slice(splits.length),
      digitsOnly: splits.map((s) => s.digitsOnly),
    });
    if (chosen === null) return null;
    const { what, place, reading } = splits[chosen];
    const named = place.named.length ? await placeLabel(db, place.named.join(' ')) : null;
    return { ...reading, understood: { q: what.join(' '), location: [named, place.country].filter(Boolean).join(', ') } };
  });
}

/**
 * Each word the vocabulary does not know replaced by its nearest known word (only a word of its
 * kind is, so a street number, a postal code or 'in' is kept as typed); null if none changed.
 */
async function respell(db: Db | Knex.Transaction, ws: string[], scope?: MemoScope): Promise<string[] | null> {
  const read = await readWords(db, ws, scope);
  return respelt(ws, read.map((r) => r?.nearest));
}

/**
 * A location's place with each of its own words the vocabulary does not know respelt to the
 * nearest word that names a place ('Berln' → berlin), and how the page names it ('Berlin'); null
 * if none changed. The country at its end is the directory's own name already.
 */
async function respellPlace(db: Db | Knex.Transaction, place: Place, scope?: MemoScope): Promise<{ words: string[]; label: string } | null> {
  if (!place.named.length) return null;
  const named = respelt(place.named, await readPlaceWords(db, place.named, scope));
  if (!named) return null;
  const own = place.words.slice(place.named.length);
  const label = [await placeLabel(db, named.join(' ')), place.country].filter(Boolean).join(', ');
  return { words: [...named, ...own], label };
}

/**
 * The words of `ws` some listing holds: without those no active business holds (a word the
 * vocabulary has not got: 'best', 'cheap' are in no document of a world-wide directory). A word
 * the vocabulary cannot judge (a number, a word of two letters) is kept. Read with the search's
 * other words already.
 */
async function heldByListings(db: Db | Knex.Transaction, ws: string[], scope?: MemoScope): Promise<string[]> {
  const read = await readWords(db, ws, scope);
  return wordsSomeListingHolds(ws, read.map((r) => r?.absent));
}

/** The public search: words, a location, filters, sort, facets. */
export async function searchBusinesses(db: Db | Knex.Transaction, req: SearchRequest, scope?: MemoScope): Promise<ListPage> {
  const { page = 1, limit = PUBLIC_PAGE_SIZE } = req;
  const sort = req.filters?.sort ?? 'relevance';
  const filters = await resolveFilters(db, req.filters, req.now);
  if (!filters) return emptyPage(page, limit);
  const query = readQuery(req.q ?? '', req.location ?? '');
  const ws = query.words;
  const hasPlace = query.place.words.length > 0;
  if (!ws.length && !hasPlace) return browse(db, {}, filters, { sort, page, limit }, scope);

  // Other words (respelt, or without those no listing holds) read as the typed ones are: as what
  // and where in one box, or as what with the location.
  const again = (other: string[]): Promise<FoundSplit | null> => (hasPlace ? Promise.resolve(null) : splitThatFinds(db, other, scope));
  const plain = (other: string[]): Reading => readingOf(other, query.place.words);
  // How the words read (respelt, split into words and a place) is asked at once, in parallel.
  const [respelling, placeRespelling, split] = await Promise.all([
    ws.length ? respell(db, ws, scope) : null,
    hasPlace ? respellPlace(db, query.place, scope) : null,
    query.placeInWords ? splitThatFinds(db, ws, scope) : null,
  ]);
  // A respelt word (of the vocabulary's kind, not in it) is in no document: the words cannot
  // match as typed, so the respelling is searched, its words read as what and where again
  // ('restaurants in paris'); as typed only if it finds nothing. A location's place likewise
  // ('resturant' in 'Berln'), said as what was understood.
  if (placeRespelling) {
    const what = respelling ?? ws;
    const found = await ranked(db, readingOf(what, placeRespelling.words), filters, sort, page, limit, scope);
    const understood = { q: what.join(' '), location: placeRespelling.label };
    if (found.pagination.total > 0) return { ...found, ...(what.length ? { didYouMean: what.join(' ') } : {}), understood };
  }
  if (respelling) {
    const respeltSplit = await again(respelling);
    const found = await ranked(db, respeltSplit ?? plain(respelling), filters, sort, page, limit, scope);
    if (found.pagination.total > 0) return { ...found, didYouMean: respelling.join(' '), ...(respeltSplit ? { understood: respeltSplit.understood } : {}) };
  }
  const read = split ?? query.reading;
  const found = await ranked(db, read, filters, sort, page, limit, scope);
  if (found.pagination.total === 0 && (ws.length > 1 || hasPlace)) {
    // Nothing holds them all: without the words no listing holds, if that leaves a word or a
    // place ('best pizza berlin', 'cheap hotel paris', 'best' in Berlin), read again as what and
    // where.
    const held = await heldByListings(db, ws, scope);
    if (held.length < ws.length && (held.length || hasPlace)) {
      const heldSplit = await again(held);
      const retried = await ranked(db, heldSplit ?? plain(held), filters, sort, page, limit, scope);
      const understood = heldSplit?.understood ?? { q: held.join(' '), location: query.location };
      if (retried.pagination.total > 0) return { ...retried, understood, ignored: ws.filter((w) => !held.includes(w)) };
    }
  }
  return { ...found, ...(split ? { understood: split.understood } : {}) };
}
