/**
 * Each public page's head, from the data page-head.ts (or the server renderer) looked up: title and
 * description from domain/page-meta.ts (the client's document.title reads the same), canonical,
 * preview image, language and JSON-LD. Pure: data in, HeadTags out.
 */
import { businessMeta, categoryMeta, cityCategoryMeta, cityMeta, countryCategoryMeta, districtCategoryMeta, countryMeta, listPageMeta, NOT_FOUND_META, placesCovered, searchMeta, SITE_NAME, STATIC_META, type CategoryNames, type PageMeta } from '../../domain/page-meta.js';
import { categoryPlural } from '../../domain/category-plural.js';
import { cityCategoryPath, slugPath, STATIC_PAGES, type StaticPage } from '../../domain/paths.js';
import { businessTrails, type TrailStep } from '../../domain/business-trail.js';
import { ownListPage, SEARCH_LIST_NAMES } from '../../domain/public-pages.js';
import type { Facets } from '../../domain/search.js';
import type { Business, Category, City, Country } from '../../domain/types.js';
import type { HeadTags } from './head.js';
import { breadcrumbJsonLd, businessJsonLd, itemListJsonLd, webSiteJsonLd, type Crumb } from './json-ld.js';
import { businessImage, photoUrlFor, siteImage } from './og-image.js';

/** The breadcrumb names of the pages every trail passes through (the navigation's labels). */
const CRUMB = { home: 'Home', cities: 'Cities', categories: 'Categories' } as const;

const plainHead = (meta: PageMeta, baseUrl: string, jsonLd?: object[]): HeadTags => ({
  title: meta.title,
  description: meta.description,
  canonical: baseUrl + meta.path,
  lang: meta.lang,
  image: siteImage(baseUrl, meta.lang),
  ...(jsonLd?.length ? { jsonLd } : {}),
});

const home = (baseUrl: string): Crumb => ({ name: CRUMB.home, url: baseUrl + STATIC_PAGES.home });

/** `query`: the URL's query string, which only the search page reads (its q and location). */
export function staticPageHead(page: StaticPage, baseUrl: string, query = ''): HeadTags {
  if (page === 'search') {
    const params = new URLSearchParams(query);
    // Search answers are not pages for an index (any text makes one, each a copy of lists that
    // have pages of their own); their links are still followed. Its canonical follows the rule
    // of every list: its own page past the first, filters and sort kept on the list's.
    const meta = listPageMeta(searchMeta(params.get('q') ?? '', params.get('location') ?? ''), ownListPage(query, SEARCH_LIST_NAMES));
    return { ...plainHead(meta, baseUrl), noindex: true };
  }
  return plainHead(STATIC_META[page], baseUrl, page === 'home' ? [webSiteJsonLd(baseUrl, SITE_NAME)] : undefined);
}

/**
 * `business` as the detail answer gives it, with its titlePlace (data/reads/title-place.ts). Its
 * trails (domain/business-trail.ts): Home › its country › its city › its category in the city › in
 * its district › the business, and Home › its country › its category in the country › the business
 * (a page may declare each way down to it as its own BreadcrumbList).
 */
export function businessPageHead(business: Business, baseUrl: string): HeadTags {
  const meta = businessMeta(business);
  const canonical = baseUrl + meta.path;
  const { place, inCountry } = businessTrails(business);
  const crumbs = (trail: TrailStep[]): Crumb[] => trail.map((step) => ({ name: step.label, url: baseUrl + step.path }));
  return {
    title: meta.title,
    description: meta.description,
    canonical,
    ogType: 'business.business',
    contactData: {
      street_address: business.address,
      locality: business.city?.name,
      region: business.state ?? undefined,
      postal_code: business.postalCode ?? undefined,
      country_name: business.country ?? undefined,
      phone_number: business.phoneE164 ?? undefined,
      website: business.website && /^https?:\/\//i.test(business.website) ? business.website : undefined,
    },
    image: businessImage(business, baseUrl),
    jsonLd: [businessJsonLd(business, canonical, photoUrlFor(business, baseUrl)), breadcrumbJsonLd(crumbs(place)), ...(inCountry ? [breadcrumbJsonLd(crumbs(inCountry))] : [])],
  };
}

/** The businesses a list page shows, as ItemList entries. */
const listed = (businesses: Array<Pick<Business, 'name' | 'slug'>>, baseUrl: string) => businesses.map((b) => ({ name: b.name, url: baseUrl + slugPath('details', b.slug) }));

/**
 * A list page's head: page N past the first is its own page (listPageMeta: its canonical link,
 * title and description name it; each page of a paginated list is its own page to a search
 * engine, not a copy of the first), and the businesses it lists as an ItemList.
 */
function listHead(meta: PageMeta, baseUrl: string, trail: Crumb[], businesses: Array<Pick<Business, 'name' | 'slug'>>, page: number | null): HeadTags {
  return plainHead(listPageMeta(meta, page), baseUrl, [breadcrumbJsonLd(trail), ...(businesses.length ? [itemListJsonLd(listed(businesses, baseUrl))] : [])]);
}

/** Home › the city's country (when `countrySlug` is known) › the city: where every trail of a city's pages starts. */
function cityTrail(city: City, countrySlug: string | null, baseUrl: string): Crumb[] {
  const trail = [home(baseUrl)];
  if (countrySlug) trail.push({ name: city.country, url: baseUrl + slugPath('country', countrySlug) });
  trail.push({ name: city.name, url: baseUrl + slugPath('city', city.slug) });
  return trail;
}

/**
 * A city page (`page` past the first, or null): its trail Home › its country (when `countrySlug`
 * is known) › the city, as the page shows it, and its businesses.
 */
export function cityPageHead(city: City, businesses: Array<Pick<Business, 'name' | 'slug'>>, countrySlug: string | null, baseUrl: string, page: number | null = null): HeadTags {
  return listHead(cityMeta(city), baseUrl, cityTrail(city, countrySlug, baseUrl), businesses, page);
}

/**
 * A category in a city (`page` as for a city): Home › its country › the city › the category, and
 * its businesses. `indexable`: whether it has enough businesses to be a page of its own; under
 * that it is served with noindex (docs/public-site.md). `facets`: its list's, whose districts
 * the first page's description names.
 */
export function cityCategoryPageHead(
  city: City,
  category: CategoryNames & Pick<Category, 'slug'>,
  businesses: Array<Pick<Business, 'name' | 'slug' | 'rating'>>,
  total: number,
  countrySlug: string | null,
  baseUrl: string,
  { page = null, indexable = true, facets }: { page?: number | null; indexable?: boolean; facets?: Pick<Facets, 'districts'> } = {},
): HeadTags {
  const meta = cityCategoryMeta(city, category, total, page ? null : businesses[0], page ? null : placesCovered('district', facets?.districts));
  const trail = [...cityTrail(city, countrySlug, baseUrl), { name: categoryPlural(category), url: baseUrl + meta.path }];
  const head = listHead(meta, baseUrl, trail, businesses, page);
  return indexable ? head : { ...head, noindex: true };
}

/**
 * A category in a district (`page` and `indexable` as for a category in a city): Home › its
 * country › the city › the category in the city › the district. A district has no page of its
 * own (the city's list filters by it), so its crumb is this page, under the category in the
 * city it narrows.
 */
export function districtCategoryPageHead(
  city: City,
  district: { district: string; districtSlug: string },
  category: CategoryNames & Pick<Category, 'slug'>,
  businesses: Array<Pick<Business, 'name' | 'slug' | 'rating'>>,
  total: number,
  countrySlug: string | null,
  baseUrl: string,
  { page = null, indexable = true }: { page?: number | null; indexable?: boolean } = {},
): HeadTags {
  const meta = districtCategoryMeta(city, district, category, total, page ? null : businesses[0]);
  const trail = [
    ...cityTrail(city, countrySlug, baseUrl),
    { name: categoryPlural(category), url: baseUrl + cityCategoryPath(city.slug, category.slug) },
    { name: district.district, url: baseUrl + meta.path },
  ];
  const head = listHead(meta, baseUrl, trail, businesses, page);
  return indexable ? head : { ...head, noindex: true };
}

/**
 * A category in a country (`page`, `indexable` and `facets` as for a category in a city, its cities
 * in place of districts): Home › the country › the category, and its businesses.
 */
export function countryCategoryPageHead(
  country: Country,
  category: CategoryNames & Pick<Category, 'slug'>,
  businesses: Array<Pick<Business, 'name' | 'slug' | 'rating'>>,
  total: number,
  baseUrl: string,
  { page = null, indexable = true, facets }: { page?: number | null; indexable?: boolean; facets?: Pick<Facets, 'cities'> } = {},
): HeadTags {
  const meta = countryCategoryMeta(country, category, total, page ? null : businesses[0], page ? null : placesCovered('city', facets?.cities));
  const trail = [home(baseUrl), { name: country.name, url: baseUrl + slugPath('country', country.slug) }, { name: categoryPlural(category), url: baseUrl + meta.path }];
  const head = listHead(meta, baseUrl, trail, businesses, page);
  return indexable ? head : { ...head, noindex: true };
}

/** A category page (`page` as for a city): Home › Categories › the category, and its businesses. */
export function categoryPageHead(
  category: Pick<Category, 'name' | 'slug' | 'businessCount' | 'description'>,
  businesses: Array<Pick<Business, 'name' | 'slug'>>,
  baseUrl: string,
  page: number | null = null,
): HeadTags {
  const meta = categoryMeta(category);
  const trail = [home(baseUrl), { name: CRUMB.categories, url: baseUrl + STATIC_PAGES.categories }, { name: category.name, url: baseUrl + meta.path }];
  return listHead(meta, baseUrl, trail, businesses, page);
}

/** A country page: Home › Cities › the country. */
export function countryPageHead(country: Country & { cities?: unknown[] }, baseUrl: string): HeadTags {
  const meta = countryMeta(country);
  return plainHead(meta, baseUrl, [breadcrumbJsonLd([home(baseUrl), { name: CRUMB.cities, url: baseUrl + STATIC_PAGES.cities }, { name: country.name, url: baseUrl + meta.path }])]);
}

/** The not-found page: its own title, no canonical, kept out of indexes (it answers 404 anyway). */
export function notFoundHead(): HeadTags {
  return { ...NOT_FOUND_META, noindex: true };
}
