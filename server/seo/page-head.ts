/**
 * Which head a path gets and whether it exists: the crawler's view of the site's routes. A known
 * route answers 200; an unknown business, city, category or country, or any other path, 404. The
 * lookups go through the request's reads (data/reads/public-reads.ts), which the server render
 * of the body shares: one lookup per page view.
 */
import type { PublicReads } from '../../domain/public-reads.js';
import { slugifyText } from '../../domain/slug.js';
import { matchPage } from '../../domain/paths.js';
import { renderHead, type RenderedHead } from './head.js';
import { businessPageHead, categoryPageHead, cityPageHead, countryPageHead, notFoundHead, staticPageHead } from './page-tags.js';

export interface PageHead {
  status: 200 | 404 | 500;
  /** Replacement for the <!--head--> block and <html lang>; undefined keeps the built default. */
  head?: RenderedHead;
}

const notFound = (): PageHead => ({ status: 404, head: renderHead(notFoundHead()) });

// The country's page by the slug rule, as the loader gives every new country and the city page's
// own trail links it (web/src/features/countries/country-path.ts): no extra read.
const countrySlugOf = (name: string): string | null => slugifyText(name) || null;

/**
 * The page of a city's or category's list that the query asks for, when it asks for a page past
 * the first and nothing else. That page is its own (its canonical link names it, its ItemList is
 * its businesses); a filtered or sorted view of a list is the list's, whose filter links are
 * nofollow anyway.
 */
function ownListPage(query: string): number | null {
  const params = new URLSearchParams(query);
  const n = Number(params.get('page'));
  return [...params.keys()].every((k) => k === 'page') && Number.isInteger(n) && n > 1 ? n : null;
}

/**
 * `rawPath`: the request's path, with its query string when the page reads it (the search page).
 * The lists a head names (a city's or category's ItemList) are the body's page (ownListPage), read
 * with the same arguments as the body's loader so the page view's reads answer both at once.
 */
export async function pageHead(reads: PublicReads, baseUrl: string, rawPath: string): Promise<PageHead> {
  const q = rawPath.indexOf('?');
  const match = matchPage(q < 0 ? rawPath : rawPath.slice(0, q));
  if (!match) return notFound();
  if (match.kind === 'admin') return { status: 200 };
  if (match.kind === 'static') {
    return { status: 200, head: renderHead(staticPageHead(match.page, baseUrl, q < 0 ? '' : rawPath.slice(q + 1))) };
  }
  const { slug } = match;
  // A page past a list's last answers 404 (no soft 404): the loader reads the same page.
  const listPage = ownListPage(q < 0 ? '' : rawPath.slice(q + 1));
  const filters = listPage ? { page: listPage } : {};
  switch (match.page) {
    case 'details': {
      const business = await reads.business(slug);
      if (!business) return notFound();
      return { status: 200, head: renderHead(businessPageHead(business, baseUrl)) };
    }
    case 'city': {
      const city = await reads.group('city', slug);
      if (!city) return notFound();
      const businesses = (await reads.groupBusinesses('city', city, filters)).items;
      if (listPage && !businesses.length) return notFound();
      const countrySlug = countrySlugOf(city.country);
      return { status: 200, head: renderHead(cityPageHead(city, businesses, countrySlug, baseUrl, listPage)) };
    }
    case 'category': {
      const category = await reads.group('category', slug);
      if (!category) return notFound();
      const businesses = (await reads.groupBusinesses('category', category, filters)).items;
      if (listPage && !businesses.length) return notFound();
      return { status: 200, head: renderHead(categoryPageHead(category, businesses, baseUrl, listPage)) };
    }
    default: {
      const country = await reads.country(slug);
      return country ? { status: 200, head: renderHead(countryPageHead(country, baseUrl)) } : notFound();
    }
  }
}
