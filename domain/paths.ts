/**
 * The public site's paths, declared once: the web router, the server's crawler heads, page meta,
 * sitemaps and exports all derive theirs from here. Pure: the web client imports it.
 */

/** Pages without a slug. */
export const STATIC_PAGES = {
  home: '/',
  cities: '/cities',
  categories: '/categories',
  search: '/search',
  about: '/about',
} as const;

/** Pages of one business, city, category or country: their prefix, the slug follows. */
export const SLUG_PAGES = {
  details: '/details/',
  city: '/city/',
  category: '/category/',
  country: '/country/',
} as const;

/** The admin screens (client-rendered, not in sitemaps). */
export const ADMIN_PAGES = {
  login: '/admin/login',
  dashboard: '/admin',
  businesses: '/admin/businesses',
  countries: '/admin/countries',
  sitemap: '/admin/sitemap',
  trash: '/admin/trash',
} as const;

export type StaticPage = keyof typeof STATIC_PAGES;

/**
 * The pages without a slug that sitemaps list, and whether each shows the directory's data (its
 * date is then the data's newest change). Search answers are noindex, so not listed.
 */
export const SITEMAP_STATIC_PAGES = { home: true, cities: true, categories: true, about: false } as const satisfies Partial<Record<StaticPage, boolean>>;
export type SlugPage = keyof typeof SLUG_PAGES;

/** The router's pattern of a slug page: '/details/:slug'. */
export const slugRoute = (page: SlugPage): string => `${SLUG_PAGES[page]}:slug`;

/** The path of one business, city, category or country page, its slug percent-encoded. */
export const slugPath = (page: SlugPage, slug: string): string => `${SLUG_PAGES[page]}${encodeURIComponent(slug)}`;

/**
 * A category in a city ('/city/austin/plumbers'): the city page's path with one more segment, the
 * category's slug. No other page has a path under a city's, and neither slug can hold a '/', so
 * it collides with nothing (docs/public-site.md).
 */
export const CITY_CATEGORY_ROUTE = `${SLUG_PAGES.city}:slug/:category`;

/** The page of the category `categorySlug` in the city `citySlug`, both slugs percent-encoded. */
export const cityCategoryPath = (citySlug: string, categorySlug: string): string => `${slugPath('city', citySlug)}/${encodeURIComponent(categorySlug)}`;

/**
 * A category in a district of a city ('/city/istanbul/kadikoy/restaurants'): the places from the
 * widest to the narrowest, then the category, as a category in a city reads. Three segments under
 * a city's path, so it collides neither with a category in a city (two) nor with the city (one);
 * the district's slug is its name by the slug rule (districts have no row of their own).
 */
export const DISTRICT_CATEGORY_ROUTE = `${SLUG_PAGES.city}:slug/:district/:category`;

/** The page of the category `categorySlug` in the district `districtSlug` of the city `citySlug`, each slug percent-encoded. */
export const districtCategoryPath = (citySlug: string, districtSlug: string, categorySlug: string): string =>
  `${slugPath('city', citySlug)}/${encodeURIComponent(districtSlug)}/${encodeURIComponent(categorySlug)}`;

/**
 * A category in a country ('/country/turkiye/restaurant'): the country page's path with one more
 * segment, as a category in a city extends its city's. No other page lives under a country's path
 * and no slug holds a '/', so it collides with nothing (docs/public-site.md).
 */
export const COUNTRY_CATEGORY_ROUTE = `${SLUG_PAGES.country}:slug/:category`;

/** The page of the category `categorySlug` in the country `countrySlug`, both slugs percent-encoded. */
export const countryCategoryPath = (countrySlug: string, categorySlug: string): string => `${slugPath('country', countrySlug)}/${encodeURIComponent(categorySlug)}`;

/** `/search?q=&location=`, each parameter only when given. */
export function searchPath(q = '', location = ''): string {
  const p = new URLSearchParams();
  if (q) p.set('q', q);
  if (location) p.set('location', location);
  const s = p.toString();
  return s ? `${STATIC_PAGES.search}?${s}` : STATIC_PAGES.search;
}

export type PageMatch =
  | { kind: 'static'; page: StaticPage }
  | { kind: 'admin' }
  | { kind: 'slug'; page: SlugPage; slug: string }
  | { kind: 'cityCategory'; page: 'cityCategory'; slug: string; category: string }
  | { kind: 'districtCategory'; page: 'districtCategory'; slug: string; district: string; category: string }
  | { kind: 'countryCategory'; page: 'countryCategory'; slug: string; category: string };

const STATIC_BY_PATH = new Map<string, StaticPage>(Object.entries(STATIC_PAGES).map(([page, path]) => [path, page as StaticPage]));
const ADMIN_PATHS = new Set<string>(Object.values(ADMIN_PAGES));
const SLUG_BY_PREFIX = Object.entries(SLUG_PAGES) as [SlugPage, string][];
/** Most segments under a slug page's prefix: a city's categories in it and in its districts, a country's categories in it, one slug elsewhere. */
const MOST_SEGMENTS: Record<SlugPage, number> = { details: 1, city: 3, category: 1, country: 2 };

/**
 * Which page a request path is (a trailing slash ignored), its slug decoded; null for a path the
 * site has no page for, a malformed escape included.
 */
export function matchPage(rawPath: string): PageMatch | null {
  // A path of slashes alone ('//') is the home page's, as '/city/x/' is '/city/x''s.
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') || '/' : rawPath;
  const page = STATIC_BY_PATH.get(path);
  if (page) return { kind: 'static', page };
  if (ADMIN_PATHS.has(path)) return { kind: 'admin' };
  for (const [slugPage, prefix] of SLUG_BY_PREFIX) {
    if (!path.startsWith(prefix)) continue;
    const parts = path.slice(prefix.length).split('/');
    if (parts.some((p) => !p) || parts.length > MOST_SEGMENTS[slugPage]) return null;
    try {
      const decoded = parts.map(decodeURIComponent);
      if (decoded.length === 3) return { kind: 'districtCategory', page: 'districtCategory', slug: decoded[0], district: decoded[1], category: decoded[2] };
      const [slug, category] = decoded;
      if (category !== undefined && slugPage === 'country') return { kind: 'countryCategory', page: 'countryCategory', slug, category };
      return category === undefined ? { kind: 'slug', page: slugPage, slug } : { kind: 'cityCategory', page: 'cityCategory', slug, category };
    } catch {
      return null;
    }
  }
  return null;
}
