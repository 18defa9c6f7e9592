import fs from 'node:fs';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Download } from 'playwright-core';
import { adminSession } from './admin-session.js';
import { seedBusinesses } from '../db/queries/admin-businesses.fixtures.js';

describe('business management, export dialog and countries in the browser', () => {
  const s = adminSession({
    context: { acceptDownloads: true },
    seed: (app) =>
      seedBusinesses(app.db, [
        ...Array.from({ length: 100 }, (_, i) => ({ name: `Austin Shop ${i + 1}`, address: `${i + 1} Congress Ave`, city: 'Austin', state: 'TX', country: 'United States', category: 'Retail', rating: 4 })),
        ...Array.from({ length: 15 }, (_, i) => ({ name: `Berlin Laden ${i + 1}`, address: `Hauptstr. ${i + 1}`, city: 'Berlin', country: 'Germany' })),
        ...Array.from({ length: 4 }, (_, i) => ({ name: `Kadıköy Fırını ${i + 1}`, address: `Moda Cd. ${i + 1}`, city: 'Kadıköy', country: 'Türkiye', isVerified: true })),
        { name: 'Lonely Place', address: 'Nowhere 1', country: 'Iceland' },
      ]),
  });

  const showing = () => s.page.getByTestId('showing').innerText();
  const card = (name: string) => s.page.getByTestId(`card-${name}`).innerText();

  it('pages the list with the four cards, the country card and the Previous/Next rules', async () => {
    await s.page.getByRole('link', { name: 'Manage Businesses' }).click();
    await s.page.waitForURL(`${s.app.url}/admin/businesses`);
    await s.page.getByTestId('showing').waitFor();
    expect(await showing()).toBe('Showing 1 to 50 of 120 businesses');
    expect(await card('total-businesses')).toBe('120');
    expect(await card('countries')).toBe('4');
    expect(await card('current-page')).toBe('1 / 3');
    expect(await card('showing')).toBe('50');
    expect(await s.page.getByTestId('country-counts').innerText()).toMatch(/United States: 100[\s\S]*Germany: 15[\s\S]*Türkiye: 4[\s\S]*Iceland: 1/);
    expect(await s.page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    await s.page.getByRole('button', { name: 'Next' }).click();
    await s.page.getByText('Showing 51 to 100 of 120 businesses').waitFor();
    expect(await card('current-page')).toBe('2 / 3');
    await s.page.getByRole('button', { name: 'Next' }).click();
    await s.page.getByText('Showing 101 to 120 of 120 businesses').waitFor();
    expect(await s.page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    // Newest first: the last page ends with the first business written.
    const rows = s.page.getByTestId('business-table').locator('tbody tr');
    // Then the row's actions (Edit, Hide, Feature, Verify, Delete).
    expect((await rows.last().innerText()).replace(/\s+/g, ' ').trim()).toBe('Austin Shop 1 1 Congress Ave Austin United States Retail 4.0 Unverified EditHideFeatureVerifyDelete');
  });

  it('searches by city, going back to page 1, with dashes and badges in the table', async () => {
    await s.page.getByPlaceholder('Search businesses by name, address, or city...').fill('kadıköy');
    await s.page.getByRole('button', { name: 'Search' }).click();
    await s.page.getByText('Showing 1 to 4 of 4 businesses').waitFor();
    expect(await card('current-page')).toBe('1 / 1');
    const first = (await s.page.getByTestId('business-table').locator('tbody tr').first().innerText()).replace(/\s+/g, ' ');
    expect(first.trim()).toBe('Kadıköy Fırını 4 Moda Cd. 4 Kadıköy Türkiye - - Verified EditHideFeatureUnverifyDelete');
    expect(await s.page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await s.page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await s.page.getByPlaceholder('Search businesses by name, address, or city...').fill('Nowhere');
    await s.page.getByRole('button', { name: 'Search' }).click();
    await s.page.getByText('Showing 1 to 1 of 1 business').waitFor();
    expect((await s.page.getByTestId('business-table').locator('tbody tr').innerText()).replace(/\s+/g, ' ').trim()).toBe('Lonely Place Nowhere 1 - Iceland - - Unverified EditHideFeatureVerifyDelete');
  });

  /** Opens the dialog, picks a country option and a format, and returns the file downloaded in the new tab. */
  async function exportFrom(option: RegExp, format: 'XLSX' | 'CSV'): Promise<Download> {
    await s.page.goto(`${s.app.url}/admin/businesses`);
    await s.page.getByRole('button', { name: 'Export Businesses' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Export Businesses' });
    await dialog.waitFor();
    const exportButton = dialog.getByRole('button', { name: /^Export (XLSX|CSV)$/ });
    expect(await exportButton.isDisabled()).toBe(true);
    expect(await dialog.getByRole('radio', { name: 'XLSX (Excel) - Recommended' }).getAttribute('aria-checked')).toBe('true');
    await dialog.getByRole('combobox').click();
    await s.page.getByRole('option', { name: option }).click();
    if (format === 'CSV') await dialog.getByRole('radio', { name: 'CSV (Comma Separated)' }).click();
    // Chromium reports a download opened in a new tab on that tab or, when the tab closes at once, on its opener.
    const download = new Promise<Download>((resolve) => {
      s.page.once('download', resolve);
      s.context.once('page', (tab) => tab.once('download', resolve));
    });
    await dialog.getByRole('button', { name: `Export ${format}` }).click();
    await dialog.waitFor({ state: 'detached' });
    return download;
  }

  it('exports all countries as XLSX from the dialog in a new tab', async () => {
    const download = await exportFrom(/^All Countries \(120\)$/, 'XLSX');
    expect(download.suggestedFilename()).toMatch(/^businesses-all-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const sheet = wb.worksheets[0];
    expect(sheet.actualRowCount).toBe(121);
    expect(sheet.getRow(1).getCell(1).value).toBe('name');
  });

  it('exports one country as CSV from the dialog', async () => {
    const download = await exportFrom(/^Germany \(15\)$/, 'CSV');
    expect(download.suggestedFilename()).toMatch(/^businesses-germany-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, '');
    const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(15);
    expect(new Set(rows.map((r) => r.country))).toEqual(new Set(['Germany']));
    expect(rows[0].detail_url).toMatch(new RegExp(`^${s.app.url}/details/berlin-laden-1`));
  });

  it('closes the export dialog on Cancel', async () => {
    await s.page.getByRole('button', { name: 'Export Businesses' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Export Businesses' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows the countries page: totals, average, Top 1-3 badges and one-decimal shares', async () => {
    await s.page.goto(`${s.app.url}/admin/countries`);
    await s.page.getByTestId('country-card').first().waitFor();
    expect(await s.page.getByTestId('total-total-countries').innerText()).toBe('4');
    expect(await s.page.getByTestId('total-total-businesses').innerText()).toBe('120');
    expect(await s.page.getByTestId('total-average-per-country').innerText()).toBe('30');
    const cards = await s.page.getByTestId('country-card').allInnerTexts();
    expect(cards.map((c) => c.replace(/\s+/g, ' ').trim())).toEqual([
      'United States Top 1 100 businesses 83.3%',
      'Germany Top 2 15 businesses 12.5%',
      'Türkiye Top 3 4 businesses 3.3%',
      'Iceland 1 business 0.8%',
    ]);
  });
});
