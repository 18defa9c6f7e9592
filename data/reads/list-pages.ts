/**
 * A page of a public list, ranked, faceted and kept per data version: the matches of a search's
 * reading (ranked) and a city's, a category's or the whole directory's page (browse). The
 * statements are db/queries/search.ts's; what is ranked in memory and what is kept is decided here.
 */
import type { Knex } from 'knex';
import type { Db } from '../../db/index.js';
import type { Business } from '../../domain/types.js';
import { PUBLIC_PAGE_SIZE } from '../../domain/constants.js';
import { SEARCH_CANDIDATES, type ListPage, type SearchSort } from '../../domain/search.js';
import { NO_FACETS, type FacetFilters } from '../../db/queries/facets.js';
import { countFacets, facetLabels, passes } from './facet-counts.js';
import { pageOf } from '../../db/queries/paging.js';
import { businessesById, listFacets, listPageIds, searchCandidates, type Candidate, type Fixed } from '../../db/queries/search.js';
import type { Reading } from './query-reading.js';
import { memoized, memoizedEach, memoKey, small, type MemoScope } from './search-memo.js';
import { tsqueries } from './tsqueries.js';
import { countUpTo } from '../../db/queries/open-now.js';

export const emptyPage = (page: number, limit: number): ListPage => ({ ...pageOf<Business>([], 0, { page, limit }), facets: NO_FACETS });

/** The full rows of `ids`, in that order; those a page showed before at this version from the small memo. */
async function rowsOf(db: Db | Knex.Transaction, ids: (number | string)[], scope?: MemoScope): Promise<Business[]> {
  if (!ids.length) return [];
  const rows = await memoizedEach(small(scope), 'row', ids.map(String), async (missing) => {
    const read = await businessesById(db, missing);
    return new Map(read.map((b) => [String(b.id), b]));
  });
  return rows.filter((r): r is Business => r !== null);
}

/** An open-now list is counted up to ten pages past the one shown (db/queries/open-now.ts). */
const OPEN_NOW_COUNTED = (page: number, limit: number) => (page + 10) * limit;

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
  const f = { ...filters, ...fixed };
  // Open now is no kept count: the facets are those of the other filters, the total counted up to a cap.
  const { openAt, ...keptFilters } = f;
  // The counts move only with a write: one read of them per data version and filters.
  const counted = memoized(scope, memoKey('facets', JSON.stringify(keptFilters)), () => listFacets(db, fixed, keptFilters));
  // The page's ids are walked every time, then only its rows are read (or taken from the memo).
  const ids = await listPageIds(db, f, sort, page, limit);
  const [{ facets, total }, rows, open] = await Promise.all([counted, rowsOf(db, ids, scope), openAt === undefined ? null : countUpTo(db, f, OPEN_NOW_COUNTED(page, limit))]);
  if (open === null) return { ...pageOf(rows, total, { page, limit }), facets };
  const cap = OPEN_NOW_COUNTED(page, limit);
  return { ...pageOf(rows, Math.min(open, cap), { page, limit }), facets, ...(open > cap ? { totalCapped: true } : {}) };
}

/**
 * A set of more matches than this is kept for the data version, with what follows from it (its
 * order under each sort, its facets). Each match costs a read of its row's page (for its rank and
 * facets), so past a hundred reading them again costs more than keeping them (docs/performance.md);
 * a narrower set is read again, as cheap as a lookup. No set is longer than SEARCH_CANDIDATES + 1,
 * so the memo's bound in bytes holds.
 */
const KEPT_FROM = 100;
const worthKeeping = (c: Candidate[]) => c.length > KEPT_FROM;

/** The candidates of a reading under filters, kept when worthKeeping. */
function candidatesOf(db: Db | Knex.Transaction, read: Reading, f: FacetFilters, scope?: MemoScope): Promise<Candidate[]> {
  return memoized(
    scope,
    memoKey('candidates', `${read.what}|${read.where}|${JSON.stringify(f)}`),
    async () => {
      const [what, where] = await tsqueries(db, [read.what ?? '', read.where ?? ''], scope);
      // A text whose words PostgreSQL reads as no lexeme asks nothing of the documents.
      return what || where ? searchCandidates(db, what, where, f) : [];
    },
    worthKeeping,
  );
}

const byText = new Intl.Collator('en');
const COMPARE: Record<SearchSort, (a: Candidate, b: Candidate) => number> = {
  relevance: (a, b) => b.rank - a.rank || COMPARE.rating(a, b),
  rating: (a, b) => Number(b.rating) - Number(a.rating) || b.review_count - a.review_count || a.id - b.id,
  reviews: (a, b) => b.review_count - a.review_count || Number(b.rating) - Number(a.rating) || a.id - b.id,
  name: (a, b) => byText.compare(a.name, b.name) || a.id - b.id,
};

const hasFilters = (f: FacetFilters) => Object.keys(f).length > 0;

/**
 * The matches of a reading, ranked: at most SEARCH_CANDIDATES + 1 of them in index order (one
 * more than the cap tells a capped total), ordered, filtered and faceted in memory. Without
 * filters the page and the facets come from the same candidates; with filters the facets come
 * from the unfiltered ones (each facet counts with every filter but its own) and the page from
 * those filtered, read again only when the unfiltered set was capped.
 */
export async function ranked(db: Db | Knex.Transaction, read: Reading, filters: FacetFilters, sort: SearchSort, page: number, limit: number, scope?: MemoScope): Promise<ListPage> {
  const all = await candidatesOf(db, read, {}, scope);
  const capped = all.length > SEARCH_CANDIDATES;
  // Open now is read by the statement (the kept candidates do not carry hours and zones).
  const matching = !hasFilters(filters) ? all : capped || filters.openAt !== undefined ? await candidatesOf(db, read, filters, scope) : all.filter((c) => passes(c, filters));
  const found = matching.length;
  // What follows from a kept set is kept with it: its order under each sort, its facets.
  const kept = worthKeeping(all) ? scope : undefined;
  const key = `${read.what}|${read.where}|${JSON.stringify(filters)}`;
  const order = await memoized(kept, memoKey('order', `${key}|${sort}`), async () => [...matching].sort(COMPARE[sort]).map((c) => c.id));
  const facets = memoized(kept, memoKey('search-facets', key), () => facetLabels(db, countFacets(all, filters), scope));
  const [items, counted] = await Promise.all([rowsOf(db, order.slice((page - 1) * limit, page * limit), scope), facets]);
  return { ...pageOf(items, Math.min(found, SEARCH_CANDIDATES), { page, limit }), facets: counted, ...(found > SEARCH_CANDIDATES ? { totalCapped: true } : {}) };
}
