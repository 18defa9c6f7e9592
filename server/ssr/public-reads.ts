/**
 * The public API's reads (domain/public-reads.ts) over the same db/queries functions the
 * routes of server/routes/public.ts call, for the server render and the crawler head. One set is
 * made per page view and remembers its answers, so the head and the page's body share one lookup.
 */
import type { Db } from '../../db/index.js';
import type { MemoScope } from '../../data/reads/search-memo.js';
import { PUBLIC_PAGE_SIZE } from '../../domain/constants.js';
import type { PublicReads } from '../../domain/public-reads.js';
import { listFeatured, listRecent } from '../../db/queries/businesses.js';
import { getBusinessPage } from '../seo/title-place.js';
import { listBusinessesIn, searchBusinesses } from '../../data/reads/search.js';
import { getCategoryBySlug, listCategories } from '../../db/queries/categories.js';
import { getCityBySlug, listCities, listPopularCities } from '../../db/queries/cities.js';
import { getCountryBySlug } from '../../db/queries/countries.js';
import { getStats } from '../../db/queries/stats.js';

/**
 * Reads for one page view: each distinct call goes to the database once, and the lists and search
 * through the memos the API's use too (`at`, server/read-routing.ts memoScope).
 */
export function pageReads(db: Db, at?: MemoScope): PublicReads {
  const seen = new Map<string, Promise<unknown>>();
  // A city or category argument is known by its id.
  const once = <T>(name: string, args: unknown[], read: () => Promise<T>): Promise<T> => {
    const key = `${name}:${JSON.stringify(args.map((a) => (a && typeof a === 'object' && 'id' in a ? a.id : a)))}`;
    let answer = seen.get(key);
    if (!answer) {
      answer = read();
      seen.set(key, answer);
    }
    return answer as Promise<T>;
  };
  return {
    stats: () => once('stats', [], () => getStats(db)),
    featuredBusinesses: () => once('featured', [], () => listFeatured(db)),
    recentBusinesses: () => once('recent', [], () => listRecent(db)),
    popularCities: () => once('popularCities', [], () => listPopularCities(db)),
    // With the place that tells namesakes apart, as the detail API answers (server/seo/title-place.ts).
    business: (slug) => once('business', [slug], () => getBusinessPage(db, slug)),
    cities: () => once('cities', [], () => listCities(db)),
    city: (slug) => once('city', [slug], () => getCityBySlug(db, slug)),
    cityBusinesses: (city, filters) => once('cityBusinesses', [city, filters], () => {
      const { page = 1, ...rest } = filters;
      return listBusinessesIn(db, { cityId: city.id }, { page, limit: PUBLIC_PAGE_SIZE }, rest, at);
    }),
    categories: () => once('categories', [], () => listCategories(db)),
    category: (slug) => once('category', [slug], () => getCategoryBySlug(db, slug)),
    categoryBusinesses: (category, filters) => once('categoryBusinesses', [category, filters], () => {
      const { page = 1, ...rest } = filters;
      return listBusinessesIn(db, { categoryId: category.id }, { page, limit: PUBLIC_PAGE_SIZE }, rest, at);
    }),
    country: (slug) => once('country', [slug], () => getCountryBySlug(db, slug)),
    search: (query) => once('search', [query], () => {
      const { q, location, filters: { page = 1, ...filters } } = query;
      return searchBusinesses(db, { q, location, filters, page, limit: PUBLIC_PAGE_SIZE }, at);
    }),
  };
}
