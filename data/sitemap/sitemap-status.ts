/**
 * What the admin screen and the CLI read about sitemaps: totals, the served files, progress.
 * Shapes are those of the API (SitemapStats, SitemapFile, progress 0..100).
 */
import type { Db } from '../../db/index.js';
import { countSource, getLatestGeneration, getServedGeneration, listServedFiles } from '../../db/queries/sitemaps.js';
import { CITY_CATEGORY_MIN_BUSINESSES } from '../../domain/constants.js';
import type { SitemapFile, SitemapStats } from '../../domain/types.js';
import { INDEX_NAME, formatSize } from './sitemap-xml.js';
import { normaliseBaseUrl } from '../../domain/base-url.js';

/**
 * Totals of what a generation would list now (the same queries the generator counts with), and the
 * base URL of the served set (else `baseUrl`, what the next generation would use).
 */
export async function getSitemapStats(db: Db, options: { baseUrl: string; cityCategoryMin?: number }): Promise<SitemapStats> {
  const sources = { cityCategoryMin: options.cityCategoryMin ?? CITY_CATEGORY_MIN_BUSINESSES };
  const [totalBusinesses, totalCategories, totalCities, totalCountries, totalCityCategories, totalDistrictCategories, totalCountryCategories, served] = await Promise.all([
    countSource(db, 'businesses', sources),
    countSource(db, 'categories', sources),
    countSource(db, 'cities', sources),
    countSource(db, 'countries', sources),
    countSource(db, 'city-categories', sources),
    countSource(db, 'district-categories', sources),
    countSource(db, 'country-categories', sources),
    getServedGeneration(db),
  ]);
  return {
    totalBusinesses,
    totalCategories,
    totalCities,
    totalCountries,
    totalCityCategories,
    totalDistrictCategories,
    totalCountryCategories,
    lastGenerated: served?.finishedAt ? new Date(served.finishedAt).toISOString() : null,
    baseUrl: served?.baseUrl ?? normaliseBaseUrl(options.baseUrl),
  };
}

/** Where this site serves a stored file: a path, so View opens this server's copy whatever the base URL. */
export function servedPath(name: string): string {
  return name === INDEX_NAME ? `/${INDEX_NAME}` : `/sitemaps/${name}`;
}

/** The served set, the index first. Empty before the first generation completes. */
export async function getSitemapFiles(db: Db): Promise<SitemapFile[]> {
  const rows = await listServedFiles(db);
  return rows.map((r) => ({
    name: r.name,
    type: r.type,
    count: r.urlCount,
    size: formatSize(r.bytes),
    status: r.status,
    lastModified: new Date(r.lastModified).toISOString(),
    url: servedPath(r.name),
    ...(r.errors?.length ? { errors: r.errors } : {}),
  }));
}

/**
 * Progress of the latest generation: URLs written out of URLs counted, held below 100 until the new
 * set is published; 100 once it is; 0 when it failed or none has run.
 */
export async function getSitemapProgress(db: Db): Promise<{ progress: number }> {
  const g = await getLatestGeneration(db);
  if (!g) return { progress: 0 };
  if (g.status === 'ready') return { progress: 100 };
  if (g.status !== 'generating' || g.workPlanned <= 0) return { progress: 0 };
  return { progress: Math.min(99, Math.floor((g.workDone * 100) / g.workPlanned)) };
}
