/**
 * The public search and the city and category lists, with the filters, sort and facets of
 * domain/search.ts: the read service's one home for how a query is read (query-reading.ts), which
 * reading is searched, how matches are ranked and what is kept per data version (search-memo.ts).
 * The statements are db/queries/search.ts's and take plain values.
 *
 * - With words or a location, the matches are ranked (exact name, then name, category, place and
 *   the rest, then quality) by list-pages.ts: read whole and counted when they are few, each
 *   tier's best read by quality band when broad, the total then an estimate (`totalApprox`).
 * - Without them (a city's or category's page, a search by filters alone) the page is a walk of
 *   the listing indexes that stops after the page, and the total and facets are kept counts.
 */
import type { Knex } from 'knex';
import type { Db } from '../../db/index.js';
import { PUBLIC_PAGE_SIZE } from '../../domain/constants.js';
import type { ListFilters, ListPage } from '../../domain/search.js';
import type { PageRequest } from '../../db/queries/paging.js';
import { firstSplitFinding, placeLabel, resolveFilters, slugIds, type Fixed } from '../../db/queries/search.js';
import { browse, emptyPage, ranked as rankedMatches } from './list-pages.js';
import { nearbyPage, rankedNear, type NearRequest } from './nearby.js';
import { openAtOf } from './open-now.js';
import { readBox, readingOf, readQuery, respelt, wordsSomeListingHolds, type Place, type Reading } from './query-reading.js';
import { memoized, memoKey, small, type MemoScope } from './search-memo.js';
import { readPlaceWords, readWords, tsqueries } from './tsqueries.js';
import type { WordReading } from '../../db/queries/word-lookups.js';

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
  const filters = await filtersOf(db, own, now, scope);
  if (!filters) return emptyPage(page, limit);
  // A country narrows the list as its own city or category does (its facet rows alone are read).
  const kept: Fixed = filters.country === undefined ? fixed : { ...fixed, country: filters.country };
  const near = nearOf(list);
  if (near) return nearbyPage(db, kept, { ...filters, ...kept }, near, { sort: list.sort, page, limit }, scope);
  return browse(db, kept, filters, { sort: list.sort, page, limit }, scope);
}

/**
 * The list filters with their slugs as ids, and open now at `now`'s minute when asked; null when a
 * slug names nothing. The ids of the slugs are kept per data version (the small memo), those that
 * name nothing are not.
 */
async function filtersOf(db: Db | Knex.Transaction, list: ListFilters = {}, now = new Date(), scope?: MemoScope) {
  const openAt = list.openNow ? await openAtOf(db, now, scope) : undefined;
  return resolveFilters(db, list, openAt, (d, category, city, country) =>
    memoized(
      small(scope),
      memoKey('filter-ids', JSON.stringify([category ?? null, city ?? null, country ?? null])),
      async () => {
        const { version, ...found } = await slugIds(d, category, city, country);
        if (version) scope?.trace?.seen.push(version);
        return found;
      },
      (found) => (category === undefined || found.category !== null) && (city === undefined || found.city !== null) && (country === undefined || found.country !== null),
    ),
  );
}

/** The list's point and radius, when it names a point. */
const nearOf = (list: ListFilters = {}): NearRequest | null => (list.near ? { point: list.near, radiusKm: list.radius } : null);

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
 * A location's place with each of its own words the vocabulary does not know respelt to the
 * nearest word that names a place ('Berln' → berlin), and how the page names it ('Berlin'); null
 * if none changed. The country at its end is the directory's own name already. `read`: what
 * PostgreSQL made of the place's own words (readWords, with the search's other words): a place
 * whose words some document or city holds is asked nothing more, and most places are spelt right.
 */
async function respellPlace(
  db: Db | Knex.Transaction,
  place: Place,
  read: (WordReading | undefined)[],
  scope?: MemoScope,
): Promise<{ words: string[]; label: string } | null> {
  if (!read.some((r) => r?.absent)) return null;
  const named = respelt(place.named, await readPlaceWords(db, place.named, scope));
  if (!named) return null;
  const own = place.words.slice(place.named.length);
  const label = [await placeLabel(db, named.join(' ')), place.country].filter(Boolean).join(', ');
  return { words: [...named, ...own], label };
}

/** The public search: words, a location, filters, sort, facets. */
export async function searchBusinesses(db: Db | Knex.Transaction, req: SearchRequest, scope?: MemoScope): Promise<ListPage> {
  const { page = 1, limit = PUBLIC_PAGE_SIZE } = req;
  const sort = req.filters?.sort ?? 'relevance';
  const filters = await filtersOf(db, req.filters, req.now, scope);
  if (!filters) return emptyPage(page, limit);
  const query = readQuery(req.q ?? '', req.location ?? '');
  const ws = query.words;
  const hasPlace = query.place.words.length > 0;
  const near = nearOf(req.filters);
  if (!ws.length && !hasPlace) {
    if (near) return nearbyPage(db, {}, filters, near, { sort: req.filters?.sort, page, limit }, scope);
    return browse(db, {}, filters, { sort, page, limit }, scope);
  }
  // Near a point the matches of each reading below are ordered by distance among them.
  const ranked: typeof rankedMatches = (...args) => (near ? rankedNear(db, args[1], filters, near, { sort: req.filters?.sort, page, limit }, scope) : rankedMatches(...args));

  // Other words (respelt, or without those no listing holds) read as the typed ones are: as what
  // and where in one box, or as what with the location.
  const again = (other: string[]): Promise<FoundSplit | null> => (hasPlace ? Promise.resolve(null) : splitThatFinds(db, other, scope));
  const plain = (other: string[]): Reading => readingOf(other, query.place.words);
  // How the words read (respelt, split into words and a place) is asked at once, in parallel; the
  // words and the location's own words in one round trip, which the search's tsqueries then reuse.
  const named = query.place.named;
  const [readings, split] = await Promise.all([readWords(db, [...ws, ...named], scope), query.placeInWords ? splitThatFinds(db, ws, scope) : null]);
  // Each word the vocabulary does not know replaced by its nearest known word (only a word of its
  // kind is, so a street number, a postal code or 'in' is kept as typed).
  const respelling = respelt(ws, readings.slice(0, ws.length).map((r) => r?.nearest));
  const placeRespelling = named.length ? await respellPlace(db, query.place, readings.slice(ws.length), scope) : null;
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
    // Nothing holds them all: without the words no listing holds (the vocabulary has not got
    // them: 'best', 'cheap' are in no document of a world-wide directory; a word it cannot judge,
    // a number or a word of two letters, is kept), if that leaves a word or a place ('best pizza
    // berlin', 'cheap hotel paris', 'best' in Berlin), read again as what and where.
    const held = wordsSomeListingHolds(ws, readings.slice(0, ws.length).map((r) => r?.absent));
    if (held.length < ws.length && (held.length || hasPlace)) {
      const heldSplit = await again(held);
      const retried = await ranked(db, heldSplit ?? plain(held), filters, sort, page, limit, scope);
      const understood = heldSplit?.understood ?? { q: held.join(' '), location: query.location };
      if (retried.pagination.total > 0) return { ...retried, understood, ignored: ws.filter((w) => !held.includes(w)) };
    }
  }
  return { ...found, ...(split ? { understood: split.understood } : {}) };
}
