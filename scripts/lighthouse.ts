/**
 * Lighthouse scores (performance, accessibility, best practices, SEO) of the home page and a
 * business page, with Debian's Chromium. `make bench` (or `npx tsx scripts/lighthouse.ts`) prints
 * them; `--url http://host:port` audits a running server, otherwise this starts its own: an embedded
 * PostgreSQL in a temporary directory with the bundled sample, and the built SPA of dist/web.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type http from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pino from 'pino';
import { createDb, type Db } from '../db/index.js';
import { startEmbedded } from '../db/embedded.js';
import { migrateLatest } from '../db/migrate.js';
import { loadSample } from '../data/samples/sample.js';
import { createApp } from '../server/app.js';
import { testConfig } from '../server/config.js';
import { freePort } from './free-port.js';

export interface LighthouseScores {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

// The flags of e2e/browser.ts: headless, and nothing that reaches out to the network by itself.
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p));
  if (!found) throw new Error("Chromium is missing: install Debian's 'chromium' package");
  return found;
}

/** Audits each URL in turn with one Chromium; scores 0 to 100. */
export async function lighthouseScores(urls: string[]): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS });
  try {
    const out: LighthouseScores[] = [];
    for (const url of urls) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        // Mobile emulation with simulated throttling: Lighthouse's default, the stricter case.
        formFactor: 'mobile',
      });
      const c = result?.lhr.categories;
      if (!c) throw new Error(`Lighthouse gave no result for ${url}`);
      const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
      out.push({ page: new URL(url).pathname, performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo') });
    }
    return out;
  } finally {
    await chrome.kill();
  }
}

export function formatScores(rows: LighthouseScores[]): string {
  return rows.map((r) => `lighthouse ${r.page}: performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r.bestPractices}, SEO ${r.seo}`).join('\n');
}

export interface AuditServer {
  url: string;
  /** A business page of the sample, the one with the most reviews. */
  businessPath: string;
  close(): Promise<void>;
}

/** The app on `db` (migrated) with the bundled sample loaded, on a free loopback port. */
export async function serveSample(db: Db): Promise<AuditServer> {
  await loadSample(db);
  const business = (await db('businesses').whereNotNull('about').orderBy('review_count', 'desc').first('slug')) as { slug: string };
  const config = testConfig();
  const port = await freePort();
  config.publicBaseUrl = `http://127.0.0.1:${port}`;
  const app = createApp({ db, config, logger: pino({ level: 'silent' }) });
  const server: http.Server = await new Promise((resolve) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
  });
  return {
    url: config.publicBaseUrl,
    businessPath: `/details/${business.slug}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.dataVersion.stop();
    },
  };
}

/** A throwaway server with the sample, for when no --url is given: embedded PostgreSQL in a temp dir. */
export async function startOwnServer(): Promise<AuditServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-lighthouse-'));
  fs.chmodSync(dir, 0o777);
  const pg = await startEmbedded(path.join(dir, 'data'), await freePort(), { quiet: true });
  const db = createDb(pg.url);
  await migrateLatest(db);
  const served = await serveSample(db);
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
  const own = given ? undefined : await startOwnServer();
  try {
    const base = given ?? own!.url;
    let businessPath = own?.businessPath;
    if (!businessPath) {
      const recent = (await (await fetch(`${base}/api/businesses/recent`)).json()) as Array<{ slug: string }>;
      businessPath = `/details/${recent[0].slug}`;
    }
    console.log(formatScores(await lighthouseScores([`${base}/`, base + businessPath])));
  } finally {
    await own?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(`lighthouse: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
