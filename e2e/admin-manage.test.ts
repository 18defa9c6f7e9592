/** Managing listings in the browser: edit, hide, feature and delete (to the trash) a business, and see the public site follow. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminSession } from './admin-session.js';
import { importCsvText } from '../data/import/import.fixtures.js';
import { editGroup } from '../data/store/group-writes.js';

describe('managing listings in the browser', () => {
  const s = adminSession({
    seed: async (app) => {
      await importCsvText(app.db, [
        'name,category,full_address,rating,phone,place_id',
        '!!!,Junk,"1 Main St, Austin, TX 78701, United States",1,,J1',
        'Moda Fırını,Bakery,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",3.5,+90 216 555 12 12,P1',
        'Austin Tacos,Restaurant,"2 Congress Ave, Austin, TX 78701, United States",4.9,,P2',
      ].join('\n'), { source: 'cli', mode: 'upsert' });
    },
  });
  let visitor: Page;

  beforeAll(async () => {
    visitor = await s.newPage();
    await s.page.goto(`${s.app.url}/admin/businesses`);
    await s.page.getByTestId('business-table').waitFor();
  });

  const slugOf = async (placeId: string) => (await s.app.db('businesses').where({ place_id: placeId }).first('slug')).slug as string;
  const toast = (text: string) => s.page.getByTestId('toast').filter({ hasText: text }).first().waitFor();

  it('edits a business in a form checked like an import, and its public page shows the change', async () => {
    await s.page.getByRole('button', { name: 'Edit Moda Fırını' }).click();
    const name = s.page.getByLabel('Name', { exact: true });
    await expect.poll(() => name.inputValue()).toBe('Moda Fırını');
    await s.page.getByLabel('Rating').fill('9');
    await s.page.getByRole('button', { name: 'Save' }).click();
    await toast('Not saved');
    expect(await s.page.getByTestId('toast').filter({ hasText: 'Not saved' }).first().innerText()).toContain('rating 9 is not between 0 and 5');
    await s.page.getByLabel('Rating').fill('4.2');
    // A value the import would leave out is refused in the form, not dropped.
    await s.page.getByLabel('Latitude').fill('91');
    await s.page.getByRole('button', { name: 'Save' }).click();
    await s.page.getByTestId('toast').filter({ hasText: 'latitude "91" is not a number between -90 and 90' }).first().waitFor();
    await s.page.getByLabel('Latitude').fill('');
    await name.fill('Moda Fırını & Kafe');
    await s.page.getByRole('button', { name: 'Save' }).click();
    await toast('Business saved');
    await s.page.getByRole('cell', { name: 'Moda Fırını & Kafe', exact: true }).waitFor();
    await visitor.goto(`${s.app.url}/details/${await slugOf('P1')}`);
    await visitor.getByRole('heading', { name: 'Moda Fırını & Kafe' }).waitFor();
  });

  it('hides "!!!" from the public site and shows it again', async () => {
    const slug = await slugOf('J1');
    await s.page.getByRole('button', { name: 'Hide !!!' }).click();
    await toast('1 business hidden');
    await s.page.getByRole('button', { name: 'Show !!!' }).waitFor();
    await visitor.goto(`${s.app.url}/details/${slug}`);
    await visitor.getByText('Business Not Found').waitFor();
    await s.page.getByRole('button', { name: 'Show !!!' }).click();
    await toast('1 business shown');
    await visitor.goto(`${s.app.url}/details/${slug}`);
    await visitor.getByRole('heading', { name: '!!!' }).waitFor();
  });

  it("features a business: the home page's Featured Businesses puts it first", async () => {
    await s.page.getByRole('button', { name: 'Feature Moda Fırını & Kafe' }).click();
    await toast('1 business featured');
    await visitor.goto(s.app.url);
    const featured = visitor.getByRole('region', { name: /Featured/ }).or(visitor.locator('section', { hasText: 'Featured Businesses' }).first());
    await featured.getByText('Moda Fırını & Kafe').first().waitFor();
    const names = await featured.locator('h3').allInnerTexts();
    expect(names[0]).toBe('Moda Fırını & Kafe');
  });

  it('keeps a filter and a sort in the URL, across a reload', async () => {
    await s.page.getByRole('combobox', { name: 'Country' }).selectOption('United States');
    await s.page.getByRole('button', { name: 'Name' }).click();
    await s.page.waitForURL(/country=United\+States.*sort=name|sort=name.*country=United\+States/);
    const names = async () => s.page.getByTestId('business-table').locator('tbody tr td:nth-child(2)').allInnerTexts();
    await expect.poll(names).toEqual(['!!!', 'Austin Tacos']);
    await s.page.reload();
    await expect.poll(names).toEqual(['!!!', 'Austin Tacos']);
    expect(await s.page.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('United States');
    await s.page.getByRole('button', { name: /Name/ }).click();
    await expect.poll(names).toEqual(['Austin Tacos', '!!!']);
    await s.page.getByRole('combobox', { name: 'Country' }).selectOption('');
  });

  it('moves selected rows to the trash after asking, and they are gone', async () => {
    const slug = await slugOf('J1');
    await s.page.getByLabel('Select !!!').check();
    await s.page.getByRole('button', { name: 'Delete selected' }).click();
    await s.page.getByRole('alertdialog', { name: 'Move !!! to the trash?' }).waitFor();
    await s.page.getByRole('button', { name: 'Move to trash' }).click();
    await toast('Moved 1 business to the trash');
    await expect.poll(async () => s.page.getByRole('cell', { name: '!!!', exact: true }).count()).toBe(0);
    expect(await s.app.db('businesses').where({ place_id: 'J1' }).first()).toBeUndefined();
    await visitor.goto(`${s.app.url}/details/${slug}`);
    await visitor.getByText('Business Not Found').waitFor();
  });

  it('lists every change with who made it on the dashboard, an edit with its values before and after', async () => {
    await s.page.goto(`${s.app.url}/admin`);
    const activity = s.page.getByTestId('activity');
    await activity.waitFor();
    const lines = (await activity.locator(':scope > li').allInnerTexts()).map((l) => l.replace(/^.*?(admin |The CLI )/, '$1').replace(/\s+/g, ' ').trim());
    expect(lines[0]).toBe('admin moved !!! to the trash history');
    expect(lines).toContain('admin featured Moda Fırını & Kafe history');
    expect(lines).toContain('admin edited Moda Fırını & Kafe history Name: Moda Fırını → Moda Fırını & Kafe Rating: 3.5 → 4.2');
    expect(lines[lines.length - 1]).toMatch(/^The CLI imported 3 new businesses \(import #\d+, .+\)$/);
    // One business's history: its edit, its flag, the import that created it.
    await activity.getByRole('button', { name: 'History of Moda Fırını & Kafe' }).first().click();
    await s.page.getByRole('button', { name: 'Show every business, not only Moda Fırını & Kafe' }).waitFor();
    await expect.poll(async () => (await activity.locator(':scope > li').allInnerTexts()).length).toBe(3);
    await s.page.getByRole('button', { name: 'Show every business, not only Moda Fırını & Kafe' }).click();
  });

  it('merges a category into any other after confirming what moves, and undoes the merge', async () => {
    await s.page.goto(`${s.app.url}/admin/countries`);
    // The list shows only what the search finds; the picker asks the server for every category.
    await s.page.getByRole('searchbox', { name: 'Search categories' }).fill('Restaurant');
    const item = s.page.getByTestId('groups').getByRole('listitem', { name: 'Restaurant' });
    await item.waitFor();
    await expect.poll(() => s.page.getByTestId('groups').getByRole('listitem').count()).toBe(1);
    await item.getByRole('combobox', { name: 'Merge Restaurant into' }).fill('bak');
    await item.getByRole('option', { name: 'Bakery' }).click();
    await item.getByRole('button', { name: 'Merge' }).click();
    const dialog = s.page.getByRole('alertdialog', { name: 'Merge Restaurant into Bakery?' });
    await dialog.waitFor();
    expect((await dialog.innerText()).replace(/\s+/g, ' ')).toContain('1 business moves to Bakery, and Restaurant is removed. Its page /category/restaurant will redirect to /category/bakery.');
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await toast('Restaurant merged');
    const categoryOf = async () => (await s.app.db('businesses as b').join('categories as k', 'k.id', 'b.category_id').where('b.place_id', 'P2').first('k.name')).name;
    expect(await categoryOf()).toBe('Bakery');
    await s.page.getByTestId('groups').getByRole('listitem', { name: 'Restaurant' }).waitFor({ state: 'detached' });

    const last = s.page.getByTestId('last-merge');
    await last.getByText('Last merge: category Restaurant into Bakery (1 business moved, by admin').waitFor();
    await last.getByRole('button', { name: 'Undo last merge' }).click();
    await toast('Merge undone');
    expect(await categoryOf()).toBe('Restaurant');
    await s.page.getByTestId('groups').getByRole('listitem', { name: 'Restaurant' }).waitFor();
    await visitor.goto(`${s.app.url}/category/restaurant`);
    await visitor.getByRole('heading', { name: /Restaurant/ }).first().waitFor();
  });

  it("sets a category's plural for its pages' headings, refuses a bad one in a toast, and clears it back to the rule's", async () => {
    await s.page.goto(`${s.app.url}/admin/countries`);
    await s.page.getByRole('searchbox', { name: 'Search categories' }).fill('Bakery');
    const item = s.page.getByTestId('groups').getByRole('listitem', { name: 'Bakery' });
    const plural = item.getByRole('textbox', { name: 'Plural of Bakery' });
    await plural.waitFor();
    // Empty: the rule's plural stands, shown as the placeholder.
    expect(await plural.getAttribute('placeholder')).toBe('Bakeries');
    await plural.fill('x'.repeat(201));
    await item.getByRole('button', { name: 'Set plural' }).click();
    await toast('Not changed');
    expect(await s.page.getByTestId('toast').filter({ hasText: 'Not changed' }).first().innerText()).toContain('The plural must be at most 200 characters');
    await plural.fill('Bakeries & Pastry Shops');
    await item.getByRole('button', { name: 'Set plural' }).click();
    await toast('Plural set to Bakeries & Pastry Shops');
    const city = (await s.app.db('businesses as b').join('cities as c', 'c.id', 'b.city_id').where('b.place_id', 'P1').first('c.slug')).slug as string;
    await visitor.goto(`${s.app.url}/city/${city}/bakery`);
    await visitor.getByRole('heading', { level: 1, name: /^Bakeries & Pastry Shops in / }).waitFor();
    await plural.fill('');
    await item.getByRole('button', { name: 'Set plural' }).click();
    await toast('Plural cleared');
    expect((await s.app.db('categories').where({ name: 'Bakery' }).first('plural_name')).plural_name).toBeNull();
  });

  it('shows the merge and its undo, and the plural set and cleared, in the activity log, and filters by kind', async () => {
    await s.page.goto(`${s.app.url}/admin`);
    const activity = s.page.getByTestId('activity');
    await s.page.getByRole('combobox', { name: 'Kind of change' }).selectOption('merge');
    await expect.poll(async () => (await activity.locator(':scope > li').allInnerTexts()).map((l) => l.replace(/^.*?admin /, 'admin ').trim())).toEqual([
      'admin merged category Restaurant into Bakery (1 business moved, undone)',
    ]);
    await s.page.getByRole('combobox', { name: 'Kind of change' }).selectOption('unmerge');
    await activity.getByText('admin undid the merge of category Restaurant into Bakery (1 business back)').waitFor();
    // The plural refused as too long left nothing.
    await s.page.getByRole('combobox', { name: 'Kind of change' }).selectOption('plural');
    await expect.poll(async () => (await activity.locator(':scope > li').allInnerTexts()).map((l) => l.replace(/^.*?admin /, 'admin ').trim())).toEqual([
      'admin cleared the plural of category Bakery (was Bakeries & Pastry Shops)',
      'admin set the plural of category Bakery to Bakeries & Pastry Shops',
    ]);
    // A rename clears a plural written for the old name, and says so.
    const bakery = Number((await s.app.db('categories').where({ name: 'Bakery' }).first('id')).id);
    await editGroup(s.app.db, 'category', bakery, { pluralName: 'Bakeries & Pastry Shops' }, 'admin');
    await editGroup(s.app.db, 'category', bakery, { name: 'Patisserie' }, 'admin');
    await s.page.reload();
    await s.page.getByRole('combobox', { name: 'Kind of change' }).selectOption('rename');
    await activity.getByText('admin renamed category Bakery to Patisserie (its plural Bakeries & Pastry Shops cleared)').waitFor();
  });
});
