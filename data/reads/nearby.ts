/**
 * Lists near a point and a business's "More nearby": the read service's part of `near`
 * (domain/nearby.ts). The statements are db/queries/nearby.ts's.
 *
 * - A list near a point ranks at most NEAR_CANDIDATES of the nearest matches: those with their own
 *   coordinates first, nearest first, then those placed only at their city's centre (never shown
 *   as precisely near: they follow every precise one, and their cards say "approximate"). Past the
 *   cap the total is the cap with `totalCapped`, as a broad search's is.
 * - Sorted otherwise (rating, reviews, name), the same nearest matches are ordered so.
 * - Facets count the nearest matches of the page's own city or category under every filter but
 *   their own, as a search's facets count its candidates. Under "open now" they count the open
 *   ones (no kept count knows the minute); a search's open matches past its bound are not counted.
 * - Without words the nearest matches are one statement, the page's rows a read by id.
 */
import type { Knex } from 'knex';
import type { Db } from '../../db/index.js';
import type { Business } from '../../domain/types.js';
import { nearbyRow, type NearbyRow } from '../../domain/card-row.js';
import { MORE_NEARBY_LIMIT, NEAR_CANDIDATES, type GeoPoint } from '../../domain/nearby.js';
import type { ListPage, SearchSort } from '../../domain/search.js';
import { type FacetCandidate, type FacetFilters, type Label } from '../../db/queries/facets.js';
import { distancesFrom, nearestCandidates, nearestNeighbours, type NearCandidate, type WalkRows } from '../../db/queries/nearby.js';
import { pageOf } from '../../db/queries/paging.js';
import { readWhole, type Candidate, type Fixed } from '../../db/queries/search.js';
import { countFacets, facetLabels, keptLabels, passes } from './facet-counts.js';
import { askedOf, candidateBound, candidatesOf, compare, rowsOf, uncarriedTotal } from './list-pages.js';
import type { Reading } from './query-reading.js';
import { memoized, memoKey, type MemoScope } from './search-memo.js';

/** A list's point and radius (kilometres). */
export interface NearRequest {
  point: GeoPoint;
  radiusKm?: number;
}

const sameFilters = (a: FacetFilters, b: FacetFilters) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * The rows of `order` with their distances (a copy: a row may be shared by the memo; the key is in
 * every Business's shape already, so the copy keeps it: db/queries/businesses.ts LATER_KEYS), those the
 * walk read taken from it; those the memo lacks made with their categories' and cities' names
 * from the labels kept per data version (those the facets show, read once).
 */
async function withDistances(db: Db | Knex.Transaction, order: Pick<NearMatch, 'id' | 'distance' | 'business' | 'category_id' | 'city_id'>[], scope?: MemoScope): Promise<Business[]> {
  const byId = new Map(order.map((c) => [c.id, c]));
  let labels: ReadonlyMap<string, Label | null> = new Map();
  const readLabelsOf = async (ids: number[]) => {
    const keys = [...new Set(ids.flatMap((id) => labelKeysOf(byId.get(id)!)))];
    labels = await keptLabels(db, keys, scope);
  };
  const given = new Map(order.flatMap((c) => (c.business ? [[c.id, () => c.business!(labels)] as const] : [])));
  const rows = await rowsOf(db, order.map((c) => c.id), scope, given, readLabelsOf);
  const distance = new Map(order.map((c) => [c.id, c.distance]));
  return rows.map((b) => ({ ...b, distance: distance.get(b.id) }));
}

/** The keys of the labels of `c`'s category and city (readLabels). */
const labelKeysOf = (c: Pick<NearMatch, 'category_id' | 'city_id'>) => [...(c.category_id === null ? [] : [`category:${c.category_id}`]), ...(c.city_id === null ? [] : [`city:${c.city_id}`])];

/** A match near the point: what its order, filters and facets need, its distance, whether it is only at its city's centre. */
type NearMatch = Pick<NearCandidate, keyof FacetCandidate | 'id' | 'name' | 'review_count' | 'distance' | 'approximate' | 'business'>;

/**
 * A page of a search's matches near a point: `matching` (under every filter, precise before
 * approximate, nearest first, at most `cap`; `capped` when more matched) as it stands or sorted by
 * `sort` among them, each with its distance, and the facets counted over `all` (the matches of
 * every filter but the facets' own), none when `all` is null.
 */
async function nearPage(
  db: Db | Knex.Transaction,
  { all, matching, cap, capped }: { all: NearMatch[] | null; matching: NearMatch[]; cap: number; capped: boolean },
  filters: FacetFilters,
  { sort = 'distance', page, limit }: NearPaging,
  scope?: MemoScope,
): Promise<ListPage> {
  const inOrder = matching.slice(0, cap);
  // Among the nearest, another sort orders precise and approximate alike.
  if (!byDistance(sort)) inOrder.sort(byListSort(sort));
  const [items, facets] = await Promise.all([
    withDistances(db, inOrder.slice((page - 1) * limit, page * limit), scope),
    all ? facetLabels(db, countFacets(all, filters), scope) : undefined,
  ]);
  return { ...pageOf(items, inOrder.length, { page, limit }), ...(facets ? { facets } : {}), ...(capped ? { totalCapped: true } : {}) };
}

/** Nearest first: the order near a point unless another is asked (relevance means nothing without words). */
const byDistance = (sort: SearchSort) => sort === 'distance' || sort === 'relevance';

/** A list's sort and page. */
interface NearPaging {
  sort?: SearchSort;
  page: number;
  limit: number;
}

/**
 * At most NEAR_CANDIDATES + 1 matches of `f` nearest the point (one more than the cap tells a
 * capped total): the precise ones, then, when they are fewer, the approximate ones. `page`: the
 * places (from 1) of the page shown in this order, whose whole rows the precise walk reads too.
 */
async function nearest(db: Db | Knex.Transaction, near: NearRequest, f: FacetFilters, scope?: MemoScope, page?: WalkRows, sparse = false): Promise<NearCandidate[]> {
  const want = NEAR_CANDIDATES + 1;
  // Each walk says the version it saw: with the page's rows (rowsOf), a list near a point needs no check of its own.
  const seen = (version: string) => scope?.trace?.seen.push(version);
  const rows = page && page.from <= want ? page : undefined;
  const precise = await nearestCandidates(db, near.point, near.radiusKm, f, false, want, seen, rows, sparse);
  if (precise.length >= want) return precise;
  return [...precise, ...(await nearestCandidates(db, near.point, near.radiusKm, f, true, want - precise.length, seen))];
}

/**
 * The nearest under filters that may keep few of the nearest unfiltered. Under a filter the walk's
 * index does not carry (the kept counts say how many pass it), none is not walked for (the walk
 * would read every business with a point, outward, to find none), and a few (readWhole) are read
 * whole and sorted by distance.
 */
async function nearestUnder(db: Db | Knex.Transaction, fixed: Fixed, near: NearRequest, filters: FacetFilters, scope?: MemoScope, shown?: WalkRows): Promise<NearCandidate[]> {
  const uncarried = await uncarriedTotal(db, fixed, filters, scope);
  return uncarried === 0 ? [] : nearest(db, near, filters, scope, shown, uncarried !== null && readWhole(uncarried, NEAR_CANDIDATES + 1));
}

/**
 * A page of the active businesses of `fixed` under `filters` (which hold `fixed` too) nearest the
 * point, or sorted by `sort` among the nearest, each with its distance, and the facets. The
 * nearest of `fixed` (and open now: the facets count the open ones) are one statement. Nearest
 * first, the page is places of the walk that gives the matches, so that walk reads their whole
 * rows too (those the memo holds are taken from it); otherwise they are read by id (or from the
 * memo) after it (docs/performance.md).
 */
export async function nearbyPage(db: Db | Knex.Transaction, fixed: Fixed, filters: FacetFilters, near: NearRequest, paging: NearPaging, scope?: MemoScope): Promise<ListPage> {
  const base: FacetFilters = { ...fixed, ...(filters.openAt !== undefined ? { openAt: filters.openAt } : {}) };
  const { sort = 'distance', page, limit } = paging;
  const shown: WalkRows | undefined = byDistance(sort) ? { from: (page - 1) * limit + 1, to: page * limit } : undefined;
  const same = sameFilters(filters, base);
  const all = await nearest(db, near, base, scope, same ? shown : undefined);
  const capped = all.length > NEAR_CANDIDATES;
  // Filtered on a capped set, the nearest under the filters are read again: the filter may keep
  // few of the nearest unfiltered ones.
  const matching = same ? all : !capped ? all.filter((c) => passes(c, filters)) : await nearestUnder(db, fixed, near, filters, scope, shown);
  return nearPage(db, { all, matching, cap: NEAR_CANDIDATES, capped: matching.length > NEAR_CANDIDATES }, filters, paging, scope);
}

/** A list sort other than distance among the nearest: rating, reviews or name, as a search orders them. */
const byListSort = (sort: SearchSort) => compare(sort, false) as (a: Pick<Candidate, 'id' | 'rating' | 'review_count' | 'name'>, b: Pick<Candidate, 'id' | 'rating' | 'review_count' | 'name'>) => number;

/**
 * The matches of a search's reading near a point: the same at most SEARCH_CANDIDATES matches a
 * search ranks (list-pages.ts ranked), those with coordinates (within the radius) kept and
 * ordered by distance, precise before approximate, or by `sort` among them. Under "open now" the
 * statement reads the open matches (the kept candidates carry no hours) and the facets count
 * them, none when they are more than the bound, as a search's.
 */
export async function rankedNear(db: Db | Knex.Transaction, read: Reading, filters: FacetFilters, near: NearRequest, paging: NearPaging, scope?: MemoScope): Promise<ListPage> {
  const asked = await askedOf(db, read, scope);
  const bound = candidateBound();
  const { openAt, ...others } = filters;
  const counted = await candidatesOf(db, asked, openAt === undefined ? {} : { openAt }, bound, scope);
  const capped = counted.length > bound;
  const filtered = !Object.keys(others).length ? counted : capped ? await candidatesOf(db, asked, filters, bound, scope) : counted.filter((c) => passes(c, filters));
  const ids = [...new Set([...counted, ...filtered].map((c) => Number(c.id)))];
  const at = await distancesFrom(db, near.point, ids);
  const located = (cs: Candidate[]): NearMatch[] =>
    cs.flatMap((c) => {
      const d = at.get(Number(c.id));
      return d && (near.radiusKm === undefined || d.distance <= near.radiusKm * 1000) ? [{ ...c, id: Number(c.id), ...d }] : [];
    });
  const matching = located(filtered).sort((a, b) => Number(a.approximate) - Number(b.approximate) || a.distance - b.distance);
  const all = openAt !== undefined && capped ? null : located(counted);
  return nearPage(db, { all, matching, cap: bound, capped: filtered.length > bound }, filters, paging, scope);
}

/**
 * "More nearby" of a business, as the API gives it: the active businesses with precise coordinates
 * nearest it, nearest first, with their distances. None when its own coordinates are unknown or
 * only its city's centre (it is then near nothing in particular).
 */
export async function moreNearby(db: Db | Knex.Transaction, b: Pick<Business, 'id' | 'latitude' | 'longitude' | 'coordinatesApproximate'>, scope?: MemoScope): Promise<Business[]> {
  if (b.latitude === null || b.longitude === null || b.coordinatesApproximate) return [];
  const { latitude: lat, longitude: lng } = b;
  // Kept per data version beside the page's business; read, one statement says the version it saw.
  return memoized(scope && { ...scope, memo: scope.views }, memoKey('nearby', b.id), async () => {
    const { businesses, version } = await nearestNeighbours(db, b.id, { lat, lng }, MORE_NEARBY_LIMIT);
    if (version) scope?.trace?.seen.push(version);
    return businesses;
  });
}

/**
 * "More nearby" on a business's page: moreNearby's businesses as their compact cards' rows, which
 * is all the page draws and its data island carries. `read`: the rows the page's own statement read
 * with the business in this answer (its version told already), taken as read; without them (the
 * business was kept, its page's rows were not) moreNearby's.
 */
export async function nearbyRows(db: Db | Knex.Transaction, b: Pick<Business, 'id' | 'latitude' | 'longitude' | 'coordinatesApproximate'>, scope?: MemoScope, read?: NearbyRow[]): Promise<NearbyRow[]> {
  if (b.latitude === null || b.longitude === null || b.coordinatesApproximate) return [];
  // Kept per data version beside the page's business.
  return memoized(scope && { ...scope, memo: scope.views }, memoKey('nearby-rows', b.id), async () => read ?? (await moreNearby(db, b, scope)).map(nearbyRow));
}
