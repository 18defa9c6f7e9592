/** Deleting in the browser: every confirmation names its rows, deleted rows wait in the trash, restore and delete for good. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminSession } from './admin-session.js';
import { importCsvText } from '../data/import/import.fixtures.js';

describe('the trash in the browser', () => {
  const slugs = new Map<string, string>();
  const s = adminSession({
    seed: async (app) => {
      await importCsvText(app.db, [
        'name,category,full_address,rating',
        ...['Alpha', 'Beta', 'Gamma', 'Delta'].map((n, i) => `${n} Cafe,Cafe,"${i + 1} Congress Ave, Austin, TX 78701, United States",4`),
      ].join('\n'), { source: 'cli', mode: 'upsert' });
      for (const r of await app.db('businesses').select('name', 'slug')) slugs.set(r.name, r.slug);
    },
  });
  let visitor: Page;

  beforeAll(async () => {
    visitor = await s.newPage();
    await s.page.goto(`${s.app.url}/admin/businesses`);
    await s.page.getByTestId('business-table').waitFor();
  });

  const toast = (text: string) => s.page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
  const live = async () => (await s.app.db('businesses').orderBy('name').pluck('name')) as string[];
  const trashed = async () => (await s.app.db('trashed_businesses').orderBy('name').pluck('name')) as string[];
  const dialog = () => s.page.getByRole('alertdialog');
  const dialogText = async () => (await dialog().innerText()).replace(/\s+/g, ' ').trim();

  it("asks before moving a row to the trash, and a second row's Delete pressed meanwhile deletes nothing", async () => {
    await s.page.getByRole('button', { name: 'Delete Alpha Cafe' }).click();
    await dialog().waitFor();
    expect(await live()).toEqual(['Alpha Cafe', 'Beta Cafe', 'Delta Cafe', 'Gamma Cafe']);
    // The dialog makes the page behind it inert; a click that reaches another row's button anyway
    // (the way the old inline confirmation let it) must neither delete nor change what is asked.
    await s.page.locator('button[aria-label="Delete Beta Cafe"]').dispatchEvent('click');
    await s.page.waitForLoadState('networkidle');
    expect(await live()).toEqual(['Alpha Cafe', 'Beta Cafe', 'Delta Cafe', 'Gamma Cafe']);
    await dialog().getByRole('heading', { name: 'Move Alpha Cafe to the trash?' }).waitFor();
    expect(await dialog().count()).toBe(1);
    expect(await dialogText()).toMatch(/^Move Alpha Cafe to the trash\?/);
    expect(await live()).toEqual(['Alpha Cafe', 'Beta Cafe', 'Delta Cafe', 'Gamma Cafe']);
    // A real click there lands on the dialog's backdrop, which only closes it.
    await s.page.locator('button[aria-label="Delete Beta Cafe"]').click({ force: true });
    expect(await live()).toEqual(['Alpha Cafe', 'Beta Cafe', 'Delta Cafe', 'Gamma Cafe']);

    if (!(await dialog().count())) await s.page.getByRole('button', { name: 'Delete Alpha Cafe' }).click();
    await dialog().getByRole('button', { name: 'Move to trash' }).click();
    await toast('Moved 1 business to the trash');
    await expect.poll(async () => s.page.getByRole('cell', { name: 'Alpha Cafe', exact: true }).count()).toBe(0);
    expect(await live()).toEqual(['Beta Cafe', 'Delta Cafe', 'Gamma Cafe']);
    expect(await trashed()).toEqual(['Alpha Cafe']);
  });

  it('asks before moving the selected rows, naming each, and Cancel keeps them', async () => {
    await s.page.getByLabel('Select Beta Cafe').check();
    await s.page.getByLabel('Select Gamma Cafe').check();
    await s.page.getByRole('button', { name: 'Delete selected' }).click();
    await dialog().getByRole('heading', { name: 'Move 2 businesses to the trash?' }).waitFor();
    expect(await dialog().getByRole('listitem').allInnerTexts()).toEqual(['Gamma Cafe', 'Beta Cafe']);
    expect(await live()).toEqual(['Beta Cafe', 'Delta Cafe', 'Gamma Cafe']);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(await live()).toEqual(['Beta Cafe', 'Delta Cafe', 'Gamma Cafe']);

    await s.page.getByRole('button', { name: 'Delete selected' }).click();
    await dialog().getByRole('button', { name: 'Move to trash' }).click();
    await toast('Moved 2 businesses to the trash');
    expect(await live()).toEqual(['Delta Cafe']);
  });

  it('takes a trashed business off the public site: its page is a 404 and the city counts it no more', async () => {
    const res = await visitor.goto(`${s.app.url}/details/${slugs.get('Alpha Cafe')}`);
    expect(res?.status()).toBe(404);
    await visitor.getByText('Business Not Found').waitFor();
    const city = (await (await fetch(`${s.app.url}/api/cities/austin`)).json()) as { businessCount: number };
    expect(city.businessCount).toBe(1);
  });

  it('lists the trash newest first and restores a business as it was', async () => {
    await s.page.getByRole('link', { name: 'Trash' }).click();
    const table = s.page.getByTestId('trash-table');
    await table.waitFor();
    const names = () => table.locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(await names()).toEqual(['Gamma Cafe', 'Beta Cafe', 'Alpha Cafe']);
    // The page's own address loads it too.
    await s.page.reload();
    await table.waitFor();
    expect(await names()).toEqual(['Gamma Cafe', 'Beta Cafe', 'Alpha Cafe']);
    expect(await s.page.getByTestId('trash-total').innerText()).toBe('3 businesses in the trash');
    expect((await table.locator('tbody tr').last().innerText()).replace(/\s+/g, ' ').trim()).toMatch(/^Alpha Cafe Austin .+ admin Restore ?Delete for good$/);

    await s.page.getByRole('button', { name: 'Restore Alpha Cafe' }).click();
    await toast('Restored 1 business');
    await expect.poll(names).toEqual(['Gamma Cafe', 'Beta Cafe']);
    const res = await visitor.goto(`${s.app.url}/details/${slugs.get('Alpha Cafe')}`);
    expect(res?.status()).toBe(200);
    await visitor.getByRole('heading', { name: 'Alpha Cafe' }).waitFor();
    expect(await live()).toEqual(['Alpha Cafe', 'Delta Cafe']);
  });

  it('deletes for good only after its own confirmation naming the business', async () => {
    await s.page.getByRole('button', { name: 'Delete Beta Cafe for good' }).click();
    await dialog().getByRole('heading', { name: 'Delete Beta Cafe for good?' }).waitFor();
    expect(await trashed()).toEqual(['Beta Cafe', 'Gamma Cafe']);
    await dialog().getByRole('button', { name: 'Delete for good' }).click();
    await toast('Deleted 1 business for good');
    await expect.poll(() => s.page.getByTestId('trash-table').locator('tbody tr td:nth-child(2)').allInnerTexts()).toEqual(['Gamma Cafe']);
    expect(await trashed()).toEqual(['Gamma Cafe']);
    expect(await live()).toEqual(['Alpha Cafe', 'Delta Cafe']);
  });

  it('shows every move in and out of the trash in the activity log', async () => {
    await s.page.goto(`${s.app.url}/admin`);
    const activity = s.page.getByTestId('activity');
    await activity.waitFor();
    const lines = (await activity.locator(':scope > li').allInnerTexts()).map((l) => l.replace(/^.*?(admin )/, '$1').replace(/\s+history$/, ''));
    expect(lines.slice(0, 3)).toEqual(['admin deleted Beta Cafe for good', 'admin restored Alpha Cafe from the trash', expect.stringMatching(/^admin moved (Gamma|Beta) Cafe to the trash$/)]);
    expect(lines).toContain('admin moved Alpha Cafe to the trash');
  });
});
