import { describe, expect, it } from 'vitest';
import { adminSession } from './admin-session.js';
import { toastText } from './admin-helpers.js';
import { generateSitemaps } from '../data/sitemap/sitemap.js';
import { insertGeneratedBusinesses } from '../data/sitemap/sitemap-fixtures.js';

/** A server without PUBLIC_BASE_URL over a public site's sitemaps: the admin sees why Generate did nothing. */
describe('sitemap generation over a public site in the browser', () => {
  const s = adminSession({
    seed: async (app) => {
      await insertGeneratedBusinesses(app.db, { businesses: 30, cities: 2, categories: 2 });
      await generateSitemaps(app.db, { baseUrl: 'https://example.com', baseUrlChosen: true });
    },
  });

  it('offers the URL the served sitemaps name for the search console, without a warning', async () => {
    await s.page.goto(`${s.app.url}/admin/sitemap`);
    const hint = s.page.getByTestId('sitemap-submit-hint');
    await hint.getByText('https://example.com/sitemap.xml', { exact: false }).waitFor();
    expect(await hint.innerText()).toBe('Submit this URL to Google Search Console: https://example.com/sitemap.xml');
    expect(await s.page.getByTestId('sitemap-base-url-warning').count()).toBe(0);
  });

  it('shows the refusal naming PUBLIC_BASE_URL in a destructive toast and keeps the served files', async () => {
    await s.page.goto(`${s.app.url}/admin/sitemap`);
    await s.page.getByText('businesses-1.xml', { exact: true }).waitFor();
    await s.page.getByRole('button', { name: 'Generate All Sitemaps' }).click();
    await s.page.getByTestId('toast').filter({ hasText: 'Generation Failed' }).waitFor();
    expect(await toastText(s.page)).toBe(`Generation Failed The served sitemaps use https://example.com; not replacing them with ${s.app.url} URLs: set PUBLIC_BASE_URL`);
    expect(await s.page.getByTestId('toast').getAttribute('data-variant')).toBe('destructive');
    expect(await (await fetch(`${s.app.url}/sitemaps/businesses-1.xml`)).text()).toContain('<loc>https://example.com/');
  });
});
