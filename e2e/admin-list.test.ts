/** The admin's business list in the browser: filters in one URL update, verify controls, counts in words, selection and history. */
import { describe, expect, it } from 'vitest';
import { adminSession } from './admin-session.js';
import { seedBusinesses } from '../db/queries/admin-businesses.fixtures.js';

describe('the admin business list', () => {
  const s = adminSession({
    seed: (app) =>
      seedBusinesses(app.db, [
        ...Array.from({ length: 60 }, (_, i) => ({ name: `Austin Shop ${i + 1}`, address: `${i + 1} Congress Ave`, city: 'Austin', country: 'United States', category: 'Retail' })),
        { name: 'Frankfurt Bäckerei', address: 'Zeil 1', city: 'Frankfurt', country: 'Germany', category: 'Bakery' },
        { name: 'Frankfurt Café', address: 'Zeil 2', city: 'Frankfurt', country: 'Germany', category: 'Cafe' },
        { name: 'Berlin Bäckerei', address: 'Hauptstr. 1', city: 'Berlin', country: 'Germany', category: 'Bakery' },
        { name: 'Berlin Brotladen', address: 'Hauptstr. 2', city: 'Berlin', country: 'Germany', category: 'Bakery' },
        { name: 'Berlin Café', address: 'Hauptstr. 3', city: 'Berlin', country: 'Germany', category: 'Cafe' },
        { name: 'Lonely Place', address: 'Nowhere 1', city: 'Reykjavik', country: 'Iceland', category: 'Hotel' },
      ]),
  });

  const names = () => s.page.getByTestId('business-table').locator('tbody tr td:nth-child(2)').allInnerTexts();
  const showing = () => s.page.getByTestId('showing').innerText();
  const verified = async (name: string) => (await s.app.db('businesses').where({ name }).first('is_verified')).is_verified as boolean;
  const row = (name: string) => s.page.getByTestId('business-table').locator('tbody tr', { has: s.page.getByRole('cell', { name, exact: true }) });
  const toast = (text: string) => s.page.getByTestId('toast').filter({ hasText: text }).first().waitFor();

  it('applies a typed city and category together, and the URL keeps both', async () => {
    await s.page.goto(`${s.app.url}/admin/businesses`);
    await s.page.getByTestId('business-table').waitFor();
    await s.page.getByRole('combobox', { name: 'Country' }).selectOption('Germany');
    await expect.poll(async () => (await names()).sort()).toEqual(['Berlin Brotladen', 'Berlin Bäckerei', 'Berlin Café', 'Frankfurt Bäckerei', 'Frankfurt Café']);
    await s.page.getByLabel('City').fill('Berlin');
    await s.page.getByLabel('Category').fill('bakery');
    await s.page.getByLabel('Category').press('Enter');
    await expect.poll(async () => (await names()).sort()).toEqual(['Berlin Brotladen', 'Berlin Bäckerei']);
    const url = new URL(s.page.url());
    expect([url.searchParams.get('country'), url.searchParams.get('city'), url.searchParams.get('category')]).toEqual(['Germany', 'Berlin', 'bakery']);
    // The city alone, with Apply: the category is cleared and the city still applies.
    await s.page.getByLabel('Category').fill('');
    await s.page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(async () => (await names()).sort()).toEqual(['Berlin Brotladen', 'Berlin Bäckerei', 'Berlin Café']);
    expect(new URL(s.page.url()).searchParams.get('city')).toBe('Berlin');
  });

  it('says "1 business" for a list of one', async () => {
    await s.page.goto(`${s.app.url}/admin/businesses?country=Iceland`);
    await s.page.getByText('Showing 1 to 1 of 1 business', { exact: true }).waitFor();
    expect(await showing()).toBe('Showing 1 to 1 of 1 business');
  });

  it('verifies a row, verifies two in bulk and unverifies one; the store and the badges follow', async () => {
    await s.page.goto(`${s.app.url}/admin/businesses?country=Germany`);
    await row('Berlin Café').waitFor();
    expect(await row('Berlin Café').getByText('Unverified').count()).toBe(1);
    await s.page.getByRole('button', { name: 'Verify Berlin Café', exact: true }).click();
    await toast('1 business verified');
    await row('Berlin Café').getByText('Verified', { exact: true }).waitFor();
    expect(await verified('Berlin Café')).toBe(true);

    await s.page.getByLabel('Select Frankfurt Café').check();
    await s.page.getByLabel('Select Frankfurt Bäckerei').check();
    await s.page.getByRole('button', { name: 'Verify selected', exact: true }).click();
    await toast('2 businesses verified');
    await row('Frankfurt Café').getByText('Verified', { exact: true }).waitFor();
    await row('Frankfurt Bäckerei').getByText('Verified', { exact: true }).waitFor();
    expect([await verified('Frankfurt Café'), await verified('Frankfurt Bäckerei')]).toEqual([true, true]);

    await s.page.getByRole('button', { name: 'Unverify Frankfurt Café' }).click();
    await toast('1 business unverified');
    await row('Frankfurt Café').getByText('Unverified', { exact: true }).waitFor();
    expect(await verified('Frankfurt Café')).toBe(false);
    expect(await verified('Frankfurt Bäckerei')).toBe(true);
  });

  it('edits Verified as a checkbox in the form', async () => {
    await s.page.getByRole('button', { name: 'Edit Berlin Brotladen' }).click();
    const box = s.page.getByRole('checkbox', { name: 'Verified' });
    await expect.poll(() => s.page.getByLabel('Name', { exact: true }).inputValue()).toBe('Berlin Brotladen');
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await s.page.getByRole('button', { name: 'Save' }).click();
    await toast('Business saved');
    await row('Berlin Brotladen').getByText('Verified', { exact: true }).waitFor();
    expect(await verified('Berlin Brotladen')).toBe(true);
  });

  it('clears the selection when the page changes, and does not bring it back', async () => {
    await s.page.goto(`${s.app.url}/admin/businesses`);
    await s.page.getByText('Showing 1 to 50 of 66 businesses').waitFor();
    await s.page.getByLabel('Select Austin Shop 60').check();
    await s.page.getByText('1 selected').waitFor();
    await s.page.getByRole('button', { name: 'Next' }).click();
    await s.page.getByText('Showing 51 to 66 of 66 businesses').waitFor();
    expect(await s.page.getByRole('toolbar', { name: 'Selected businesses' }).innerText()).toBe('Select rows for bulk actions');
    await s.page.getByRole('button', { name: 'Previous' }).click();
    await s.page.getByText('Showing 1 to 50 of 66 businesses').waitFor();
    expect(await s.page.getByLabel('Select Austin Shop 60').isChecked()).toBe(false);
    expect(await s.page.getByRole('toolbar', { name: 'Selected businesses' }).innerText()).toBe('Select rows for bulk actions');
  });

  it('makes each filter change its own history entry: Back undoes one at a time, then the list stays', async () => {
    await s.page.goto(`${s.app.url}/admin/businesses`);
    await s.page.getByText('Showing 1 to 50 of 66 businesses').waitFor();
    await s.page.getByRole('combobox', { name: 'Country' }).selectOption('Germany');
    await s.page.getByText('Showing 1 to 5 of 5 businesses').waitFor();
    await s.page.getByLabel('City').fill('Berlin');
    await s.page.getByRole('button', { name: 'Apply' }).click();
    await s.page.getByText('Showing 1 to 3 of 3 businesses').waitFor();
    await s.page.goBack();
    await s.page.getByText('Showing 1 to 5 of 5 businesses').waitFor();
    expect(await s.page.getByLabel('City').inputValue()).toBe('');
    await s.page.goBack();
    await s.page.getByText('Showing 1 to 50 of 66 businesses').waitFor();
    expect(new URL(s.page.url()).pathname).toBe('/admin/businesses');
  });
});
