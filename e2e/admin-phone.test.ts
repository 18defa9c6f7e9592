/** The back office on a phone: every admin screen and dialog fits 390 px without sideways scrolling. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminSession } from './admin-session.js';
import { importCsvText } from '../data/import/import.fixtures.js';
import { generateSitemaps } from '../data/sitemap/sitemap.js';

const PHONE = { width: 390, height: 844 };

/** How wide the document is: more than the viewport means the page scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('the admin screens at 390 px', () => {
  const s = adminSession({
    context: { viewport: PHONE },
    seed: async (app) => {
      await importCsvText(
        app.db,
        [
          'name,category,full_address,rating',
          ...['Alpha', 'Beta', 'Gamma'].map((n, i) => `${n} Cafe With A Rather Long Name,Cafe,"${i + 1} Congress Ave, Austin, TX 78701, United States",4`),
        ].join('\n'),
        { source: 'cli', mode: 'upsert' },
      );
      await generateSitemaps(app.db, { baseUrl: app.url, baseUrlChosen: true });
    },
  });

  /** Opens an admin page and waits for its content (a test id) and the requests behind it. */
  const open = async (path: string, ready: string) => {
    await s.page.goto(`${s.app.url}${path}`);
    await s.page.getByTestId(ready).first().waitFor();
    await s.page.waitForLoadState('networkidle');
  };

  it('the dashboard fits, its recent imports scroll inside their card, and Logout is on screen', async () => {
    await open('/admin', 'recent-imports');
    expect(await pageWidth(s.page)).toBeLessThanOrEqual(PHONE.width);
    const logout = s.page.getByRole('button', { name: 'Logout' });
    const box = await logout.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await logout.click({ trial: true });
    // The table keeps its columns and scrolls in its own box.
    const table = s.page.getByTestId('recent-imports').locator('..');
    expect(await table.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
  });

  it('the business list fits, and so do its edit, export and delete dialogs', async () => {
    await open('/admin/businesses', 'business-table');
    expect(await pageWidth(s.page)).toBeLessThanOrEqual(PHONE.width);

    for (const [button, dialog] of [
      ['Edit Alpha Cafe With A Rather Long Name', 'dialog'],
      ['Export Businesses', 'dialog'],
      ['Delete Alpha Cafe With A Rather Long Name', 'alertdialog'],
    ] as const) {
      await s.page.getByRole('button', { name: button }).click();
      const d = s.page.getByRole(dialog);
      await d.waitFor();
      const box = (await d.boundingBox())!;
      expect([button, box.x >= 0, box.x + box.width <= PHONE.width, box.y >= 0, box.y + box.height <= PHONE.height]).toEqual([button, true, true, true, true]);
      expect(await pageWidth(s.page)).toBeLessThanOrEqual(PHONE.width);
      if (dialog === 'alertdialog') {
        await d.getByRole('button', { name: 'Move to trash' }).click();
      } else {
        await s.page.keyboard.press('Escape');
      }
      await d.waitFor({ state: 'detached' });
    }
  });

  it('the countries, sitemap and trash screens fit', async () => {
    for (const [path, ready] of [
      ['/admin/countries', 'country-card'],
      ['/admin/sitemap', 'sitemap-file'],
      ['/admin/trash', 'trash-table'],
    ] as const) {
      await open(path, ready);
      expect(await pageWidth(s.page), path).toBeLessThanOrEqual(PHONE.width);
    }
  });

  it('the sign-in screen fits, and Logout from the dashboard leads there', async () => {
    await open('/admin', 'recent-imports');
    await s.page.getByRole('button', { name: 'Logout' }).click();
    await s.page.waitForURL(`${s.app.url}/admin/login`);
    await s.page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await pageWidth(s.page)).toBeLessThanOrEqual(PHONE.width);
  });
});
