import { gunzipSync } from 'node:zlib';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { loadSample } from '../../data/samples/sample.js';
import { generateSitemaps } from '../../data/sitemap/sitemap.js';
import { extractLocs } from '../../data/sitemap/sitemap-validate.js';
import { startHeldGeneration } from '../../data/sitemap/sitemap-fixtures.js';

/** A raw GET (fetch would undo the gzip and hide the encoding). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('serving sitemaps and robots.txt', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await loadSample(app.db);
  });
  afterAll(() => app.close());

  it('answers 404 for the index before the first generation', async () => {
    expect((await fetch(`${app.url}/sitemap.xml`)).status).toBe(404);
    expect((await fetch(`${app.url}/sitemaps/businesses-1.xml`)).status).toBe(404);
  });

  it('robots.txt names the index and keeps crawlers out of the back office, the API and the health and readiness checks', async () => {
    const res = await fetch(`${app.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain(`Sitemap: ${app.config.publicBaseUrl}/sitemap.xml`);
    expect(text).toContain('Disallow: /admin\n');
    expect(text).toContain('Disallow: /api/\n');
    expect(text).toContain('Disallow: /healthz\n');
    expect(text).toContain('Disallow: /readyz\n');
  });

  it('serves the index and each file it names as XML with Last-Modified, gzip when asked, 304 when fresh', async () => {
    await generateSitemaps(app.db, { baseUrl: app.config.publicBaseUrl });
    const index = await fetch(`${app.url}/sitemap.xml`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('public, max-age=300');
    const lastModified = index.headers.get('last-modified');
    expect(lastModified).toBeTruthy();
    const locs = extractLocs(await index.text());
    expect(locs.length).toBe(8);
    for (const loc of locs) {
      const path = new URL(loc).pathname;
      expect(path).toMatch(/^\/sitemaps\/[a-z-]+-1\.xml$/);
      const res = await fetch(`${app.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(await res.text()).toContain('<urlset');
    }

    const gz = await rawGet(`${app.url}/sitemaps/businesses-1.xml`, { 'accept-encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toContain('/details/');

    const again = await rawGet(`${app.url}/sitemap.xml`, { 'if-modified-since': lastModified! });
    expect(again.status).toBe(304);
  });

  // Over 2,300 pages, a few at a time on shared cores: a minute is not enough on a loaded machine.
  it("every URL of the sample's sitemaps answers 200 (needs dist/web: make build-web)", async () => {
    const index = extractLocs(await (await fetch(`${app.url}/sitemap.xml`)).text());
    const pages: string[] = [];
    for (const loc of index) pages.push(...extractLocs(await (await fetch(`${app.url}${new URL(loc).pathname}`)).text()));
    expect(pages.length).toBeGreaterThan(2000);
    const failures: string[] = [];
    // A few at a time: two cores are shared with the other test files.
    for (let i = 0; i < pages.length; i += 8) {
      await Promise.all(
        pages.slice(i, i + 8).map(async (loc) => {
          expect(loc.startsWith(`${app.config.publicBaseUrl}/`)).toBe(true);
          const res = await fetch(`${app.url}${new URL(loc).pathname}`);
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`${res.status} ${loc}`);
        }),
      );
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('answers 404 for an unknown file name', async () => {
    for (const p of ['/sitemaps/businesses-99.xml', '/sitemaps/..%2Fsitemap.xml', '/sitemaps/sitemap.xml']) {
      expect((await fetch(`${app.url}${p}`)).status).toBe(404);
    }
  });

  it('keeps serving the old index while a new generation runs', async () => {
    const before = await (await fetch(`${app.url}/sitemap.xml`)).text();
    const held = await startHeldGeneration(app.db, 'https://next.example');
    expect(await (await fetch(`${app.url}/sitemap.xml`)).text()).toBe(before);
    await held.finish();
    expect(await (await fetch(`${app.url}/sitemap.xml`)).text()).toContain('https://next.example/sitemaps/');
  });
});
