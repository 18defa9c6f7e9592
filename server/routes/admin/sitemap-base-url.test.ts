import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-app.js';
import { signedInAdmin } from '../../admin-client.fixtures.js';
import { generateSitemaps } from '../../../data/sitemap/sitemap.js';
import { insertGeneratedBusinesses } from '../../../data/sitemap/sitemap-fixtures.js';

/** The admin's Generate follows the CLI's rule: a local address never replaces a public site's sitemaps. */
describe('sitemap generation from the admin over a public site', () => {
  let app: TestApp;
  let cookie = '';
  const generate = async () => {
    const res = await fetch(`${app.url}/api/admin/sitemap/generate`, { method: 'POST', headers: { origin: app.url, cookie } });
    return { status: res.status, body: (await res.json()) as { message?: string; success?: boolean } };
  };
  const served = async () => {
    const index = await fetch(`${app.url}/sitemap.xml`);
    const businesses = await fetch(`${app.url}/sitemaps/businesses-1.xml`);
    return { index: await index.text(), businesses: await businesses.text(), status: [index.status, businesses.status] };
  };

  beforeAll(async () => {
    // No PUBLIC_BASE_URL: the app's base URL is its own http://127.0.0.1:<port>.
    app = await startTestApp();
    await insertGeneratedBusinesses(app.db, { businesses: 30, cities: 2, categories: 2 });
    ({ cookie } = await signedInAdmin(app));
    // The live site's sitemaps, made by `rehber sitemap generate --base-url https://example.com`.
    await generateSitemaps(app.db, { baseUrl: 'https://example.com', baseUrlChosen: true });
  });
  afterAll(() => app.close());

  it('refuses with 409 and a message naming PUBLIC_BASE_URL, and keeps the served sitemaps', async () => {
    const before = await served();
    expect(before.status).toEqual([200, 200]);
    expect(before.businesses).toContain('<loc>https://example.com/');

    const res = await generate();
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`The served sitemaps use https://example.com; not replacing them with ${app.url} URLs: set PUBLIC_BASE_URL`);
    expect(await served()).toEqual(before);
  });

  it('generates when PUBLIC_BASE_URL names the site', async () => {
    // What readConfig makes of PUBLIC_BASE_URL=https://www.example.org/ (the routes read the config per request).
    app.config.publicBaseUrl = 'https://www.example.org';
    const res = await generate();
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    const after = await served();
    expect(after.businesses).toContain('<loc>https://www.example.org/');
    expect(after.businesses).not.toContain('https://example.com/');
  });
});
