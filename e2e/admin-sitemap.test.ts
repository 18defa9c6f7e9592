import { describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { adminSession } from './admin-session.js';
import { toastText } from './admin-helpers.js';
import { insertGeneratedBusinesses, startHeldGeneration } from '../data/sitemap/sitemap-fixtures.js';

/** A PostgreSQL advisory lock the test holds; a trigger makes the generator wait on it before businesses-2.xml. */
const HOLD_KEY = 424242;

describe('sitemap management in the browser', () => {
  const s = adminSession({
    seed: async (app) => {
      await insertGeneratedBusinesses(app.db, { businesses: 20_000, cities: 40, categories: 12 });
      await app.db.raw(`
        CREATE FUNCTION test_hold_sitemap() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.name = 'businesses-2.xml' THEN
            PERFORM pg_advisory_lock(${HOLD_KEY});
            PERFORM pg_advisory_unlock(${HOLD_KEY});
          END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER test_hold_sitemap BEFORE INSERT ON sitemap_files FOR EACH ROW EXECUTE FUNCTION test_hold_sitemap();`);
    },
  });

  const hold = async (fn: (trx: Knex.Transaction) => Promise<void>) => {
    const trx = await s.app.db.transaction();
    try {
      await fn(trx);
    } finally {
      await trx.commit();
    }
  };

  it('shows five skeleton rows while the files load, then the empty state, stat cards and Never', async () => {
    await hold(async (trx) => {
      await trx.raw('LOCK TABLE sitemap_files IN ACCESS EXCLUSIVE MODE');
      await s.page.goto(`${s.app.url}/admin/sitemap`);
      await s.page.getByRole('heading', { name: 'Sitemap Management' }).waitFor();
      await s.page.getByTestId('sitemap-skeleton').first().waitFor();
      expect(await s.page.getByTestId('sitemap-skeleton').count()).toBe(5);
    });
    await s.page.getByText('No Sitemaps Generated').waitFor();
    await s.page.getByText('Max 9,000 entries per sitemap file.', { exact: false }).waitFor();
    expect(await s.page.getByTestId('last-generated').innerText()).toBe('Never');
    await s.page.getByTestId('stat-businesses').getByText('3 files').waitFor();
    expect(await s.page.getByTestId('stat-businesses').innerText()).toContain((20_000).toLocaleString('en-US'));
    expect(await s.page.getByTestId('stat-categories').innerText()).toContain('1 file');
    expect(await s.page.getByTestId('stat-cities').innerText()).toContain('1 file');
    expect(await s.page.getByTestId('stat-countries').innerText()).toContain('1 file');
    // 40 cities × 12 categories of generated businesses meet in 120 pairs, each far over the threshold.
    expect(await s.page.getByTestId('stat-city-categories').innerText()).toMatch(/Categories in cities\s+120\s+1 file/);
    expect(await s.page.getByTestId('stat-country-categories').innerText()).toMatch(/Categories in countries\s+[1-9][\d,]*\s+1 file/);
    expect(await s.page.getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/sitemap.xml');
    expect(await s.page.getByRole('link', { name: 'Back to Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('warns that a loopback base URL is no use to a search console, and says what to set', async () => {
    // No PUBLIC_BASE_URL: the next generation would name this machine, http://127.0.0.1:<port>.
    const warning = s.page.getByTestId('sitemap-base-url-warning');
    await warning.waitFor();
    expect(await warning.innerText()).toBe(
      'Search engines cannot reach this address (it is on this machine or a private network): set PUBLIC_BASE_URL to the public address of the site (or pass --base-url to rehber sitemap generate) and generate again.',
    );
    expect(await s.page.getByTestId('sitemap-submit-hint').innerText()).toBe(`Submit this URL to Google Search Console: ${s.app.url}/sitemap.xml`);
  });

  it('generates with a polled progress bar, then lists the files and says so in a toast', async () => {
    const trx = await s.app.db.transaction();
    try {
      await trx.raw('SELECT pg_advisory_lock(?)', [HOLD_KEY]);
      await s.page.getByRole('button', { name: 'Generate All Sitemaps' }).click();
      await s.page.getByRole('button', { name: 'Generating...' }).waitFor();
      expect(await s.page.getByRole('button', { name: 'Validate' }).isDisabled()).toBe(true);
      // Held after businesses-1.xml: 9,000 of 20,189 URLs written.
      await s.page.getByTestId('sitemap-progress-text').getByText('44%').waitFor();
    } finally {
      await trx.raw('SELECT pg_advisory_unlock(?)', [HOLD_KEY]);
      await trx.commit();
    }
    expect(await toastText(s.page)).toBe('Sitemap Generation Complete All sitemap files have been generated successfully.');
    expect(await s.page.getByTestId('sitemap-progress-text').innerText()).toBe('100%');
    await s.page.getByRole('button', { name: 'Generate All Sitemaps' }).waitFor();
    const rows = s.page.getByTestId('sitemap-file');
    await rows.nth(9).waitFor();
    expect(await rows.count()).toBe(10);
    const first = (await rows.nth(1).innerText()).replace(/\s+/g, ' ');
    expect(first).toMatch(/^businesses-1\.xml businesses · 9,000 entries · [\d.]+ (KB|MB) ready /);
    expect(await rows.nth(1).getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/sitemaps/businesses-1.xml');
    expect(await s.page.getByTestId('last-generated').innerText()).not.toBe('Never');
    const xml = await s.page.request.get(`${s.app.url}/sitemaps/businesses-3.xml`);
    expect(xml.status()).toBe(200);
    expect(await xml.text()).toContain(`${s.app.url}/details/`);
  });

  it('validates every file and reports it in a toast', async () => {
    await s.page.getByRole('button', { name: 'Validate' }).click();
    await s.page.getByTestId('toast').filter({ hasText: 'Validation Complete' }).waitFor();
    expect(await toastText(s.page)).toBe('Validation Complete 10 files validated successfully, 0 errors found.');
  });

  it('shows validation errors per file and in a destructive toast', async () => {
    // The served set was written for this site; checked against another one, every URL is foreign.
    const real = s.app.config.publicBaseUrl;
    (s.app.config as { publicBaseUrl: string }).publicBaseUrl = 'https://elsewhere.example';
    try {
      await s.page.getByRole('button', { name: 'Validate' }).click();
      await s.page.getByTestId('toast').filter({ hasText: /errors found/ }).filter({ hasNotText: ' 0 errors' }).waitFor();
      expect(await s.page.getByTestId('toast').filter({ hasNotText: ' 0 errors' }).last().getAttribute('data-variant')).toBe('destructive');
      await s.page.getByLabel('Errors in businesses-1.xml').waitFor();
      expect(await s.page.getByLabel('Errors in businesses-1.xml').innerText()).toContain('outside https://elsewhere.example');
    } finally {
      (s.app.config as { publicBaseUrl: string }).publicBaseUrl = real;
    }
    // Validated again for the real site: clean, so the errors go (validation takes a while on a busy machine).
    await s.page.getByRole('button', { name: 'Validate' }).click();
    await s.page.getByTestId('toast').filter({ hasText: ' 0 errors found' }).waitFor();
    await expect.poll(() => s.page.getByLabel('Errors in businesses-1.xml').count(), { timeout: 15_000 }).toBe(0);
  });

  it('a generation refused because another runs shows Generation Failed with the reason', async () => {
    const held = await startHeldGeneration(s.app.db, s.app.config.publicBaseUrl);
    try {
      await s.page.getByRole('button', { name: 'Generate All Sitemaps' }).click();
      await s.page.getByTestId('toast').filter({ hasText: 'Generation Failed' }).waitFor();
      expect(await toastText(s.page)).toBe('Generation Failed A sitemap generation is already running');
      expect(await s.page.getByTestId('toast').getAttribute('data-variant')).toBe('destructive');
      expect(await s.page.getByTestId('sitemap-progress-text').innerText()).toBe('0%');
    } finally {
      await held.finish();
    }
  });
});
