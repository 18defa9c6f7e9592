/**
 * The public reads, one home for both transports: the JSON API (server/routes/public.ts) and the
 * server render with its crawler head (server/routes/pages.ts) ask the same object the same
 * questions, so they give the same answers. One object is made per request, from the database the
 * request reads and the memos it may use at the data version it reads (data/reads/search-memo.ts):
 * within the request each distinct question goes to the database once (the head and the body of a
 * page share one lookup); across requests a city or category by its slug, the lists and the
 * searches are kept per data version. db/queries returns rows and knows nothing of either.
 */
import type { Db } from '../../db/index.js';
import { memoized, slugMemo, type MemoScope } from './search-memo.js';
import { listFeatured, listRecent } from '../../db/queries/businesses.js';
import { listBusinessesIn, searchBusinesses } from './search.js';
import { suggest } from './suggest.js';
import { getCategoryBySlug, listCategories } from '../../db/queries/categories.js';
import { getCityBySlug, listCities, listPopularCities } from '../../db/queries/cities.js';
import { getCountryBySlug, listCountries } from '../../db/queries/countries.js';
import { getStats } from '../../db/queries/stats.js';
import { PUBLIC_PAGE_SIZE } from '../../domain/constants.js';
import type { GroupKind, Groups, PublicReads, SearchQuery } from '../../domain/public-reads.js';
import type { ListFilters, ListPage, Suggestions } from '../../domain/search.js';
import type { Country } from '../../domain/types.js';
import { getBusinessPage } from './business-page.js';

const GROUP_BY_SLUG = { city: getCityBySlug, category: getCategoryBySlug } satisfies { [K in GroupKind]: (db: Db, slug: string) => Promise<Groups[K] | null> };

/** The page's reads plus what only the API asks. `limit`: a page's size when the API is given one. */
export interface ReadService extends PublicReads {
  groupBusinesses(kind: GroupKind, group: Groups[GroupKind], filters: ListFilters, limit?: number): Promise<ListPage>;
  search(query: SearchQuery, limit?: number): Promise<ListPage>;
  countries(): Promise<Country[]>;
  suggest(q: string): Promise<Suggestions>;
}

/**
 * The reads of one request. `scope`: what the request may keep, asked only when a read uses it
 * (a request for the stats never waits for the data version); none in tests and the CLI. `now`:
 * the request's time, one for all its reads ("open now").
 */
export function publicReads(db: Db, scope: () => Promise<MemoScope | undefined> = async () => undefined, now: Date = new Date()): ReadService {
  let at: Promise<MemoScope | undefined> | undefined;
  const memos = () => (at ??= scope());
  const seen = new Map<string, Promise<unknown>>();
  // Arguments are plain values (a city or category is passed by its id).
  const once = <T>(name: string, args: unknown[], read: () => Promise<T>): Promise<T> => {
    const key = `${name}:${JSON.stringify(args)}`;
    let answer = seen.get(key);
    if (!answer) {
      answer = read();
      seen.set(key, answer);
    }
    return answer as Promise<T>;
  };
  const group = <K extends GroupKind>(kind: K, slug: string) =>
    once(kind, [slug], async () => memoized(slugMemo(await memos(), slug), `${kind}|${slug}`, () => GROUP_BY_SLUG[kind](db, slug) as Promise<Groups[K] | null>));
  const groupBusinesses = (kind: GroupKind, { id }: Groups[GroupKind], filters: ListFilters, limit = PUBLIC_PAGE_SIZE) =>
    once(`${kind}Businesses`, [id, filters, limit], async () => {
      const { page = 1, ...rest } = filters;
      return listBusinessesIn(db, kind === 'city' ? { cityId: id } : { categoryId: id }, { page, limit }, rest, await memos(), now);
    });
  return {
    stats: () => once('stats', [], () => getStats(db)),
    featuredBusinesses: () => once('featured', [], () => listFeatured(db)),
    recentBusinesses: () => once('recent', [], () => listRecent(db)),
    popularCities: () => once('popularCities', [], () => listPopularCities(db)),
    business: (slug) => once('business', [slug], () => getBusinessPage(db, slug)),
    cities: () => once('cities', [], () => listCities(db)),
    categories: () => once('categories', [], () => listCategories(db)),
    group,
    groupBusinesses,
    countries: () => once('countries', [], () => listCountries(db)),
    country: (slug) => once('country', [slug], () => getCountryBySlug(db, slug)),
    search: (query, limit = PUBLIC_PAGE_SIZE) =>
      once('search', [query, limit], async () => {
        const { q, location, filters: { page = 1, ...filters } } = query;
        return searchBusinesses(db, { q, location, filters, page, limit, now }, await memos());
      }),
    suggest: (q) => once('suggest', [q], () => suggest(db, q, memos)),
  };
}
