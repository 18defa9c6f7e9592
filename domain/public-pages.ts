/**
 * The public pages, declared once: per page its route (from the table of paths), the read that
 * decides whether it exists (a 404 otherwise) and what its head says, and where an old slug of it
 * has moved. The server's heads (server/seo/page-head.ts), its redirects (server/routes/pages.ts),
 * the server render's loaders (web/src/app/loaders.ts) and the client's routes
 * (web/src/app/router.tsx) each key a record by these pages, so a page missing from any of them
 * fails the type check: a new page is one entry here and one in each of those records.
 *
 * A request is matched once (paths.ts matchPage) and the match handed to each of them. Pure: the web
 * client imports it too.
 */
import { CITY_CATEGORY_ROUTE, COUNTRY_CATEGORY_ROUTE, DISTRICT_CATEGORY_ROUTE, slugRoute, STATIC_PAGES, type PageMatch, type SlugPage, type StaticPage } from './paths.js';
import type { GroupKind, PublicReads } from './public-reads.js';
import type { ListFilters } from './search.js';

export type PublicPage = StaticPage | SlugPage | 'cityCategory' | 'districtCategory' | 'countryCategory';

/** One request for a public page: which page, its slug ('' for a page without one) and its query string (without '?'). */
export interface PageRequest {
  page: PublicPage;
  slug: string;
  query: string;
  /** The category's slug of a category in a city, district or country (the slug is the city's or the country's). */
  category?: string;
  /** The district's slug of a category in a district. */
  district?: string;
}

/** Where an old slug of a page's subject has moved: the kind of subject the redirects know. */
export type MovedKind = 'business' | GroupKind | 'country' | 'cityCategory' | 'districtCategory' | 'countryCategory';

export interface PageEntry<D> {
  /** The router's pattern of its path. */
  route: string;
  /** What its status and head depend on, read through the request's reads; null: no such page (404). */
  read(reads: PublicReads, request: PageRequest): Promise<D | null>;
  /**
   * Its subject may have moved: looked up when the page is missing, or when `elsewhere` says the
   * page was found under a slug that is not its subject's own (a business's old slug).
   */
  moved?: { kind: MovedKind; elsewhere?(data: D, slug: string): boolean };
}

/**
 * The page of a list that the query asks for, when it asks for a page past the first and nothing
 * else but `names`, the parameters that name the list itself (the search's q and location). That
 * page is its own (its canonical link names it, its ItemList is its businesses, its title says
 * which page it is: page-meta.ts listPageMeta); a filtered or sorted view of a list is the list's,
 * whose filter links are nofollow anyway.
 */
export function ownListPage(query: string, names: readonly string[] = []): number | null {
  const params = new URLSearchParams(query);
  const n = Number(params.get('page'));
  return [...params.keys()].every((k) => k === 'page' || names.includes(k)) && Number.isInteger(n) && n > 1 ? n : null;
}

/**
 * The filters of the list's own page `page` (ownListPage): what a list page's head is read with,
 * whatever the URL's filters and sort, since a filtered or sorted view's head is the list's.
 */
export const ownListFilters = (page: number | null): ListFilters => (page ? { page } : {});

/** What names a search's list: its page past the first is its own with them (ownListPage). */
export const SEARCH_LIST_NAMES = ['q', 'location'] as const;

/** An entry, checked on its own (its data type is its read's). */
const entry = <D>(page: PageEntry<D>): PageEntry<D> => page;

const staticPage = (page: StaticPage) => entry<object>({ route: STATIC_PAGES[page], read: async () => ({}) });

/**
 * A city's or category's page, with the businesses its head lists: its own page of the list
 * (ownListPage), read with the arguments the body's loader uses for it, so one read answers both.
 * A page past the list's last is a 404 (no soft 404s).
 */
const groupPage = <K extends GroupKind>(kind: K) =>
  entry({
    route: slugRoute(kind),
    async read(reads, { slug, query }) {
      const group = await reads.group(kind, slug);
      if (!group) return null;
      const listPage = ownListPage(query);
      const { items } = await reads.groupBusinesses(kind, group, ownListFilters(listPage));
      return listPage && !items.length ? null : { group, businesses: items, listPage };
    },
    moved: { kind },
  });

/**
 * `filters` without a sort that orders the list as its default does: best rated first, nearest
 * first near a point, and relevance, which orders a list without words either way. A view that
 * spells the default out (`?sort=rating`) is then the list's own page and asks its question: one
 * read, one entry in the data island and in the browser's cache, not the same list twice.
 */
function withoutDefaultSort(filters: ListFilters): ListFilters {
  if (filters.sort !== 'relevance' && filters.sort !== (filters.near ? 'distance' : 'rating')) return filters;
  const { sort: _, ...rest } = filters;
  return rest;
}

/**
 * A category in a city's list is the city's list with the category filter fixed: the filters of
 * `filters` (the URL's, its default sort left out) with the category's. The category first, so the head's read and the body's
 * loader ask the same question (the request's reads key it by its JSON).
 */
export function cityCategoryFilters(categorySlug: string, { category: _, city: __, ...filters }: ListFilters): ListFilters {
  return { category: categorySlug, ...withoutDefaultSort(filters) };
}

/**
 * A category in a city: the city, the category and the businesses its head lists (its own page of
 * the list, as for a city). An unknown city or category, a combination without businesses and a
 * page past the last are 404s. `total`: how many active businesses it has (a page under the least
 * number is kept out of indexes: docs/public-site.md).
 */
const cityCategoryPage = entry({
  route: CITY_CATEGORY_ROUTE,
  async read(reads, { slug, category: categorySlug = '', query }) {
    const [city, category] = await Promise.all([reads.groupSummary('city', slug), reads.groupSummary('category', categorySlug)]);
    if (!city || !category) return null;
    const listPage = ownListPage(query);
    const { items, pagination, facets } = await reads.groupBusinesses('city', city, cityCategoryFilters(category.slug, ownListFilters(listPage)));
    return items.length ? { city, category, businesses: items, total: pagination.total, listPage, facets } : null;
  },
  // Its city or its category renamed or merged into another.
  moved: { kind: 'cityCategory' },
});

/**
 * A category in a district of a city: the city's list with the category and the district fixed,
 * the other filters of the URL's (the district's name, which the list filters by, in place of its slug).
 */
export function districtCategoryFilters(categorySlug: string, district: string, filters: ListFilters): ListFilters {
  const { district: _, ...rest } = cityCategoryFilters(categorySlug, filters);
  return { ...rest, district };
}

/**
 * A category in a district: as a category in a city, the district found among those where the
 * category has active businesses in the city (its slug is its name's), else a 404.
 */
const districtCategoryPage = entry({
  route: DISTRICT_CATEGORY_ROUTE,
  async read(reads, { slug, district: districtSlug = '', category: categorySlug = '', query }) {
    const [city, category] = await Promise.all([reads.groupSummary('city', slug), reads.groupSummary('category', categorySlug)]);
    if (!city || !category) return null;
    const district = (await reads.categoryDistricts(city, category)).find((d) => d.districtSlug === districtSlug);
    if (!district) return null;
    const listPage = ownListPage(query);
    const { items, pagination } = await reads.groupBusinesses('city', city, districtCategoryFilters(category.slug, district.district, ownListFilters(listPage)));
    return items.length ? { city, category, district, businesses: items, total: pagination.total, listPage } : null;
  },
  // Its city or its category renamed or merged into another (a district has no row to rename).
  moved: { kind: 'districtCategory' },
});

/**
 * A category in a country is the category's list with the country fixed: the filters of `filters`
 * (the URL's, its default sort left out) with the country's. The country first, so the head's read and the body's loader ask
 * the same question.
 */
export function countryCategoryFilters(countrySlug: string, { category: _, country: __, ...filters }: ListFilters): ListFilters {
  return { country: countrySlug, ...withoutDefaultSort(filters) };
}

/**
 * A category in a country: the country, the category and the businesses its head lists (its own
 * page of the list, as for a city). An unknown country or category, a combination without active
 * businesses and a page past the last are 404s; `total` decides whether it is indexed, as for a
 * category in a city.
 */
const countryCategoryPage = entry({
  route: COUNTRY_CATEGORY_ROUTE,
  async read(reads, { slug, category: categorySlug = '', query }) {
    const [country, category] = await Promise.all([reads.countrySummary(slug), reads.groupSummary('category', categorySlug)]);
    if (!country || !category) return null;
    const listPage = ownListPage(query);
    const { items, pagination, facets } = await reads.groupBusinesses('category', category, countryCategoryFilters(country.slug, ownListFilters(listPage)));
    return items.length ? { country, category, businesses: items, total: pagination.total, listPage, facets } : null;
  },
  // Its country or its category renamed or merged into another.
  moved: { kind: 'countryCategory' },
});

export const PUBLIC_PAGES = {
  home: staticPage('home'),
  cities: staticPage('cities'),
  categories: staticPage('categories'),
  search: staticPage('search'),
  about: staticPage('about'),
  details: entry({
    route: slugRoute('details'),
    read: (reads, { slug }) => reads.business(slug),
    // Found under a slug it no longer has (a mangled or older one): sent to its own.
    moved: { kind: 'business', elsewhere: (business, slug) => business.slug !== slug },
  }),
  city: groupPage('city'),
  category: groupPage('category'),
  country: entry({ route: slugRoute('country'), read: (reads, { slug }) => reads.country(slug), moved: { kind: 'country' } }),
  cityCategory: cityCategoryPage,
  districtCategory: districtCategoryPage,
  countryCategory: countryCategoryPage,
} satisfies Record<PublicPage, PageEntry<unknown>>;

/** A page's entry, its data unknown (an interpreter that does not look into it). */
export const pageEntry = (page: PublicPage): PageEntry<unknown> => PUBLIC_PAGES[page];

/** What a page's read gives when the page exists. */
export type PageData<P extends PublicPage> = NonNullable<Awaited<ReturnType<(typeof PUBLIC_PAGES)[P]['read']>>>;

/** The request for a matched public page with `query`; null for an admin screen or a path the site has no page for. */
export function publicRequest(match: PageMatch | null, query = ''): PageRequest | null {
  if (!match || match.kind === 'admin') return null;
  if (match.kind === 'cityCategory' || match.kind === 'countryCategory') return { page: match.page, slug: match.slug, query, category: match.category };
  if (match.kind === 'districtCategory') return { page: match.page, slug: match.slug, query, district: match.district, category: match.category };
  return { page: match.page, slug: match.kind === 'slug' ? match.slug : '', query };
}
