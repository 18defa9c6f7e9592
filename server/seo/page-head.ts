/**
 * Which head a public page gets and whether it exists: the crawler's view of the site's pages. A
 * page whose read (domain/public-pages.ts) finds it answers 200 with its head; an unknown
 * business, city, category or country, or a list page past the last, 404. The reads are the
 * request's (data/reads/public-reads.ts), which the server render of the body shares: one lookup
 * per page view.
 */
import { PUBLIC_PAGES, type PageData, type PageRequest, type PublicPage } from '../../domain/public-pages.js';
import type { PublicReads } from '../../domain/public-reads.js';
import type { TwitterAccounts } from '../../domain/site-config.js';
import { slugifyText } from '../../domain/slug.js';
import { renderHead, type HeadTags, type RenderedHead } from './head.js';
import { businessPageHead, categoryPageHead, cityCategoryPageHead, cityPageHead, countryCategoryPageHead, countryPageHead, districtCategoryPageHead, notFoundHead, staticPageHead } from './page-tags.js';

export interface PageHead {
  status: 200 | 404 | 500;
  /** Replacement for the <!--head--> block and <html lang>; undefined keeps the built default. */
  head?: RenderedHead;
  /** The page's read, when it found the page. */
  data?: unknown;
}

// The country's page by the slug rule, as the loader gives every new country and the city page's
// own trail links it (web/src/features/countries/country-path.ts): no extra read.
const countrySlugOf = (name: string): string | null => slugifyText(name) || null;

/** What a head depends on besides its page's data: the site's base URL and how many businesses make a category in a city a page to index. */
export interface HeadSettings {
  baseUrl: string;
  cityCategoryMin: number;
  /** SITE_TWITTER and SITE_TWITTER_CREATOR, '@name'. */
  twitter?: TwitterAccounts;
}

/** Each public page's head from what its read found. */
const HEADS: { [P in PublicPage]: (data: PageData<P>, baseUrl: string, request: PageRequest, settings: HeadSettings) => HeadTags } = {
  home: (_, baseUrl, { query }) => staticPageHead('home', baseUrl, query),
  cities: (_, baseUrl, { query }) => staticPageHead('cities', baseUrl, query),
  categories: (_, baseUrl, { query }) => staticPageHead('categories', baseUrl, query),
  search: (_, baseUrl, { query }) => staticPageHead('search', baseUrl, query),
  about: (_, baseUrl, { query }) => staticPageHead('about', baseUrl, query),
  details: (business, baseUrl) => businessPageHead(business, baseUrl),
  city: ({ group, businesses, listPage }, baseUrl) => cityPageHead(group, businesses, countrySlugOf(group.country), baseUrl, listPage),
  category: ({ group, businesses, listPage }, baseUrl) => categoryPageHead(group, businesses, baseUrl, listPage),
  country: (country, baseUrl) => countryPageHead(country, baseUrl),
  cityCategory: ({ city, category, businesses, total, listPage, facets }, baseUrl, _, { cityCategoryMin }) =>
    cityCategoryPageHead(city, category, businesses, total, countrySlugOf(city.country), baseUrl, { page: listPage, indexable: total >= cityCategoryMin, facets }),
  // Indexable as its link says (counted from the same kept counts, under the same least number).
  districtCategory: ({ city, district, category, businesses, total, listPage }, baseUrl) =>
    districtCategoryPageHead(city, district, category, businesses, total, countrySlugOf(city.country), baseUrl, { page: listPage, indexable: district.indexable }),
  countryCategory: ({ country, category, businesses, total, listPage, facets }, baseUrl, _, { cityCategoryMin }) =>
    countryCategoryPageHead(country, category, businesses, total, baseUrl, { page: listPage, indexable: total >= cityCategoryMin, facets }),
};

async function headOf<P extends PublicPage>(reads: PublicReads, settings: HeadSettings, request: PageRequest & { page: P }): Promise<PageHead> {
  const data = (await PUBLIC_PAGES[request.page].read(reads, request)) as PageData<P> | null;
  if (data === null) return { status: 404, head: renderHead(notFoundHead()) };
  const tags = HEADS[request.page](data, settings.baseUrl, request, settings);
  return { status: 200, head: renderHead(settings.twitter ? { ...tags, twitter: settings.twitter } : tags), data };
}

/** The head of the public page `request` (null: a path the site has no page for). */
export function pageHead(reads: PublicReads, settings: HeadSettings, request: PageRequest | null): Promise<PageHead> {
  return request ? headOf(reads, settings, request) : Promise.resolve({ status: 404, head: renderHead(notFoundHead()) });
}
