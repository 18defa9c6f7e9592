/**
 * Which head a path gets and whether it exists: the crawler's view of the site's routes. A known
 * route answers 200; an unknown business, city, category or country, or any other path, 404. The
 * lookups go through the page view's reads (server/ssr/public-reads.ts), which the server render
 * of the body shares: one lookup per page view.
 */
import type { PublicReads } from '../../data/domain/public-reads.js';
import { businessMeta, categoryMeta, cityMeta, countryMeta, STATIC_META, type PageMeta } from '../../data/domain/page-meta.js';
import { matchPage } from '../../data/domain/paths.js';
import { safeHttpUrl } from '../../data/domain/safe-url.js';
import { renderHead } from './head.js';
import { businessJsonLd } from './json-ld.js';

export interface PageHead {
  status: 200 | 404 | 500;
  /** Replacement for the <!--head--> block; undefined keeps the built default. */
  head?: string;
}

const simpleHead = (meta: PageMeta, baseUrl: string) => renderHead({ title: meta.title, description: meta.description, canonical: baseUrl + meta.path });

export async function pageHead(reads: PublicReads, baseUrl: string, rawPath: string): Promise<PageHead> {
  const match = matchPage(rawPath);
  if (!match) return { status: 404 };
  if (match.kind === 'admin') return { status: 200 };
  if (match.kind === 'static') {
    return { status: 200, head: simpleHead(STATIC_META[match.page], baseUrl) };
  }
  const { slug } = match;
  switch (match.page) {
    case 'details': {
      const business = await reads.business(slug);
      if (!business) return { status: 404 };
      const meta = businessMeta(business);
      const canonical = baseUrl + meta.path;
      const head = renderHead({
        title: meta.title,
        description: meta.description,
        canonical,
        ogType: 'business.business',
        image: safeHttpUrl(business.photo),
        jsonLd: businessJsonLd(business, canonical),
      });
      return { status: 200, head };
    }
    case 'city': {
      const city = await reads.city(slug);
      if (!city) return { status: 404 };
      return { status: 200, head: simpleHead(cityMeta(city), baseUrl) };
    }
    case 'category': {
      const category = await reads.category(slug);
      return category ? { status: 200, head: simpleHead(categoryMeta(category), baseUrl) } : { status: 404 };
    }
    default: {
      const country = await reads.country(slug);
      return country ? { status: 200, head: simpleHead(countryMeta(country), baseUrl) } : { status: 404 };
    }
  }
}
