/**
 * The route loaders of the server render: each public page's data, read in process through
 * PublicReads (the server's db/queries) and put into the QueryClient under the very query options
 * the page's hooks use, so the page renders complete and, once dehydrated into the HTML, the
 * browser does not ask for it again. A list's businesses are kept as card rows (cardList), as the
 * page's own fetch keeps them, so the data island carries only what the cards and the map draw.
 * An unknown slug is kept as the API's 404 error (the page renders its "Not Found" state); any
 * other failure is dropped, so the page renders it loading and the browser asks itself, as it
 * would without server rendering.
 */
import { hashKey, type DataTag, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { cityCategoryFilters, countryCategoryFilters, districtCategoryFilters, ownListFilters, ownListPage, type PageRequest, type PublicPage } from '@domain/public-pages';
import type { GroupKind, Groups, GroupSummaries, PublicReads } from '@domain/public-reads';
import type { ListFilters } from '@domain/search';
import { cardList, cardRow } from '@domain/card-row';
import { countryPage } from '@domain/country-page';
import { ApiError } from '@/lib/api';
import { clean, parseListFilters, type ListAnswer } from '@/lib/list-filters';
import { createQueryClient, isNotFound, keepNotFound } from '@/lib/query-client';
import { businessOptions } from '@/features/businesses/api/get-business';
import { nearbyOptions } from '@/features/businesses/api/get-nearby';
import { featuredBusinessesOptions } from '@/features/businesses/api/get-featured';
import { recentBusinessesOptions } from '@/features/businesses/api/get-recent';
import { categoriesOptions } from '@/features/categories/api/get-categories';
import { categoryOptions } from '@/features/categories/api/get-category';
import { categorySummaryOptions } from '@/features/categories/api/get-category-summary';
import { categoryBusinessesOptions } from '@/features/categories/api/get-category-businesses';
import { citiesOptions } from '@/features/cities/api/get-cities';
import { cityOptions } from '@/features/cities/api/get-city';
import { citySummaryOptions } from '@/features/cities/api/get-city-summary';
import { cityBusinessesOptions } from '@/features/cities/api/get-city-businesses';
import { categoryDistrictsOptions } from '@/features/cities/api/get-category-districts';
import { popularCitiesOptions } from '@/features/cities/api/get-popular-cities';
import { countryOptions } from '@/features/countries/api/get-country';
import { countrySummaryOptions } from '@/features/countries/api/get-country-summary';
import { searchOptions } from '@/features/search/api/search-businesses';
import { statsOptions } from '@/features/stats/api/get-stats';

/** The API's 404 for an unknown slug, as the browser's fetcher would have raised it. */
async function found<T>(read: Promise<T | null>, message: string): Promise<T> {
  const value = await read;
  if (value === null) throw new ApiError(404, JSON.stringify({ message }), 'Not Found');
  return value;
}

/**
 * What the server's clients default a query's options to (createQueryClient's defaults; no query
 * defaults are set while a page loads), whatever its key: worked out once. The cache's `build`
 * defaults the options of every query it makes unless they say they are, and TanStack's defaulting
 * (three object spreads into a new object) cost a business page's render more than the rest of
 * its two queries' work.
 */
const SERVER_QUERY_DEFAULTS: object = createQueryClient().defaultQueryOptions({ queryKey: [] });

/** A query's options for `build`, already defaulted, with its key's hash (the client sets no hash function of its own). */
const defaulted = (queryKey: QueryKey) => Object.assign({}, SERVER_QUERY_DEFAULTS, { queryKey, queryHash: hashKey(queryKey) });

/**
 * One query of the page from its read: the answer set as the query's data (TanStack's fetch
 * machinery, a share of a business page's render, has nothing to do on the server), or the
 * read's failure kept as one failed attempt of a fetch would keep it (a 404 is shown; the rest is
 * dropped below, and the browser asks again).
 */
async function fill<T>(client: QueryClient, options: { queryKey: DataTag<QueryKey, T, unknown> }, read: () => Promise<NoInfer<T>>): Promise<T | undefined> {
  // In the cache now, in the order the loader asks, as a fetch would be: the data island lists them so.
  const query = client.getQueryCache().build(client, defaulted(options.queryKey));
  let data: T;
  try {
    data = await read();
  } catch (error) {
    await client.prefetchQuery({ queryKey: options.queryKey, queryFn: () => Promise.reject(error), retry: false });
    return undefined;
  }
  // What setQueryData does once it has found the query, which it would look up again (its options
  // merged with the client's defaults and its key hashed a second time); as it, nothing for undefined.
  if (data !== undefined) query.setData(data, { manual: true });
  return data;
}

type Tagged<T> = { queryKey: DataTag<QueryKey, T, unknown> };

/** A city's and a category's queries: the group, a page of its businesses, the API's 404 message. */
const GROUP_QUERIES: { [K in GroupKind]: { one(slug: string): Tagged<Groups[K]>; list(slug: string, filters: ListFilters): Tagged<ListAnswer>; missing: string } } = {
  city: { one: cityOptions, list: cityBusinessesOptions, missing: 'City not found' },
  category: { one: categoryOptions, list: categoryBusinessesOptions, missing: 'Category not found' },
};

/** A city's or a category's page: the group, then (when there is one) the page of its list. */
async function loadGroup<K extends GroupKind>(kind: K, { client, reads, slug, params }: LoadArgs): Promise<void> {
  const { one, list, missing } = GROUP_QUERIES[kind];
  const filters = parseListFilters(params);
  await fill(client, one(slug), () => found(reads.group(kind, slug), missing));
  const group = client.getQueryData(one(slug).queryKey);
  if (group) await fill(client, list(slug, filters), () => reads.groupBusinesses(kind, group, filters).then(cardList));
}

/**
 * A combination's list (a city's or a category's with `fixed` applied to the URL's filters): the
 * page of it the view asks for and, when the view is filtered or sorted, the list's own page too
 * (ownListFilters), whose answer the page's head is worked out from (as the server's head is): the
 * server's head read it already, so it costs the request no read.
 */
function fillLists<K extends GroupKind>(
  { client, reads, params }: Pick<LoadArgs, 'client' | 'reads' | 'params'>,
  kind: K,
  slug: string,
  group: GroupSummaries[K],
  fixed: (filters: ListFilters) => ListFilters,
): Promise<unknown> {
  const view = fixed(parseListFilters(params));
  const own = fixed(ownListFilters(ownListPage(params.toString())));
  const lists = hashKey([clean(view)]) === hashKey([clean(own)]) ? [view] : [view, own];
  return Promise.all(lists.map((filters) => fill(client, GROUP_QUERIES[kind].list(slug, filters), () => reads.groupBusinesses(kind, group, filters).then(cardList))));
}

/**
 * The city and the category of a combination page, both read at once without their links (the page
 * draws none of them); null when either is missing (its 404 is kept).
 */
async function cityAndCategory(client: QueryClient, reads: PublicReads, slug: string, categorySlug: string) {
  await Promise.all([
    fill(client, citySummaryOptions(slug), () => found(reads.groupSummary('city', slug), 'City not found')),
    fill(client, categorySummaryOptions(categorySlug), () => found(reads.groupSummary('category', categorySlug), 'Category not found')),
  ]);
  const city = client.getQueryData(citySummaryOptions(slug).queryKey);
  const category = client.getQueryData(categorySummaryOptions(categorySlug).queryKey);
  return city && category ? { city, category } : null;
}

/**
 * A category in a city: the city, the category, then the page of the city's list with the category
 * fixed (the query the page's hook asks the API: the city's list filtered by the category).
 */
async function loadCityCategory({ client, reads, slug, category: categorySlug = '', params }: LoadArgs): Promise<void> {
  const both = await cityAndCategory(client, reads, slug, categorySlug);
  if (!both) return;
  const { city, category } = both;
  await Promise.all([
    fillLists({ client, reads, params }, 'city', slug, city, (f) => cityCategoryFilters(category.slug, f)),
    // Its districts that are pages, linked under its head.
    fill(client, categoryDistrictsOptions(slug, categorySlug), () => reads.categoryDistricts(city, category)),
  ]);
}

/**
 * A category in a district: the city and the category, the category's districts in the city
 * (where the district's slug is found), then the page of the city's list with both fixed.
 */
async function loadDistrictCategory({ client, reads, slug, district: districtSlug = '', category: categorySlug = '', params }: LoadArgs): Promise<void> {
  const both = await cityAndCategory(client, reads, slug, categorySlug);
  if (!both) return;
  const { city, category } = both;
  await fill(client, categoryDistrictsOptions(slug, categorySlug), () => reads.categoryDistricts(city, category));
  const district = client.getQueryData(categoryDistrictsOptions(slug, categorySlug).queryKey)?.find((d) => d.districtSlug === districtSlug);
  if (!district) return;
  await fillLists({ client, reads, params }, 'city', slug, city, (f) => districtCategoryFilters(category.slug, district.district, f));
}

/**
 * A category in a country: the country and the category (both without their links), then the page of the
 * category's list with the country fixed (the query the page's hook asks the API).
 */
async function loadCountryCategory({ client, reads, slug, category: categorySlug = '', params }: LoadArgs): Promise<void> {
  await Promise.all([
    fill(client, countrySummaryOptions(slug), () => found(reads.countrySummary(slug), 'Country not found')),
    fill(client, categorySummaryOptions(categorySlug), () => found(reads.groupSummary('category', categorySlug), 'Category not found')),
  ]);
  const country = client.getQueryData(countrySummaryOptions(slug).queryKey);
  const category = client.getQueryData(categorySummaryOptions(categorySlug).queryKey);
  if (!country || !category) return;
  await fillLists({ client, reads, params }, 'category', categorySlug, category, (f) => countryCategoryFilters(country.slug, f));
}

/** What a page's loader is given: the query client to fill, the reads, the matched request and its query parameters. */
interface LoadArgs {
  client: QueryClient;
  reads: PublicReads;
  slug: string;
  /** The category's slug of a category in a city, district or country. */
  category?: string;
  /** The district's slug of a category in a district. */
  district?: string;
  params: URLSearchParams;
}

/** Each public page's queries (domain/public-pages.ts), filled from the reads. */
const LOADERS: Record<PublicPage, (args: LoadArgs) => Promise<unknown>> = {
  home: ({ client, reads }) =>
    Promise.all([
      fill(client, statsOptions(), () => reads.stats()),
      fill(client, recentBusinessesOptions(), () => reads.recentBusinesses().then((items) => items.map(cardRow))),
      fill(client, popularCitiesOptions(), () => reads.popularCities()),
      fill(client, featuredBusinessesOptions(), () => reads.featuredBusinesses().then((items) => items.map(cardRow))),
    ]),
  cities: ({ client, reads }) => fill(client, citiesOptions(), () => reads.cities()),
  categories: ({ client, reads }) => fill(client, categoriesOptions(), () => reads.categories()),
  search: async ({ client, reads, params }) => {
    // As the search page reads its parameters (routes/search.tsx).
    const q = params.get('q')?.trim() ?? '';
    const location = params.get('location')?.trim() ?? '';
    const filters = parseListFilters(params);
    if (q || location || filters.near) await fill(client, searchOptions({ q, location, ...filters }), () => reads.search({ q, location, filters }).then(cardList));
  },
  about: async () => {},
  details: async ({ client, reads, slug }) => {
    // The business as it was put in the query (not looked up again: getQueryData merges the options
    // with the client's defaults and hashes the key once more).
    const business = await fill(client, businessOptions(slug), () => found(reads.business(slug), 'Business not found'));
    // "More nearby", under the slug the page asks it by (the business's own, once found), as compact cards' rows.
    if (business) await fill(client, nearbyOptions(business.slug), () => reads.nearbyRows(business));
  },
  city: (args) => loadGroup('city', args),
  category: (args) => loadGroup('category', args),
  country: ({ client, reads, slug }) => fill(client, countryOptions(slug), () => found(reads.country(slug), 'Country not found').then(countryPage)),
  cityCategory: loadCityCategory,
  districtCategory: loadDistrictCategory,
  countryCategory: loadCountryCategory,
};

/**
 * Fills `client` with the data of the page `request` (`params`: its URL's query). False when a read
 * failed (other than a 404): the page then renders that part loading, and should not be kept.
 */
export async function loadPage(request: PageRequest, params: URLSearchParams, reads: PublicReads, client: QueryClient): Promise<boolean> {
  await LOADERS[request.page]({ client, reads, slug: request.slug, category: request.category, district: request.district, params });
  const failed = (query: { state: { status: string; error: unknown } }) => query.state.status === 'error' && !isNotFound(query.state.error);
  const complete = !client.getQueryCache().getAll().some(failed);
  client.removeQueries({ predicate: failed });
  keepNotFound(client, client.getQueryCache().getAll());
  return complete;
}
