/**
 * Validation: every served file against the sitemaps.org 0.9 schema (xmllint compiled
 * to WebAssembly, run in a worker, with the bundled XSDs), the 9,000-URL limit and the base URL;
 * the index must name exactly the stored files.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { memoryPages, validateXML } from 'xmllint-wasm';
import type { Db } from '../../db/index.js';
import { getServedFile, getServedGeneration, listServedFiles, recordValidation } from '../../db/queries/sitemaps.js';
import { SITEMAP_MAX_URLS } from '../../domain/constants.js';
import { INDEX_NAME, fileUrl } from './sitemap-xml.js';
import type { SitemapValidation } from '../../domain/types.js';
import { isLoopbackUrl, normaliseBaseUrl } from '../../domain/base-url.js';

/** Sources live in data/, the build in dist/data/: the schemas stay in data/sitemap/sitemap-schema/. */
function schemaPath(name: string): string {
  const candidates = [new URL(`./sitemap-schema/${name}`, import.meta.url), new URL(`../../../data/sitemap/sitemap-schema/${name}`, import.meta.url)];
  const found = candidates.map((u) => fileURLToPath(u)).find((p) => fs.existsSync(p));
  if (!found) throw new Error(`Sitemap schema ${name} is missing`);
  return found;
}

let schemas: { urlset: string; index: string } | undefined;
function loadSchemas() {
  schemas ??= { urlset: fs.readFileSync(schemaPath('sitemap.xsd'), 'utf8'), index: fs.readFileSync(schemaPath('siteindex.xsd'), 'utf8') };
  return schemas;
}

/** The verdict on an empty set: the API answers it, the CLI says it and stops (exit 1). */
export const NO_SITEMAPS = 'No sitemaps have been generated yet';

/** The most messages reported per file for one kind of problem, so one bad file cannot flood the list. */
const MAX_MESSAGES_PER_FILE = 5;

const UNESCAPE: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

/** The `<loc>` values of a sitemap or index, unescaped. */
export function extractLocs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replace(/&(amp|lt|gt|quot|apos);/g, (e) => UNESCAPE[e]));
}

/** Schema errors of one document, as 'name: line N: message'. */
export async function schemaErrors(name: string, xml: string, kind: 'urlset' | 'index'): Promise<string[]> {
  const s = loadSchemas();
  const result = await validateXML({
    xml: { fileName: name, contents: xml },
    schema: { fileName: kind === 'index' ? 'siteindex.xsd' : 'sitemap.xsd', contents: kind === 'index' ? s.index : s.urlset },
    // A full file of 9,000 URLs parses to a DOM well beyond the 32 MiB default.
    maxMemoryPages: 256 * memoryPages.MiB,
  });
  if (result.valid) return [];
  return result.errors.slice(0, MAX_MESSAGES_PER_FILE).map((e) => `${name}: ${e.loc ? `line ${e.loc.lineNumber}: ` : ''}${e.message}`);
}

/** Limit and base-URL errors of one urlset (or, for the index, of the file URLs it names). */
export function contentErrors(name: string, xml: string, baseUrl: string, expectedFiles?: string[]): string[] {
  const errors: string[] = [];
  const locs = extractLocs(xml);
  if (name !== INDEX_NAME && locs.length > SITEMAP_MAX_URLS) errors.push(`${name}: ${locs.length} URLs, more than the limit of ${SITEMAP_MAX_URLS}`);
  const foreign = locs.filter((l) => !l.startsWith(`${baseUrl}/`));
  if (foreign.length) errors.push(`${name}: ${foreign.length} URL(s) outside ${baseUrl}, e.g. ${foreign[0]}`);
  if (expectedFiles) {
    const want = new Set(expectedFiles.map((f) => fileUrl(baseUrl, f)));
    const have = new Set(locs);
    for (const url of want) if (!have.has(url)) errors.push(`${name}: does not list ${url}`);
    for (const url of have) if (!want.has(url) && url.startsWith(`${baseUrl}/`)) errors.push(`${name}: lists ${url}, which is not a stored file`);
  }
  return errors;
}

export interface ValidateOptions {
  /** The site's base URL as this process knows it: PUBLIC_BASE_URL, else this machine's address. */
  baseUrl: string;
  /** The caller named this base URL for this run (the CLI's --base-url), not a default. */
  baseUrlChosen?: boolean;
}

/**
 * The base URL the served set is held to. This machine's address is only a default (PUBLIC_BASE_URL
 * unset), so it does not judge a set generated for another address: that set is held to the base
 * URL it was generated with, the same rule that keeps Generate from replacing it. The server and
 * the CLI both come here, so they give one verdict whatever each one's default address.
 */
export function expectedBaseUrl(options: ValidateOptions, servedBaseUrl: string | undefined): string {
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  if (!options.baseUrlChosen && servedBaseUrl && isLoopbackUrl(baseUrl)) return normaliseBaseUrl(servedBaseUrl);
  return baseUrl;
}

/**
 * The one validation of the served set, for the admin's Validate and `rehber sitemap validate`
 * alike. Checks every file one at a time (constant memory); validFiles counts the files without
 * any error.
 */
export async function validateSitemaps(db: Db, options: ValidateOptions): Promise<SitemapValidation> {
  const files = await listServedFiles(db);
  if (files.length === 0) return { validFiles: 0, errors: [NO_SITEMAPS] };
  const baseUrl = expectedBaseUrl(options, (await getServedGeneration(db))?.baseUrl);
  const others = files.filter((f) => f.name !== INDEX_NAME).map((f) => f.name);
  let validFiles = 0;
  const errors: string[] = [];
  const byFile = new Map<string, string[]>();
  if (!files.some((f) => f.name === INDEX_NAME)) errors.push(`${INDEX_NAME}: missing`);
  for (const f of files) {
    const stored = await getServedFile(db, f.name);
    if (!stored) continue; // replaced by a newer generation meanwhile
    const isIndex = f.name === INDEX_NAME;
    const fileErrors = [
      ...(await schemaErrors(f.name, stored.content, isIndex ? 'index' : 'urlset')),
      ...contentErrors(f.name, stored.content, baseUrl, isIndex ? others : undefined),
    ];
    if (fileErrors.length === 0) validFiles++;
    errors.push(...fileErrors);
    byFile.set(f.name, fileErrors);
  }
  // Shown per file in the admin's list until the next generation or validation.
  await recordValidation(db, byFile);
  return { validFiles, errors };
}
