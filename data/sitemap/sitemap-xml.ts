/**
 * Pure sitemap XML renderers: one escape function, no I/O. The generator streams rows
 * from PostgreSQL into these; the validator and the tests read what they produce.
 */
import { cityCategoryPath, countryCategoryPath, districtCategoryPath, slugPath, STATIC_PAGES, type SlugPage, type StaticPage } from '../../domain/paths.js';
import { slugifyText } from '../../domain/slug.js';

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>\n';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** The one escape function: text and attribute safe. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

export interface UrlEntry {
  loc: string;
  lastmod?: Date | string | null;
}

const W3C_SECOND = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

/** W3C datetime at second precision in UTC: 2026-11-21T10:00:00Z. A string in that form already is written as it is. */
export function formatLastmod(value: Date | string): string {
  if (typeof value === 'string' && W3C_SECOND.test(value)) return value;
  const d = value instanceof Date ? value : new Date(value);
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function renderEntry(tag: 'url' | 'sitemap', entry: UrlEntry): string {
  const lastmod = entry.lastmod ? `<lastmod>${formatLastmod(entry.lastmod)}</lastmod>` : '';
  return `<${tag}><loc>${escapeXml(entry.loc)}</loc>${lastmod}</${tag}>\n`;
}

/** A `<urlset>` file. */
export function renderUrlset(entries: Iterable<UrlEntry>): string {
  const parts = [XML_DECL, `<urlset xmlns="${SITEMAP_NS}">\n`];
  for (const e of entries) parts.push(renderEntry('url', e));
  parts.push('</urlset>\n');
  return parts.join('');
}

/** The `<sitemapindex>` naming every file. */
export function renderIndex(entries: Iterable<UrlEntry>): string {
  const parts = [XML_DECL, `<sitemapindex xmlns="${SITEMAP_NS}">\n`];
  for (const e of entries) parts.push(renderEntry('sitemap', e));
  parts.push('</sitemapindex>\n');
  return parts.join('');
}

/** The public page of each sitemap type named by one slug. */
const PAGE_OF = {
  businesses: 'details',
  cities: 'city',
  categories: 'category',
  countries: 'country',
} as const satisfies Record<string, SlugPage>;

/**
 * Every sitemap type, in the order a generation writes them: those named by one slug, a category
 * in a city, in a district and in a country, named by two or three, and the pages without a slug,
 * named by their page.
 */
export const SITEMAP_TYPES = [...(Object.keys(PAGE_OF) as (keyof typeof PAGE_OF)[]), 'city-categories', 'district-categories', 'country-categories', 'pages'] as const;
export type SitemapType = (typeof SITEMAP_TYPES)[number];

/**
 * What names one page of a type: a slug, for a category in a city the category's slug too, and
 * for a category in a district the district's name as well.
 */
export interface PageRef {
  slug: string;
  category?: string;
  district?: string;
}

/**
 * An absolute page URL: base + the page's path; null for a district whose name leaves nothing
 * for the slug rule (it has no page).
 */
export function pageUrl(baseUrl: string, type: SitemapType, page: PageRef): string | null {
  if (type === 'pages') return baseUrl + STATIC_PAGES[page.slug as StaticPage];
  if (type === 'city-categories') return baseUrl + cityCategoryPath(page.slug, page.category ?? '');
  if (type === 'country-categories') return baseUrl + countryCategoryPath(page.slug, page.category ?? '');
  if (type === 'district-categories') {
    const district = slugifyText(page.district ?? '');
    return district ? baseUrl + districtCategoryPath(page.slug, district, page.category ?? '') : null;
  }
  return baseUrl + slugPath(PAGE_OF[type], page.slug);
}

/** Where a stored file is served: the index at /sitemap.xml, the others under /sitemaps/. */
export const INDEX_NAME = 'sitemap.xml';
export function fileUrl(baseUrl: string, name: string): string {
  return name === INDEX_NAME ? `${baseUrl}/${INDEX_NAME}` : `${baseUrl}/sitemaps/${name}`;
}

/** businesses-1.xml, businesses-2.xml, cities-1.xml, city-categories-1.xml, ... */
export function fileName(type: SitemapType, n: number): string {
  return `${type}-${n}.xml`;
}


/** '812 B', '14.3 KB', '1.2 MB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}
