import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { usePublicApp } from './public-session.js';
import { insertGeneratedBusinesses } from '../data/sitemap/sitemap-fixtures.js';
import { generateSitemaps } from '../data/sitemap/sitemap.js';
import { extractLocs } from '../data/sitemap/sitemap-validate.js';
import { matchPage } from '../domain/paths.js';

/**
 * A crawler's walk of the site from its home page, on a small generated directory: every internal
 * link a crawler follows (rel=nofollow filter links are not), HTML pages only, bounded. What a
 * search engine needs of the link graph and of each page, checked on all of them at once.
 */

// 5 cities × 14 categories (coprime, so the businesses spread evenly): 3 businesses in each
// combination, every one a page, 14 to a city (more than a short "top" list would show); and a
// second country whose 2 × 3 combinations hold one business each, every one thin.
const served = usePublicApp({
  sample: false,
  seed: async (app) => {
    await insertGeneratedBusinesses(app.db, { businesses: 5 * 14 * 3, cities: 5, categories: 14, prefix: 'big' });
    await insertGeneratedBusinesses(app.db, { businesses: 6, cities: 2, categories: 3, prefix: 'thin' });
    // Districts: every combination's three in Kadıköy (a page of three), but a business whose number
    // is a multiple of 11 in Yeni Mahalle (alone there, thin, and its combination's Kadıköy thin too).
    await app.db.raw(`UPDATE businesses SET district = CASE WHEN split_part(slug, '-', 3)::int % 11 = 0 THEN 'Yeni Mahalle' ELSE 'Kadıköy' END WHERE slug LIKE 'big-%'`);
    // Some nobody has rated ('No reviews yet' on their cards).
    await app.db('businesses').whereRaw('id % 7 = 0').update({ review_count: 0 });
    await app.settle();
    await generateSitemaps(app.db, { baseUrl: app.config.publicBaseUrl, cityCategoryMin: app.config.cityCategoryMin });
  },
});
const site = () => served.app.url;

/** Enough for the directory above (about 300 pages); reaching it means the walk did not end. */
const MAX_PAGES = 2000;

interface Crawled {
  status: number;
  body: string;
}

const decode = (t: string) => t.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'");

/** The internal links of a page a crawler follows: no nofollow, no fragment, nothing but pages. */
function followedLinks(body: string, base: string): string[] {
  const out: string[] = [];
  for (const [tag, href] of body.matchAll(/<a\b[^>]*?\shref="([^"]*)"[^>]*>/g)) {
    if (/\brel="[^"]*\bnofollow\b/.test(tag)) continue;
    const url = new URL(decode(href), base);
    if (url.origin !== new URL(base).origin) continue;
    if (/^\/(admin|api|photos|assets|sitemaps)(\/|$)/.test(url.pathname)) continue;
    out.push(url.pathname + url.search);
  }
  return out;
}

let crawl: { pages: Map<string, Crawled>; linkedFrom: Map<string, Set<string>>; finished: boolean } | undefined;

/** Walks the site from '/', breadth first, a few requests at a time. */
async function crawled() {
  if (crawl) return crawl;
  const pages = new Map<string, Crawled>();
  const linkedFrom = new Map<string, Set<string>>();
  let queue = ['/'];
  const seen = new Set(queue);
  while (queue.length && pages.size < MAX_PAGES) {
    const batch = queue.slice(0, 8);
    queue = queue.slice(8);
    await Promise.all(
      batch.map(async (path) => {
        const res = await fetch(site() + path, { redirect: 'manual' });
        const html = (res.headers.get('content-type') ?? '').startsWith('text/html');
        const body = html ? await res.text() : (await res.arrayBuffer(), '');
        pages.set(path, { status: res.status, body });
        if (res.status !== 200) return;
        for (const link of followedLinks(body, site() + path)) {
          if (!linkedFrom.has(link)) linkedFrom.set(link, new Set());
          linkedFrom.get(link)!.add(path);
          if (!seen.has(link)) {
            seen.add(link);
            queue.push(link);
          }
        }
      }),
    );
  }
  crawl = { pages, linkedFrom, finished: queue.length === 0 };
  return crawl;
}

/** Every page URL the served sitemaps list, as paths. */
async function sitemapPaths(): Promise<string[]> {
  const index = extractLocs(await (await fetch(`${site()}/sitemap.xml`)).text());
  const paths: string[] = [];
  for (const file of index) {
    for (const loc of extractLocs(await (await fetch(site() + new URL(file).pathname)).text())) paths.push(new URL(loc).pathname);
  }
  return paths;
}

const count = (body: string, re: RegExp) => body.match(re)?.length ?? 0;

/** What a crawled page's head says of it to a search engine. */
function headOf(body: string): { title: string; description: string; canonical: string | null; noindex: boolean } {
  const canonical = body.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
  return {
    title: decode(body.match(/<title>([^<]*)<\/title>/)?.[1] ?? ''),
    description: decode(body.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? ''),
    canonical: canonical === undefined ? null : decode(canonical),
    noindex: body.includes('<meta name="robots" content="noindex" />'),
  };
}

/** Which public page a crawled path is ('' for none). */
const pageOf = (path: string): string => {
  const match = matchPage(path.split('?')[0]);
  return match && match.kind !== 'admin' ? match.page : '';
};

describe('a crawl from the home page', () => {
  it('ends, and finds no broken page: every internal link answers 200', async () => {
    const { pages, finished } = await crawled();
    expect(finished).toBe(true);
    expect(pages.size).toBeGreaterThan(5 * 14 * 3);
    const broken = [...pages].filter(([, p]) => p.status !== 200).map(([path, p]) => `${p.status} ${path}`);
    expect(broken).toEqual([]);
  }, 300_000);

  it('reaches every page the sitemaps list, each category in a city from its city, category or country page (not only from its businesses), each category in a district from its category in the city, each category in a country from its country', async () => {
    const { pages, linkedFrom } = await crawled();
    const listed = await sitemapPaths();
    const combos = listed.filter((p) => pageOf(p) === 'cityCategory');
    expect(combos.length).toBe(5 * 14);
    expect(listed.filter((p) => !pages.has(p))).toEqual([]);
    const fromLists = (path: string) => [...(linkedFrom.get(path) ?? [])].some((from) => ['city', 'category', 'country'].includes(pageOf(from)));
    expect(combos.filter((p) => !fromLists(p))).toEqual([]);
    // Each category in a district from its category in the city.
    const districts = listed.filter((p) => pageOf(p) === 'districtCategory');
    expect(districts.length).toBeGreaterThanOrEqual(5 * 14 - 19);
    const fromCombo = (path: string) => [...(linkedFrom.get(path) ?? [])].some((from) => pageOf(from) === 'cityCategory');
    expect(districts.filter((p) => !fromCombo(p))).toEqual([]);
    // Each category in a country from its country: the 14 of the big one (the thin country's are thin).
    const countries = listed.filter((p) => pageOf(p) === 'countryCategory');
    expect(countries.length).toBe(14);
    const fromCountry = (path: string) => [...(linkedFrom.get(path) ?? [])].some((from) => pageOf(from) === 'country');
    expect(countries.filter((p) => !fromCountry(p))).toEqual([]);
  }, 300_000);

  it('finds one title, one H1 and one canonical link on every page, search answers noindex and no other page but a thin one', async () => {
    const { pages } = await crawled();
    const wrong: string[] = [];
    for (const [path, { body }] of pages) {
      const problems = [
        count(body, /<title>[^<]+<\/title>/g) !== 1 && 'title',
        count(body, /<h1[\s>]/g) !== 1 && 'h1',
        count(body, /<link rel="canonical"/g) !== 1 && 'canonical',
      ].filter(Boolean);
      const noindex = body.includes('<meta name="robots" content="noindex" />');
      // Search answers are kept out of indexes, and thin categories in a city, district or country; nothing else is.
      if (noindex ? !['search', 'cityCategory', 'districtCategory', 'countryCategory'].includes(pageOf(path)) : pageOf(path) === 'search') problems.push(noindex ? 'noindex' : 'indexable search');
      if (problems.length) wrong.push(`${path}: ${problems.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('gives every page for an index a title and a description of its own, a list\'s page past the first among them', async () => {
    const { pages } = await crawled();
    // A page a search engine indexes is its canonical URL: two crawled addresses with one canonical are one page.
    const byTitle = new Map<string, Set<string>>();
    const byDescription = new Map<string, Set<string>>();
    let pastFirst = 0;
    for (const { status, body } of pages.values()) {
      const { title, description, canonical, noindex } = headOf(body);
      if (status !== 200 || noindex || !canonical) continue;
      if (/[?&]page=\d+$/.test(canonical)) pastFirst++;
      for (const [map, text] of [[byTitle, title], [byDescription, description]] as const) {
        if (!map.has(text)) map.set(text, new Set());
        map.get(text)!.add(canonical);
      }
    }
    expect(pastFirst).toBeGreaterThan(0);
    const shared = (map: Map<string, Set<string>>) => [...map].filter(([, urls]) => urls.size > 1).map(([text, urls]) => `${text}: ${[...urls].join(' ')}`);
    expect(shared(byTitle)).toEqual([]);
    expect(shared(byDescription)).toEqual([]);
  }, 300_000);

  it('finds every page for an index in the sitemaps: each page without noindex, whose canonical link is its own address without a query', async () => {
    const { pages } = await crawled();
    const listed = new Set(await sitemapPaths());
    const indexed = [...pages]
      .filter(([path, { status, body }]) => status === 200 && !path.includes('?') && !headOf(body).noindex && headOf(body).canonical === site() + path)
      .map(([path]) => path);
    expect(indexed.length).toBeGreaterThan(5 * 14 * 3);
    expect(indexed.filter((path) => !listed.has(path))).toEqual([]);
  }, 300_000);

  it('finds none of the HTML checker\'s complaints: no role on a search input, no raw space in a URL attribute, no class given twice', async () => {
    const { pages } = await crawled();
    const wrong: string[] = [];
    for (const [path, { body }] of pages) {
      for (const [input] of body.matchAll(/<input\b[^>]*>/g)) if (/type="search"/.test(input) && /\srole="/.test(input)) wrong.push(`${path}: ${input}`);
      for (const [, attr, url] of body.matchAll(/\s(href|src)="([^"]*)"/g)) if (/\s/.test(url)) wrong.push(`${path}: ${attr}="${url.slice(0, 60)}…"`);
      for (const [, classes] of body.matchAll(/\sclass="([^"]*)"/g)) {
        const tokens = classes.split(/\s+/).filter(Boolean);
        if (new Set(tokens).size !== tokens.length) wrong.push(`${path}: class="${classes}"`);
      }
    }
    expect([...new Set(wrong)].slice(0, 10)).toEqual([]);
  }, 300_000);

  it('passes the Nu HTML checker: no error on any page it reached', async () => {
    const { pages } = await crawled();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-nu-'));
    try {
      // One file a page; the file name leads back to the path in the checker's answer.
      const byFile = new Map<string, string>();
      [...pages].forEach(([pagePath, { body }], i) => {
        const file = path.join(dir, `page-${i}.html`);
        fs.writeFileSync(file, body);
        byFile.set(`file:${file}`, pagePath);
      });
      const messages = await checkHtml([...byFile.keys()].map((f) => f.slice('file:'.length)));
      const errors = messages.filter((m) => m.type === 'error').map((m) => `${byFile.get(m.url) ?? m.url}: ${m.message}`);
      expect(pages.size).toBeGreaterThan(5 * 14 * 3);
      expect([...new Set(errors)].slice(0, 10)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

interface NuMessage {
  type: string;
  url: string;
  message: string;
}

/** The Nu HTML checker (the W3C's validator, offline from the vnu-jar package) on these files. */
async function checkHtml(files: string[]): Promise<NuMessage[]> {
  const jar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
  try {
    const { stdout } = await promisify(execFile)('java', ['-jar', jar, '--format', 'json', '--stdout', '--exit-zero-always', ...files], { maxBuffer: 64 << 20 });
    return (JSON.parse(stdout) as { messages: NuMessage[] }).messages;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('The Nu HTML checker needs Java: install default-jre-headless (scripts/ensure-java.sh does as root)', { cause: err });
    throw err;
  }
}
