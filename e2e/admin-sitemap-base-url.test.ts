import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { signIn, startAdminApp, toastText } from './admin-helpers.js';
import { generateSitemaps } from '../data/sitemap/sitemap.js';
import { insertGeneratedBusinesses } from '../data/sitemap/sitemap-fixtures.js';
import type { TestApp } from '../server/test-app.js';

/** A server without PUBLIC_BASE_URL over a public site's sitemaps: the admin sees why Generate did nothing. */
describe('sitemap generation over a public site in the browser', () => {
  let app: TestApp;
  let chromium: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    app = await startAdminApp();
    await insertGeneratedBusinesses(app.db, { businesses: 30, cities: 2, categories: 2 });
    await generateSitemaps(app.db, { baseUrl: 'https://example.com', baseUrlChosen: true });
    chromium = await launchBrowser();
    page = await (await chromium.browser.newContext()).newPage();
    await signIn(page, app.url);
  });
  afterAll(async () => {
    await chromium?.close();
    await app?.close();
  });

  it('shows the refusal naming PUBLIC_BASE_URL in a destructive toast and keeps the served files', async () => {
    await page.goto(`${app.url}/admin/sitemap`);
    await page.getByText('businesses-1.xml', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Generate All Sitemaps' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Generation Failed' }).waitFor();
    expect(await toastText(page)).toBe(`Generation Failed The served sitemaps use https://example.com; not replacing them with ${app.url} URLs: set PUBLIC_BASE_URL`);
    expect(await page.getByTestId('toast').getAttribute('data-variant')).toBe('destructive');
    expect(await (await fetch(`${app.url}/sitemaps/businesses-1.xml`)).text()).toContain('<loc>https://example.com/');
  });
});
