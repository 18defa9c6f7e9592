/**
 * Which head a path gets and whether it exists: the crawler's view of the SPA's routes. A known
 * route answers 200; an unknown business, city, category or country, or any other path, 404.
 */
import type { Db } from '../../db/index.js';
import { listBusinessesIn } from '../../db/queries/businesses.js';
import { getCategoryBySlug } from '../../db/queries/categories.js';
import { getCityBySlug } from '../../db/queries/cities.js';
import { getCountryBySlug } from '../../db/queries/countries.js';
import { matchPage } from '../../data/domain/paths.js';
import { renderHead, type RenderedHead } from './head.js';
import { businessPageHead, categoryPageHead, cityPageHead, countryPageHead, notFoundHead, staticPageHead } from './page-tags.js';
import { getBusinessPage } from './title-place.js';

export interface PageHead {
  status: 200 | 404 | 500;
  /** Replacement for the <!--head--> block and <html lang>; undefined keeps the built default. */
  head?: RenderedHead;
}

const notFound = (): PageHead => ({ status: 404, head: renderHead(notFoundHead()) });

// --- Lookups the heads need beyond the page's own row (seo): the first page of a list, a country's slug.
const firstPageOf = async (db: Db, where: { cityId?: number; categoryId?: number }) => (await listBusinessesIn(db, where, { page: 1 })).items;
// One row per name whatever its case (data/store/load-dims.ts); a small table.
const countrySlugOf = async (db: Db, name: string): Promise<string | null> =>
  ((await db('countries').whereRaw('lower(name) = lower(?)', [name]).first('slug')) as { slug: string } | undefined)?.slug ?? null;
// ---

/** `rawPath`: the request's path, with its query string when the page reads it (the search page). */
export async function pageHead(db: Db, baseUrl: string, rawPath: string): Promise<PageHead> {
  const q = rawPath.indexOf('?');
  const match = matchPage(q < 0 ? rawPath : rawPath.slice(0, q));
  if (!match) return notFound();
  if (match.kind === 'admin') return { status: 200 };
  if (match.kind === 'static') {
    return { status: 200, head: renderHead(staticPageHead(match.page, baseUrl, q < 0 ? '' : rawPath.slice(q + 1))) };
  }
  const { slug } = match;
  switch (match.page) {
    case 'details': {
      const business = await getBusinessPage(db, slug);
      if (!business) return notFound();
      return { status: 200, head: renderHead(businessPageHead(business, baseUrl)) };
    }
    case 'city': {
      const city = await getCityBySlug(db, slug);
      if (!city) return notFound();
      const [businesses, countrySlug] = await Promise.all([firstPageOf(db, { cityId: city.id }), countrySlugOf(db, city.country)]);
      return { status: 200, head: renderHead(cityPageHead(city, businesses, countrySlug, baseUrl)) };
    }
    case 'category': {
      const category = await getCategoryBySlug(db, slug);
      if (!category) return notFound();
      return { status: 200, head: renderHead(categoryPageHead(category, await firstPageOf(db, { categoryId: category.id }), baseUrl)) };
    }
    default: {
      const country = await getCountryBySlug(db, slug);
      return country ? { status: 200, head: renderHead(countryPageHead(country, baseUrl)) } : notFound();
    }
  }
}
