/**
 * A page of a public list, ranked, faceted and kept per data version: the matches of a search's
 * reading (ranked) and a city's, a category's or the whole directory's page (browse). The
 * statements are db/queries/search.ts's; what is ranked in memory and what is kept is decided here.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from '../../db/index.js';
import type { Business } from '../../domain/types.js';
import { PUBLIC_PAGE_SIZE } from '../../domain/constants.js';
import { roughly, SEARCH_CANDIDATES, type Facets, type ListPage, type SearchSort } from '../../domain/search.js';
import { NO_FACETS, type FacetFilters, type FacetRow, type SqlPart } from '../../db/queries/facets.js';
import type { DistrictCount } from '../../db/queries/city-categories.js';
import { countFacets, facetLabels, passes, scaled } from './facet-counts.js';
import { deepestPage, pageOf } from '../../db/queries/paging.js';
import { bestMatches, businessesById, estimateAndCandidates, keptTotal, listFacetsAndPage, listPage, reachEstimate, readWhole, searchCandidates, uncarriedFilter, type Asked, type Candidate, type Fixed } from '../../db/queries/search.js';
import type { Reading } from './query-reading.js';
import { memoized, memoizedEach, memoKey, small, type MemoScope } from './search-memo.js';
import { plannerStatistics, tsqueries } from './tsqueries.js';
import { openPageAndCount } from '../../db/queries/open-now.js';
import { packColumns, unpack, type PackedCandidates } from './packed-candidates.js';

export const emptyPage = (page: number, limit: number): ListPage => ({ ...pageOf<Business>([], 0, { page, limit }), facets: NO_FACETS });

/**
 * The full rows of `ids`, in that order: those `given` holds (a walk near a point made them from
 * the rows it read with its page, its version told) from it, and never kept; the others (that
 * page's businesses at their city's centre, a search's page) from the small memo, or read by id and
 * kept. A list's own rows come with its statement and are never kept either (browse). A page's own
 * rows are asked again when the page is, and the answer cache keeps a page from its
 * second ask on: kept, they were found again for 4% of a list's asks on the million's long tail,
 * and each page's rows outlived it into V8's old generation, to be swept by a full collection that
 * held every request in flight (docs/performance.md, "A request lets go of its answer").
 * `beforeMaking`: told which of `given` are made, before they are (what they need read together).
 */
export async function rowsOf(
  db: Db | Knex.Transaction,
  ids: (number | string)[],
  scope?: MemoScope,
  given?: ReadonlyMap<number, () => Business>,
  beforeMaking?: (ids: number[]) => Promise<void>,
): Promise<Business[]> {
  const all = ids.map(Number);
  const made = all.filter((id) => given?.has(id));
  const others = all.filter((id) => !given?.has(id));
  // A turn later, as the read of the others: what the same answer reads beside (its facets'
  // labels) has asked for its own by then, and one statement reads them all.
  const making = made.length && beforeMaking ? Promise.resolve().then(() => beforeMaking(made)) : undefined;
  const read = others.length
    ? await memoizedEach(small(scope), 'row', others.map(String), async (missing) => {
        const found = await businessesById(db, missing);
        if (found.version) scope?.trace?.seen.push(found.version);
        return new Map(found.rows.map((b) => [String(b.id), b]));
      })
    : [];
  await making;
  const byId = new Map<number, Business>();
  others.forEach((id, i) => read[i] && byId.set(id, read[i]));
  for (const id of made) byId.set(id, given!.get(id)!());
  return all.flatMap((id) => byId.get(id) ?? []);
}

/** An open-now list is counted up to ten pages past the one shown (db/queries/open-now.ts), never past the deepest. */
const OPEN_NOW_COUNTED = (page: number, limit: number) => Math.min(page + 10, deepestPage(limit)) * limit;

/**
 * A city's, a category's or the whole directory's active businesses, filtered and sorted, with
 * facets. `fixed` is the page's own city or category (its facet rows are the only ones read).
 */
export async function browse(
  db: Db | Knex.Transaction,
  fixed: Fixed,
  filters: FacetFilters,
  { sort = 'relevance', page = 1, limit = PUBLIC_PAGE_SIZE }: { sort?: SearchSort; page?: number; limit?: number },
  scope?: MemoScope,
): Promise<ListPage> {
  // A page past the deepest walks nothing more than the first: that page's total and facets
  // with no business, as a page past the last (docs/security-limits.md).
  const deepest = deepestPage(limit);
  if (page > deepest) {
    const first = await browse(db, fixed, filters, { sort, page: 1, limit }, scope);
    return { ...first, items: [], pagination: { ...first.pagination, page } };
  }
  const f = { ...filters, ...fixed };
  // Open now is no kept count, and counting a category's open businesses would read them all: no
  // facets, and the total counted up to a cap, in the page's own walk with its rows (one statement).
  if (f.openAt !== undefined) {
    // Nothing passes a filter the walk's index does not carry (the kept counts say so, open or not):
    // nothing is open either, and the walk would read the whole set to find none.
    const uncarried = await uncarriedTotal(db, fixed, f, scope);
    if (uncarried === 0) return pageOf<Business>([], 0, { page, limit }, deepest);
    const cap = OPEN_NOW_COUNTED(page, limit);
    const open = await openPageAndCount(db, f, sort, page, limit, cap, uncarried !== null && readWhole(uncarried, cap + 1));
    if (open.version) scope?.trace?.seen.push(open.version);
    return { ...pageOf(open.rows, Math.min(open.count, cap), { page, limit }, deepest), ...(open.count > cap ? { totalCapped: true } : {}) };
  }
  const { facets, total, read } = await countsOf(db, fixed, f, sort, page, limit, scope);
  // Counted by another request at once, or kept, or a page walked once its counts are known: the
  // page's rows with its ids, in one statement. None past the last match: a filter its walk's
  // index does not carry (a phone, verified), that nothing passes, read the whole set to find none.
  if (read) return { ...pageOf(read, total, { page, limit }, deepest), facets };
  if (total <= (page - 1) * limit) return { ...pageOf<Business>([], total, { page, limit }, deepest), facets };
  const later = await listPage(db, fixed, f, sort, page, limit, total);
  if (later.version) scope?.trace?.seen.push(later.version);
  return { ...pageOf(later.rows, total, { page, limit }, deepest), facets };
}

/**
 * How many of `fixed`'s active businesses pass `f`'s filters that no listing index carries
 * (uncarriedFilter; open now aside), as the kept counts say; null without such a filter (nothing
 * read). A walk under such filters, in listing order or near a point, tests each business of its
 * set in turn: when none pass it would read the whole set, and when few do (readWhole) their
 * matches are read whole and sorted instead.
 */
export async function uncarriedTotal(db: Db | Knex.Transaction, fixed: Fixed, f: FacetFilters, scope?: MemoScope): Promise<number | null> {
  if (!uncarriedFilter(f)) return null;
  const { openAt: _, ...counted } = f;
  // The list's own counts when kept (its facets' key), else its total alone, kept in the small memo.
  const kept = scope?.memo.peek<{ total: number }>(scope.version, facetsKey(counted));
  return kept ? (await kept).total : memoized(small(scope), memoKey('kept-total', JSON.stringify(counted)), () => keptTotal(db, fixed, counted));
}

/** Where a list's total and facets under `f` are kept (countsOf). */
const facetsKey = (f: FacetFilters): string => memoKey('facets', JSON.stringify(f));

/**
 * A list's total and facets. The counts move only with a write: one read of them per data version
 * and filters. The page's ids are walked every time, with their rows and in one statement: the
 * counts' when they are read (a list's first view: `read`), else the page's own (listPage), as
 * under a filter the walk's index does not carry (uncarriedFilter). Neither's rows are kept.
 */
async function countsOf(
  db: Db | Knex.Transaction,
  fixed: Fixed,
  f: FacetFilters,
  sort: SearchSort,
  page: number,
  limit: number,
  scope?: MemoScope,
): Promise<{ facets: Facets; total: number; read?: Business[] }> {
  const key = facetsKey(f);
  let read: Business[] | undefined;
  const kept = scope?.memo.peek<{ facets: Facets; total: number }>(scope.version, key);
  const counts = await (kept ??
    memoized(scope, key, async () => {
      const districts = districtsAsked(fixed, f, scope);
      const counted = await listFacetsAndPage(db, fixed, f, sort, page, limit, districts ? [districts.arm] : []);
      if (counted.version) scope?.trace?.seen.push(counted.version);
      if (districts) void memoized(small(scope), districts.key, async () => districtCounts(counted.more));
      read = counted.page?.rows;
      return { facets: counted.facets, total: counted.total };
    }));
  return { ...counts, read };
}

/**
 * A category in a city's districts with their active businesses (its district links), asked with
 * its list's counts on a first view when not kept yet: the same kept counts, one arm more of the
 * counts' statement instead of a statement of their own. Kept in the small memo under the key
 * districtCountsKey gives, where the page's read of its districts finds them. Only with a memo
 * (nowhere to keep them without one).
 */
function districtsAsked(fixed: Fixed, f: FacetFilters, scope?: MemoScope): { arm: SqlPart; key: string } | null {
  if (!scope || fixed.cityId === undefined || f.categoryId === undefined) return null;
  const key = districtCountsKey(fixed.cityId, f.categoryId);
  if (scope.small.peek(scope.version, key)) return null;
  // Its rank in the label: the order is PostgreSQL's (its collation's), as listCategoryDistricts orders them.
  const arm = {
    sql: `SELECT 'district-count', d.district, (row_number() OVER (ORDER BY d.count DESC, d.district))::text, d.count FROM
            (SELECT s.district, sum(s.n)::int AS count FROM s WHERE s.category_id = ? AND s.district IS NOT NULL AND s.district <> ''
              GROUP BY s.district HAVING sum(s.n) > 0) d`,
    bindings: [f.categoryId],
  };
  return { arm, key };
}

/** Where a category in a city's district counts are kept (by the list's first view or by their own read). */
export const districtCountsKey = (cityId: number, categoryId: number): string => memoKey('district-counts', `${cityId}|${categoryId}`);

/** The district counts among the rows of the counts' statement, in their order. */
function districtCounts(rows: FacetRow[]): DistrictCount[] {
  return rows
    .filter((r) => r.kind === 'district-count')
    .sort((a, b) => Number(a.label) - Number(b.label))
    .map((r) => ({ district: r.value!, count: Number(r.count) }));
}

/**
 * The bound past which a search is broad (domain/search.ts SEARCH_CANDIDATES): the environment's
 * SEARCH_CANDIDATES when it is a positive whole number, so a small directory can be made broad
 * (the tests of the broad path) and the crossover measured.
 */
export function candidateBound(): number {
  const n = Number(process.env.SEARCH_CANDIDATES);
  return Number.isInteger(n) && n > 0 ? n : SEARCH_CANDIDATES;
}

/**
 * A set of more matches than this is kept for the data version in the search memo, with what
 * follows from it (its order under each sort, its facets, a broad search's pages). Each match
 * costs a read of its row's page (for its tier and facets), so past a hundred reading them again
 * costs more than keeping them (docs/performance.md). A narrower set is kept alone in the small
 * memo, among the small values, so that the long tail of names never crowds the broad sets out:
 * asked again, it sends nothing, and its order and facets are worked out again in memory. No set
 * is longer than the bound + 1, so the memo's bound in bytes holds.
 */
const KEPT_FROM = 100;

/** What a reading asks, its words and place as tsqueries; null when PostgreSQL reads no lexeme in them. */
export async function askedOf(db: Db | Knex.Transaction, read: Reading, scope?: MemoScope): Promise<Asked | null> {
  const [what, where] = await tsqueries(db, [read.what ?? '', read.where ?? ''], scope);
  return what || where ? { text: read.words, what, where } : null;
}

/**
 * The first bound + 1 candidates of a reading under filters, whatever the estimate (a list near a
 * point orders every one by distance), kept (packed) past KEPT_FROM.
 */
export async function candidatesOf(db: Db | Knex.Transaction, asked: Asked | null, f: FacetFilters, bound: number, scope?: MemoScope): Promise<Candidate[]> {
  if (!asked) return [];
  const packed = await memoized(
    scope,
    memoKey('candidates', `bound|${asked.text}|${asked.what}|${asked.where}|${JSON.stringify(f)}`),
    async () => packColumns(await searchCandidates(db, asked, f, bound)),
    (p) => p.length > KEPT_FROM,
  );
  return unpack(packed);
}

const byText = new Intl.Collator('en');
/**
 * The orders of a search's matches. Under relevance: the tier (exact name, every word in the
 * name, in the category, in the place, elsewhere), then quality (rating weighed by reviews), then, when a
 * place is asked, precise coordinates before approximate ones. A broad search's reads go in
 * quality order alone, so at a tie of quality on a page's edge an approximate one may stand
 * where a precise one of the same quality would.
 */
export function compare(sort: SearchSort, placed: boolean): (a: Candidate, b: Candidate) => number {
  const rating = (a: Candidate, b: Candidate) => Number(b.rating) - Number(a.rating) || b.review_count - a.review_count || a.id - b.id;
  // A list near a point is ordered by data/reads/nearby.ts; without one, as by relevance.
  if (sort === 'relevance' || sort === 'distance') return (a, b) => a.tier - b.tier || b.quality - a.quality || (placed ? Number(a.approximate) - Number(b.approximate) : 0) || a.id - b.id;
  if (sort === 'rating') return rating;
  if (sort === 'reviews') return (a, b) => b.review_count - a.review_count || Number(b.rating) - Number(a.rating) || a.id - b.id;
  return (a, b) => byText.compare(a.name, b.name) || a.id - b.id;
}

const hasFilters = (f: FacetFilters) => Object.keys(f).length > 0;

/** An estimate said as one: three significant figures, and more than the bound it passed. */
function about(estimate: number, bound: number): number {
  return Math.max(roughly(estimate), bound + 1);
}

/** The ids of a broad search's page and its estimated total; `all` when its reads found every match (the total then counted). */
interface BroadPage {
  ids: number[];
  total: number;
  all?: boolean;
}

/**
 * A page of a broad search (more matches than the bound): under relevance, the exact names and the
 * names holding every word first, and when they are fewer than the page needs, the other tiers
 * and the rest (bestMatches, each the best of its tier read by quality band), ranked in memory;
 * the first page * limit of the ranking are among them. Pages past the bound are not reached
 * (each would read further); the total is the planner's estimate. When the reads find fewer than
 * page * limit in all (the rest's read is of every match), they are every match and the total is
 * their count: an open-now search judged broad by the statistics alone may have few open at the
 * minute (db/queries/search.ts openByStatistics).
 */
async function broadPage(
  db: Db | Knex.Transaction,
  asked: Asked,
  f: FacetFilters,
  { sort, page, limit, bound }: { sort: SearchSort; page: number; limit: number; bound: number },
  estimated: number,
  scope?: MemoScope,
): Promise<BroadPage> {
  const n = page * limit;
  const total = about(estimated, bound);
  if (n - limit >= bound) return { ids: [], total };
  const placed = asked.where !== null;
  const ranks = (found: Candidate[]): BroadPage => {
    const pool = new Map(found.map((c) => [c.id, c]));
    const ids = [...pool.values()].sort(compare(sort, placed)).slice((page - 1) * limit, n).map((c) => c.id);
    return pool.size < n ? { ids, total: pool.size, all: true } : { ids, total };
  };
  const statistics = () => plannerStatistics(db, scope);
  if (sort !== 'relevance' || !asked.what) return ranks(await bestMatches(db, asked, f, sort, n, 'all', statistics));
  // The names holding every word come first: when they are n or more, the page is among their
  // best n and no other tier is read ('laundromat', whose every business is named so).
  const names = await bestMatches(db, asked, f, sort, n, 'names', statistics);
  if (new Set(names.map((c) => c.id)).size >= n) return ranks(names);
  return ranks([...names, ...(await bestMatches(db, asked, f, sort, n, 'others', statistics))]);
}

/**
 * A set the planner expects to hold more than this many times the bound is taken for broad
 * without reading the bound + 1 of it: only a sample of its matches is read, for its facets, a
 * FACET_SAMPLE_SHARE of the bound (200 of the default 1,000; a bound forced small for a test makes
 * the sample as small, so a small directory's word is broad too).
 * The planner's estimate of a word is within a few percent of its count (the documents' most
 * common lexemes); of several words it multiplies their shares, which, for words that seldom
 * meet, may be this many times too many.
 */
const BROAD_ESTIMATE = 4;
/**
 * Of one word the estimate is its own share among the most common lexemes, off by a third at worst
 * at the million's least common of them (a share counted in a sample of the documents; measured:
 * docs/performance.md): twice the bound is broad, and a word the statistics judge narrower is read
 * up to the bound + 1 at once, not a sample first and then the bound + 1 again.
 */
const ONE_WORD_BROAD_ESTIMATE = 2;
const FACET_SAMPLE_SHARE = 1 / 5;
/**
 * A set whose first FACET_SAMPLE_SHARE of the bound, read in table order, reached no further into
 * the table than to put this many times the bound in it (reachEstimate) is past the bound without
 * reading the bound + 1: a set's first matches are a fair sample of where its matches lie when they
 * are spread through the table, and 200 of them say how many there are within about 7% (one
 * standard deviation). A set of 90% of the bound is taken for one past 1.1 times it less than once
 * in a thousand, a set of the bound itself about once in twelve: its total is then said as about
 * so many rather than counted, its page the same. The planner cannot weigh several words together
 * (it multiplies their shares: 'bright hair salon', 571 for 7,829), and of one word it is off by a
 * third (docs/performance.md).
 */
const REACH_BROAD = 1.1;

/** Matches of a reading as kept: all of them when narrow, else the first read in index order; the planner's estimate of them. */
interface MatchSet {
  packed: PackedCandidates;
  broad: boolean;
  estimate: number;
}

/** A set as a request uses it, its candidates unpacked only when asked (a kept set's order and facets are kept too). */
interface Matches {
  broad: boolean;
  estimate: number;
  count: number;
  readonly rows: Candidate[];
}

function asMatches({ packed, broad, estimate }: MatchSet): Matches {
  let rows: Candidate[] | undefined;
  return {
    broad,
    estimate,
    count: packed.length,
    get rows() {
      return (rows ??= unpack(packed));
    },
  };
}

/** Matches filtered in memory from a narrow set. */
const inMemory = (rows: Candidate[], estimate: number): Matches => ({ broad: false, estimate, count: rows.length, rows });

const isLarge = (set: MatchSet) => set.broad || set.packed.length > KEPT_FROM;

/** Past this many characters, what a set of candidates answers is kept under its digest. */
const LONG_KEY = 256;

/**
 * The matches of a reading under filters, with the planner's estimate of them, kept per data
 * version (KEPT_FROM says where). The estimate comes with the first matches in one round trip:
 * the bound + 1 when the statistics judge one or two words narrower than the bound (all of them,
 * or a set past the bound), else the first FACET_SAMPLE_SHARE of the bound: fewer, they are all
 * the matches; more, and the statistics or the planner expect a broad set (past
 * ONE_WORD_BROAD_ESTIMATE or BROAD_ESTIMATE times the bound), or their reach in the table says it
 * is (REACH_BROAD), they are its sample; else the bound + 1 are read.
 */
async function matchesOf(db: Db | Knex.Transaction, asked: Asked | null, f: FacetFilters, bound: number, scope?: MemoScope): Promise<Matches> {
  if (!asked) return inMemory([], 0);
  const read = async (): Promise<MatchSet> => {
    const sample = Math.max(1, Math.round(bound * FACET_SAMPLE_SHARE));
    const judge = { bound, broadFrom: { oneWord: ONE_WORD_BROAD_ESTIMATE * bound, twoWords: BROAD_ESTIMATE * bound }, sampleFrom: bound };
    const first = await estimateAndCandidates(db, asked, f, sample, judge, () => plannerStatistics(db, scope));
    // Judged broad from the planner's estimate alone (an open-now read of a broad word): no match read.
    if (first.judged === 'estimated') return { packed: packColumns(first.columns), broad: true, estimate: first.estimate };
    const got = first.columns.id.length;
    // Judged narrow, the bound + 1 were read: all of them, or the set is past the bound.
    if (first.judged === 'narrow') return { packed: packColumns(first.columns), broad: got > bound, estimate: first.estimate };
    const all = got < sample;
    const reached = reachEstimate(got, first.reach ?? null);
    if (all || first.judged === 'broad' || first.estimate > BROAD_ESTIMATE * bound || (reached !== null && reached > REACH_BROAD * bound)) {
      return { packed: packColumns(first.columns), broad: !all, estimate: first.estimate };
    }
    // Judged near the bound: under open now, the matches' open hours hold the hour too.
    const packed = packColumns(await searchCandidates(db, asked, f, bound, true));
    return { packed, broad: packed.length > bound, estimate: first.estimate };
  };
  const asks = `${asked.text}|${asked.what}|${asked.where}|${JSON.stringify(f)}`;
  // A stranger's query can be kilobytes long, and a narrow set is kept in the small memo: kept under
  // its digest (which has no '|', so it never equals a short key), a flood of them stays small.
  const key = memoKey('candidates', asks.length > LONG_KEY ? createHash('sha256').update(asks).digest('base64url') : asks);
  if (!scope) return asMatches(await read());
  // A narrow set kept before is in the small memo (peeked first, so a large set's hit counts once).
  if (scope.small.peek(scope.version, key)) return asMatches(await memoized(small(scope), key, read));
  const set = await memoized(
    scope,
    key,
    async () => {
      const found = await read();
      // A set that found nothing is not kept: asking again is one cheap look in the index, and a
      // stranger's made-up words would otherwise fill the small memo that pages' rows share.
      if (!isLarge(found) && found.packed.length > 0) void memoized(small(scope), key, async () => found);
      return found;
    },
    isLarge,
  );
  return asMatches(set);
}

/**
 * The matches of a reading, ranked. At most the bound + 1 are read in index order; when that is
 * all of them (a narrow search) they are ordered, filtered and faceted in memory, and the total
 * is exact. Without filters the page and the facets come from the same candidates; with filters
 * the facets come from the unfiltered ones (each facet counts with every filter but its own) and
 * the page from those filtered, read again only when the unfiltered set was broad. A broad set
 * is paged by broadPage, its total estimated (`totalApprox`), and its facets are those of the
 * bound + 1 read (a sample in index order) scaled to the estimate: approximate, as the total is.
 */
export async function ranked(db: Db | Knex.Transaction, read: Reading, filters: FacetFilters, sort: SearchSort, page: number, limit: number, scope?: MemoScope): Promise<ListPage> {
  const bound = candidateBound();
  const asked = await askedOf(db, read, scope);
  // Open now is part of every set read (the kept candidates carry no hours and zones): an open-now
  // search reads its open matches once, for its page and its facets (each facet with every other
  // filter but its own), and never the matches of every hour.
  const { openAt, ...others } = filters;
  const base: FacetFilters = openAt === undefined ? {} : { openAt };
  const all = await matchesOf(db, asked, base, bound, scope);
  const matching: Matches =
    !hasFilters(others) ? all
    : all.broad ? await matchesOf(db, asked, filters, bound, scope)
    : inMemory(all.rows.filter((c) => passes(c, others)), all.estimate);
  // What follows from a kept set is kept with it: its order under each sort, its facets, its pages.
  const kept = all.broad || all.count > KEPT_FROM ? scope : undefined;
  const key = `${read.what}|${read.where}|${JSON.stringify(filters)}`;
  const facets = memoized(kept, memoKey('search-facets', key), async (): Promise<Facets | undefined> => {
    const counted = countFacets(all.rows, others);
    // The open matches are counted only when all of them were read: no kept count knows the minute.
    if (openAt !== undefined) return all.broad ? undefined : facetLabels(db, counted, scope);
    return facetLabels(db, all.broad ? scaled(counted, about(all.estimate, bound) / all.count) : counted, scope);
  });
  if (matching.broad) {
    const broad = await memoized(kept, memoKey('broad-page', `${key}|${sort}|${page}|${limit}`), () => broadPage(db, asked!, filters, { sort, page, limit, bound }, matching.estimate, scope));
    const [items, counted] = await Promise.all([rowsOf(db, broad.ids, scope), facets]);
    const paged = pageOf(items, broad.total, { page, limit });
    if (broad.all) return { ...paged, facets: counted };
    paged.pagination.totalPages = Math.ceil(bound / limit);
    return { ...paged, facets: counted, totalApprox: true };
  }
  const order = await memoized(kept, memoKey('order', `${key}|${sort}`), async () => [...matching.rows].sort(compare(sort, read.where !== null)).map((c) => c.id));
  const [items, counted] = await Promise.all([rowsOf(db, order.slice((page - 1) * limit, page * limit), scope), facets]);
  return { ...pageOf(items, matching.count, { page, limit }), facets: counted };
}
