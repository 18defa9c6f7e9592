/**
 * The sitemap generator: streams rows from PostgreSQL through a cursor into the pure
 * renderers of sitemap-xml.ts, stores each file as it is complete, and publishes the new set in one
 * transaction when every file is written. The old set is served until then.
 */
import type { Db } from '../../db/index.js';
import {
  countSource,
  createGeneration,
  failAbandonedGenerations,
  failGeneration,
  getServedGeneration,
  groupBusinessesOnce,
  insertFile,
  publishGeneration,
  readSource,
  setWorkPlanned,
  tryLockGeneration,
  type SourceRow,
} from '../../db/queries/sitemaps.js';
import { CITY_CATEGORY_MIN_BUSINESSES, SITEMAP_MAX_URLS } from '../../domain/constants.js';
import { InputError } from '../../domain/errors.js';
import { INDEX_NAME, SITEMAP_TYPES, fileName, fileUrl, pageUrl, renderIndex, renderUrlset, type SitemapType, type UrlEntry } from './sitemap-xml.js';
import { isLoopbackUrl, normaliseBaseUrl } from '../../domain/base-url.js';
import { readAhead } from './read-ahead.js';

/** A second generation while one runs, in this process or another: 409 on the API, exit 1 in the CLI. */
export class SitemapBusyError extends InputError {
  constructor() {
    super('A sitemap generation is already running', 409);
    this.name = 'SitemapBusyError';
  }
}

/**
 * A base URL of this machine would replace the served sitemaps of a public site: search engines
 * would be sent to localhost. 409 on the API; the CLI adds its --base-url and exits 2.
 */
export class SitemapBaseUrlError extends InputError {
  constructor(
    readonly served: string,
    readonly baseUrl: string,
  ) {
    super(`The served sitemaps use ${served}; not replacing them with ${baseUrl} URLs: set PUBLIC_BASE_URL`, 409);
    this.name = 'SitemapBaseUrlError';
  }
}

export interface GeneratedFile {
  name: string;
  type: SitemapType | 'index';
  count: number;
  bytes: number;
}

/** Progress is data: URLs written out of URLs counted up front. */
export interface SitemapProgress {
  phase: 'counting' | 'writing' | 'publishing' | 'done';
  done: number;
  planned: number;
  files: number;
  /** The file just written, when there is one. */
  file?: GeneratedFile;
}

export interface GenerateOptions {
  baseUrl: string;
  /**
   * The caller named this base URL for this run (the CLI's --base-url), not a default: it may
   * replace a public site's sitemaps with local URLs.
   */
  baseUrlChosen?: boolean;
  /** A category in a city with fewer active businesses is left out (COMBO_MIN_BUSINESSES; default CITY_CATEGORY_MIN_BUSINESSES). */
  cityCategoryMin?: number;
  onProgress?: (p: SitemapProgress) => void;
  /** Awaited after each file is stored, before the next is stored (the next may be read already). Tests hold a generation mid-way with it. */
  afterFile?: (file: GeneratedFile) => Promise<void> | void;
}

export interface GenerateResult {
  generationId: number;
  baseUrl: string;
  urls: number;
  /** Every file of the new set, the index first. */
  files: GeneratedFile[];
}

export async function generateSitemaps(db: Db, options: GenerateOptions): Promise<GenerateResult> {
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const emit = options.onProgress ?? (() => {});
  const sourceOptions = { cityCategoryMin: options.cityCategoryMin ?? CITY_CATEGORY_MIN_BUSINESSES, grouped: true };
  // One connection for the whole run: it holds the advisory lock (released when the transaction
  // ends, or when the connection dies with its process) and reads every source from one snapshot,
  // so the counts planned up front match the rows written.
  const snapshot = await db.transaction({ isolationLevel: 'repeatable read' });
  try {
    if (!(await tryLockGeneration(snapshot))) throw new SitemapBusyError();
    // Read under the lock (and outside the snapshot): no other run can publish until we are done.
    const served = await getServedGeneration(db);
    if (!options.baseUrlChosen && served && isLoopbackUrl(baseUrl) && !isLoopbackUrl(served.baseUrl)) throw new SitemapBaseUrlError(served.baseUrl, baseUrl);
    await failAbandonedGenerations(db);
    const generationId = await createGeneration(db, baseUrl);
    try {
      emit({ phase: 'counting', done: 0, planned: 0, files: 0 });
      await groupBusinessesOnce(snapshot);
      const counts = new Map<SitemapType, number>();
      for (const type of SITEMAP_TYPES) counts.set(type, await countSource(snapshot, type, sourceOptions));
      const planned = [...counts.values()].reduce((a, b) => a + b, 0);
      await setWorkPlanned(db, generationId, planned);

      const files: GeneratedFile[] = [];
      let done = 0;
      emit({ phase: 'writing', done, planned, files: 0 });
      const store = async (file: GeneratedFile & { type: SitemapType }, content: string, work: number) => {
        const { bytes } = await insertFile(db, { generationId, name: file.name, type: file.type, urlCount: file.count, content, work });
        const stored: GeneratedFile = { ...file, bytes };
        files.push(stored);
        done += work;
        emit({ phase: 'writing', done, planned, files: files.length, file: stored });
        await options.afterFile?.(stored);
      };
      // Three stages at once: the next page's FETCH (the snapshot's connection, readAhead), this
      // page's XML (here) and the previous file's store (another connection of the pool). One store
      // at a time, so files are stored and reported in order.
      let storing: Promise<void> | undefined;
      try {
        for (const type of SITEMAP_TYPES) {
          if (!counts.get(type)) continue;
          let n = 0;
          for await (const rows of readAhead(readSource(snapshot, type, SITEMAP_MAX_URLS, sourceOptions))) {
            const entries = urlEntries(baseUrl, type, rows);
            // A sitemap file lists at least one URL.
            if (!entries.length) continue;
            const file = { name: fileName(type, ++n), type, count: entries.length, bytes: 0 };
            const content = renderUrlset(entries);
            await storing;
            storing = store(file, content, rows.length);
            // Awaited above on the next file or below; never an unhandled rejection meanwhile.
            storing.catch(() => {});
          }
        }
        await storing;
      } catch (err) {
        // A store in flight ends before the generation's files are dropped.
        await storing?.catch(() => {});
        throw err;
      }

      emit({ phase: 'publishing', done, planned, files: files.length });
      const now = new Date();
      const index = renderIndex(files.map((f) => ({ loc: fileUrl(baseUrl, f.name), lastmod: now })));
      const { bytes } = await insertFile(db, { generationId, name: INDEX_NAME, type: 'index', urlCount: files.length, content: index, work: 0 });
      const indexFile: GeneratedFile = { name: INDEX_NAME, type: 'index', count: files.length, bytes };
      await publishGeneration(db, generationId);
      emit({ phase: 'done', done, planned, files: files.length + 1 });
      return { generationId, baseUrl, urls: done, files: [indexFile, ...files] };
    } catch (err) {
      await failGeneration(db, generationId, err instanceof Error ? err.message : String(err)).catch(() => {});
      throw err;
    }
  } finally {
    await snapshot.rollback().catch(() => {});
  }
}

/**
 * A file's entries from its rows: each row's page once. Two spellings of a district in one city
 * ('Kadıköy', 'Kadikoy') make one page (its slug), written once with the newer date; a district
 * whose name has no slug has no page.
 */
function urlEntries(baseUrl: string, type: SitemapType, rows: SourceRow[]): UrlEntry[] {
  // Every other type's rows are one page each (unique slugs, unique pairs): no map of a million URLs.
  if (type !== 'district-categories') return rows.map((r) => ({ loc: pageUrl(baseUrl, type, r) as string, lastmod: r.lastmod }));
  const entries = new Map<string, UrlEntry>();
  for (const r of rows) {
    const loc = pageUrl(baseUrl, type, r);
    if (loc === null) continue;
    const seen = entries.get(loc);
    if (!seen) entries.set(loc, { loc, lastmod: r.lastmod });
    else if (r.lastmod && (!seen.lastmod || new Date(r.lastmod) > new Date(seen.lastmod))) seen.lastmod = r.lastmod;
  }
  return [...entries.values()];
}
