/** The admin's business list in the browser: filters in one URL update, verify controls, counts in words, selection and history. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { signIn, startAdminApp } from './admin-helpers.js';
import { seedBusinesses } from '../db/queries/admin-businesses.fixtures.js';
import type { TestApp } from '../server/test-app.js';

describe('the admin business list', () => {
  let app: TestApp;
  let chromium: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    app = await startAdminApp();
    await seedBusinesses(app.db, [
      ...Array.from({ length: 60 }, (_, i) => ({ name: `Austin Shop ${i + 1}`, address: `${i + 1} Congress Ave`, city: 'Austin', country: 'United States', category: 'Retail' })),
      { name: 'Frankfurt Bäckerei', address: 'Zeil 1', city: 'Frankfurt', country: 'Germany', category: 'Bakery' },
      { name: 'Frankfurt Café', address: 'Zeil 2', city: 'Frankfurt', country: 'Germany', category: 'Cafe' },
      { name: 'Berlin Bäckerei', address: 'Hauptstr. 1', city: 'Berlin', country: 'Germany', category: 'Bakery' },
      { name: 'Berlin Brotladen', address: 'Hauptstr. 2', city: 'Berlin', country: 'Germany', category: 'Bakery' },
      { name: 'Berlin Café', address: 'Hauptstr. 3', city: 'Berlin', country: 'Germany', category: 'Cafe' },
      { name: 'Lonely Place', address: 'Nowhere 1', city: 'Reykjavik', country: 'Iceland', category: 'Hotel' },
    ]);
    chromium = await launchBrowser();
    page = await chromium.browser.newPage();
    await signIn(page, app.url);
  });
  afterAll(async () => {
    await chromium?.close();
    await app?.close();
  });

  const names = () => page.getByTestId('business-table').locator('tbody tr td:nth-child(2)').allInnerTexts();

  it('applies a typed city and category together, and the URL keeps both', async () => {
    await page.goto(`${app.url}/admin/businesses`);
    await page.getByTestId('business-table').waitFor();
    await page.getByRole('combobox', { name: 'Country' }).selectOption('Germany');
    await expect.poll(async () => (await names()).sort()).toEqual(['Berlin Brotladen', 'Berlin Bäckerei', 'Berlin Café', 'Frankfurt Bäckerei', 'Frankfurt Café']);
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel('Category').fill('bakery');
    await page.getByLabel('Category').press('Enter');
    await expect.poll(async () => (await names()).sort()).toEqual(['Berlin Brotladen', 'Berlin Bäckerei']);
    const url = new URL(page.url());
    expect([url.searchParams.get('country'), url.searchParams.get('city'), url.searchParams.get('category')]).toEqual(['Germany', 'Berlin', 'bakery']);
    // The city alone, with Apply: the category is cleared and the city still applies.
    await page.getByLabel('Category').fill('');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(async () => (await names()).sort()).toEqual(['Berlin Brotladen', 'Berlin Bäckerei', 'Berlin Café']);
    expect(new URL(page.url()).searchParams.get('city')).toBe('Berlin');
  });

});
