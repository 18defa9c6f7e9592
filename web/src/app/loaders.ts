/**
 * The route loaders of the server render: each public page's data, read in process through
 * PublicReads (the server's db/queries) and put into the QueryClient under the very query options
 * the page's hooks use, so the page renders complete and, once dehydrated into the HTML, the
 * browser does not ask for it again. An unknown slug is kept as the API's 404 error (the page
 * renders its "Not Found" state); any other failure is dropped, so the page renders it loading and
 * the browser asks itself, as it would without server rendering.
 */
import type { QueryClient } from '@tanstack/react-query';
import { matchPage } from '@data/domain/paths';
import type { PublicReads } from '@data/domain/public-reads';
import { ApiError } from '@/lib/api';
import { parseListFilters } from '@/lib/list-filters';
import { isNotFound, keepNotFound } from '@/lib/query-client';
import { businessOptions } from '@/features/businesses/api/get-business';
import { featuredBusinessesOptions } from '@/features/businesses/api/get-featured';
import { recentBusinessesOptions } from '@/features/businesses/api/get-recent';
import { categoriesOptions } from '@/features/categories/api/get-categories';
import { categoryOptions } from '@/features/categories/api/get-category';
import { categoryBusinessesOptions } from '@/features/categories/api/get-category-businesses';
import { citiesOptions } from '@/features/cities/api/get-cities';
import { cityOptions } from '@/features/cities/api/get-city';
import { cityBusinessesOptions } from '@/features/cities/api/get-city-businesses';
import { popularCitiesOptions } from '@/features/cities/api/get-popular-cities';
import { countryOptions } from '@/features/countries/api/get-country';
import { searchOptions } from '@/features/search/api/search-businesses';
import { statsOptions } from '@/features/stats/api/get-stats';

/** The API's 404 for an unknown slug, as the browser's fetcher would have raised it. */
async function found<T>(read: Promise<T | null>, message: string): Promise<T> {
  const value = await read;
  if (value === null) throw new ApiError(404, JSON.stringify({ message }), 'Not Found');
  return value;
}

/**
 * Fills `client` with the data of the page at `url` (path and query string). False when a read
 * failed (other than a 404): the page then renders that part loading, and should not be kept.
 */
export async function loadPage(url: URL, reads: PublicReads, client: QueryClient): Promise<boolean> {
  const match = matchPage(url.pathname);
  if (!match || match.kind === 'admin') return true;
  const filters = parseListFilters(url.searchParams);
  // One attempt each: the reads are in process, and a failure is the browser's to retry.
  const once = { retry: false } as const;

  if (match.kind === 'static') {
    switch (match.page) {
      case 'home':
        await Promise.all([
          client.prefetchQuery({ ...statsOptions(), queryFn: () => reads.stats(), ...once }),
          client.prefetchQuery({ ...recentBusinessesOptions(), queryFn: () => reads.recentBusinesses(), ...once }),
          client.prefetchQuery({ ...popularCitiesOptions(), queryFn: () => reads.popularCities(), ...once }),
          client.prefetchQuery({ ...featuredBusinessesOptions(), queryFn: () => reads.featuredBusinesses(), ...once }),
        ]);
        break;
      case 'cities':
        await client.prefetchQuery({ ...citiesOptions(), queryFn: () => reads.cities(), ...once });
        break;
      case 'categories':
        await client.prefetchQuery({ ...categoriesOptions(), queryFn: () => reads.categories(), ...once });
        break;
      case 'search': {
        // As the search page reads its parameters (routes/search.tsx).
        const q = url.searchParams.get('q')?.trim() ?? '';
        const location = url.searchParams.get('location')?.trim() ?? '';
        if (q || location) await client.prefetchQuery({ ...searchOptions({ q, location, ...filters }), queryFn: () => reads.search({ q, location, filters }), ...once });
        break;
      }
      default:
        break;
    }
  } else {
    const { slug } = match;
    switch (match.page) {
      case 'details':
        await client.prefetchQuery({ ...businessOptions(slug), queryFn: () => found(reads.business(slug), 'Business not found'), ...once });
        break;
      case 'city': {
        await client.prefetchQuery({ ...cityOptions(slug), queryFn: () => found(reads.city(slug), 'City not found'), ...once });
        const city = client.getQueryData(cityOptions(slug).queryKey);
        if (city) await client.prefetchQuery({ ...cityBusinessesOptions(slug, filters), queryFn: () => reads.cityBusinesses(city, filters), ...once });
        break;
      }
      case 'category': {
        await client.prefetchQuery({ ...categoryOptions(slug), queryFn: () => found(reads.category(slug), 'Category not found'), ...once });
        const category = client.getQueryData(categoryOptions(slug).queryKey);
        if (category) await client.prefetchQuery({ ...categoryBusinessesOptions(slug, filters), queryFn: () => reads.categoryBusinesses(category, filters), ...once });
        break;
      }
      case 'country':
        await client.prefetchQuery({ ...countryOptions(slug), queryFn: () => found(reads.country(slug), 'Country not found'), ...once });
        break;
    }
  }
  const failed = (query: { state: { status: string; error: unknown } }) => query.state.status === 'error' && !isNotFound(query.state.error);
  const complete = !client.getQueryCache().getAll().some(failed);
  client.removeQueries({ predicate: failed });
  keepNotFound(client, client.getQueryCache().getAll());
  return complete;
}
