/**
 * Lighthouse scores (performance, accessibility, best practices, SEO) and total blocking time of
 * the home page, a business page, the biggest city's page and a search page, with Debian's
 * Chromium. `make bench` (or `npx tsx scripts/lighthouse.ts`) prints them; `--url http://host:port`
 * audits a running server, otherwise this starts its own: an embedded PostgreSQL in a temporary
 * directory with the bundled sample, and the built site of dist/web and dist/ssr. `--runs N` audits
 * each page N times and prints every run and the medians; LIGHTHOUSE_REPORTS=dir keeps each run's
 * JSON report there (the failing audits). `--map` draws the map on the pages that have one, from
 * the test tile server (server/routes/map.fixtures.ts) started beside the site.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type http from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import pino from 'pino';
import { createDb, type Db } from '../db/index.js';
import { startEmbedded } from '../db/embedded.js';
import { migrateLatest } from '../db/migrate.js';
import { loadSample } from '../data/samples/sample.js';
import { createApp } from '../server/app.js';
import { testConfig, type Config } from '../server/config.js';
import { startTileServer } from '../server/routes/map.fixtures.js';
import { cityCategoryPath, searchPath, slugPath } from '../domain/paths.js';
import { freePort } from './free-port.js';

export interface LighthouseScores {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Total blocking time, ms. */
  tbt: number;
}

/** The pages audited: a label and a path (with its query). */
export interface AuditPage {
  label: string;
  path: string;
}

/** The word of the search page audited: one many sample businesses match (88 cafés). */
export const SEARCH_WORD = 'cafe';

// The flags of e2e/browser.ts: headless, and nothing that reaches out to the network by itself.
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p));
  if (!found) throw new Error("Chromium is missing: install Debian's 'chromium' package");
  return found;
}

/**
 * One audit of `url`. A run whose trace Lighthouse could not record (a runtime error such as
 * NO_NAVSTART, seen on a loaded machine: every score null, "Please run Lighthouse again") is run
 * again, up to three times in all; such a run measures nothing about the page.
 */
async function auditOnce(url: string, port: number): Promise<RunnerResult> {
  let error = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // Mobile emulation with simulated throttling: Lighthouse's default, the stricter case.
      formFactor: 'mobile',
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!result.lhr.runtimeError) return result;
    error = result.lhr.runtimeError.code;
    console.error(`lighthouse: ${url}: ${error}, running it again`);
  }
  throw new Error(`Lighthouse failed three times on ${url}: ${error}`);
}

/**
 * Audits each URL in turn with one Chromium; scores 0 to 100. With `reportDir`, each run's JSON
 * report is written there as `<page>-<time>.json`.
 */
export async function lighthouseScores(urls: string[], reportDir = process.env.LIGHTHOUSE_REPORTS): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS });
  try {
    const out: LighthouseScores[] = [];
    for (const url of urls) {
      const result = await auditOnce(url, chrome.port);
      const c = result.lhr.categories;
      const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
      const u = new URL(url);
      const page = u.pathname + u.search;
      if (reportDir) {
        fs.mkdirSync(reportDir, { recursive: true });
        const name = `${page.replace(/[^a-zA-Z0-9]+/g, '_')}-${Date.now()}.json`;
        fs.writeFileSync(path.join(reportDir, name), JSON.stringify(result.lhr));
      }
      const tbt = Math.round(result.lhr.audits['total-blocking-time']?.numericValue ?? 0);
      out.push({ page, performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo'), tbt });
    }
    return out;
  } finally {
    await chrome.kill();
  }
}

/** Audits every page `runs` times (page by page, run after run) and gives each page's runs. */
export async function auditPages(base: string, pages: AuditPage[], runs = 1): Promise<Array<{ page: AuditPage; runs: LighthouseScores[] }>> {
  const out = pages.map((page) => ({ page, runs: [] as LighthouseScores[] }));
  for (let i = 0; i < runs; i++) {
    const scores = await lighthouseScores(pages.map((p) => base + p.path));
    scores.forEach((s, j) => out[j].runs.push(s));
  }
  return out;
}

/** The median of the runs, figure by figure (the lower middle one of an even count). */
export function medianScores(runs: LighthouseScores[]): LighthouseScores {
  const med = (k: 'performance' | 'accessibility' | 'bestPractices' | 'seo' | 'tbt') => {
    const v = runs.map((r) => r[k]).sort((a, b) => a - b);
    return v[Math.floor((v.length - 1) / 2)];
  };
  return { page: runs[0].page, performance: med('performance'), accessibility: med('accessibility'), bestPractices: med('bestPractices'), seo: med('seo'), tbt: med('tbt') };
}

export function formatScores(rows: LighthouseScores[]): string {
  return rows.map((r) => `lighthouse ${r.page}: performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r.bestPractices}, SEO ${r.seo}, total blocking time ${r.tbt} ms`).join('\n');
}

export interface AuditServer {
  url: string;
  /** The pages to audit: home, the business with the most reviews, the biggest city, a search. */
  pages: AuditPage[];
  close(): Promise<void>;
}

/** The audited pages, from a business slug, a city slug and, where known, a category in a city. */
export function auditPagesFor(businessSlug: string, citySlug: string, combination?: { city: string; category: string }): AuditPage[] {
  return [
    { label: 'home', path: '/' },
    { label: 'business page', path: slugPath('details', businessSlug) },
    { label: 'city page', path: slugPath('city', citySlug) },
    ...(combination ? [{ label: 'category in a city page', path: cityCategoryPath(combination.city, combination.category) }] : []),
    { label: 'search page', path: searchPath(SEARCH_WORD) },
  ];
}

/** The app on `db` (migrated) with the bundled sample loaded, on a free loopback port. */
export async function serveSample(db: Db, overrides: Partial<Config> = {}): Promise<AuditServer> {
  await loadSample(db);
  const business = (await db('businesses').whereNotNull('about').orderBy('review_count', 'desc').first('slug')) as { slug: string };
  const city = (await db('cities').orderBy('business_count', 'desc').orderBy('id').first('slug')) as { slug: string };
  // The sample's biggest category in a city: a page with its listing and its map.
  const combination = (await db('businesses as b')
    .join('cities as c', 'c.id', 'b.city_id')
    .join('categories as k', 'k.id', 'b.category_id')
    .where('b.is_active', true)
    .groupBy('c.slug', 'k.slug')
    .orderByRaw('count(*) desc, c.slug, k.slug')
    .first('c.slug as city', 'k.slug as category')) as { city: string; category: string } | undefined;
  const config = { ...testConfig(), ...overrides };
  const port = await freePort();
  config.publicBaseUrl = `http://127.0.0.1:${port}`;
  const app = createApp({ db, config, logger: pino({ level: 'silent' }) });
  const server: http.Server = await new Promise((resolve) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
  });
  return {
    url: config.publicBaseUrl,
    pages: auditPagesFor(business.slug, city.slug, combination),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.dataVersion.stop();
    },
  };
}

/** A throwaway server with the sample, for when no --url is given: embedded PostgreSQL in a temp dir. */
export async function startOwnServer(overrides: Partial<Config> = {}): Promise<AuditServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-lighthouse-'));
  fs.chmodSync(dir, 0o777);
  const pg = await startEmbedded(path.join(dir, 'data'), await freePort(), { quiet: true });
  const db = createDb(pg.url);
  await migrateLatest(db);
  const served = await serveSample(db, overrides);
  return {
    ...served,
    async close() {
      await served.close();
      await db.destroy();
      await pg.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const i = process.argv.indexOf('--url');
  const given = i > 0 ? process.argv[i + 1]?.replace(/\/+$/, '') : undefined;
  const tiles = process.argv.includes('--map') ? await startTileServer() : undefined;
  const own = given ? undefined : await startOwnServer(tiles ? { map: { tileUrl: tiles.template, attribution: 'Test tiles' } } : {});
  try {
    const base = given ?? own!.url;
    let pages = own?.pages;
    if (!pages) {
      const recent = (await (await fetch(`${base}/api/businesses/recent`)).json()) as Array<{ slug: string }>;
      const cities = (await (await fetch(`${base}/api/cities/popular`)).json()) as Array<{ slug: string }>;
      pages = auditPagesFor(recent[0].slug, cities[0].slug);
    }
    const r = process.argv.indexOf('--runs');
    const runs = r > 0 ? Math.max(1, Number(process.argv[r + 1]) || 1) : 1;
    const audited = await auditPages(base, pages, runs);
    if (runs > 1) for (const a of audited) console.log(a.runs.map((s, k) => `run ${k + 1}: ${formatScores([s])}`).join('\n'));
    console.log(formatScores(audited.map((a) => medianScores(a.runs))));
  } finally {
    await own?.close();
    await tiles?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(`lighthouse: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
