import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession } from './admin-session.js';
import { useTempDir } from '../scripts/test-hooks.fixtures.js';

const HEADER = ['name', 'category', 'phone', 'full_address', 'postal_code', 'country', 'rating', 'reviews'];

describe('importing through the admin dashboard in the browser', () => {
  const s = adminSession();
  const dir = useTempDir('rehber-e2e-import-');
  beforeAll(async () => {
    // These tests drive the spec's automatic import; the admin's choice is remembered from here on.
    await s.page.getByLabel('Preview first').uncheck();
  });

  const toast = (text: string) => s.page.getByTestId('toast').filter({ hasText: text }).waitFor();
  const result = async () => (await s.page.getByTestId('import-result').innerText()).replace(/\s+/g, ' ');

  it('imports a small CSV the same way as any file: upload toast, result card, counts toast', async () => {
    const file = path.join(dir, 'small.csv');
    fs.writeFileSync(
      file,
      [HEADER.join(','), 'Moda Fırını,Bakery,+90 216 555 00 00,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",34710,Türkiye,4.5,12', 'Austin Tacos,Restaurant,,"1 Congress Ave, Austin, TX 78701, United States",78701,United States,4,3'].join('\n'),
    );
    await s.page.locator('input[type=file]').setInputFiles(file);
    await toast('Dosya Yükleniyor');
    expect(await s.page.getByTestId('toast').innerText()).toMatch(/small\.csv \(0\.00 MB\)/);
    await toast('Import Başarılı');
    expect(await s.page.getByTestId('toast').innerText()).toMatch(/2 new, 0 updated, 0 unchanged, 0 rejected businesses/);
    await s.page.getByTestId('import-result').waitFor();
    expect(await result()).toMatch(/Import successful.*New 2 Updated 0 Unchanged 0 Rejected 0/i);
    expect(await s.app.db('businesses').count({ n: '*' })).toEqual([{ n: 2 }]);
  });

  it('never imports the same upload twice: the Import button afterwards asks for the file again', async () => {
    const before = await s.app.db('imports').count({ n: '*' });
    await s.page.getByRole('button', { name: 'Import Businesses' }).click();
    await toast('Already imported');
    // The first run's result stays on screen, and no second run was recorded.
    expect(await result()).toMatch(/New 2/i);
    expect(await s.app.db('imports').count({ n: '*' })).toEqual(before);
  });

  it('reports rejected rows: Import Completed with Errors and a scrollable errors list', async () => {
    const file = path.join(dir, 'bad.csv');
    fs.writeFileSync(file, [HEADER.join(','), 'Good One,,,"5 Elm St, Boston, MA 02108, United States",,,,', ',,,"no name here",,,,', 'Bad Rating,,,"6 Elm St",,,9,'].join('\n'));
    await s.page.locator('input[type=file]').setInputFiles(file);
    await toast('Import Tamamlandı');
    expect(await result()).toMatch(/Import completed with issues.*New 1 Updated 0 Unchanged 0 Rejected 2/i);
    const errors = await s.page.getByTestId('import-errors').locator('li').allInnerTexts();
    expect(errors).toEqual([expect.stringMatching(/^Row 3: /), expect.stringMatching(/^Row 4: /)]);
    expect(await s.page.getByTestId('import-errors').evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto');
    // The rejected rows come back as a CSV: the file's columns, the cells as they were, the reason.
    const [download] = await Promise.all([s.page.waitForEvent('download'), s.page.getByTestId('import-result').getByRole('link', { name: 'Download rejected rows (CSV)' }).click()]);
    const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    expect(text.trim().split('\r\n')).toEqual([
      `${HEADER.join(',')},reason`,
      ',,,no name here,,,,,Row 3: name is empty',
      'Bad Rating,,,6 Elm St,,,9,,Row 4: rating 9 is not between 0 and 5',
    ]);
  });

  it('imports an XLSX (csvHeaders branch, streaming import): Import Başarılı with the counts', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Businesses');
    sheet.addRow(HEADER);
    sheet.addRow(['Berlin Bäckerei', 'Bakery', '+49 30 1234567', 'Hauptstr. 1, 10115 Berlin, Germany', '10115', 'Germany', 4.8, 120]);
    sheet.addRow(['Moda Fırını', 'Bakery', '+90 216 555 00 00', 'Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye', '34710', 'Türkiye', 4.9, 13]);
    const file = path.join(dir, 'businesses.xlsx');
    await wb.xlsx.writeFile(file);
    await s.page.locator('input[type=file]').setInputFiles(file);
    await toast('Import Başarılı');
    expect(await s.page.getByTestId('toast').innerText()).toMatch(/1 new, 1 updated, 0 unchanged, 0 rejected businesses/);
    expect(await result()).toMatch(/New 1 Updated 1 Unchanged 0 Rejected 0/i);
  });

  it('undoes the XLSX import from the recent imports: its new business gone, the changed one as it was', async () => {
    await s.page.reload();
    const row = s.page.getByTestId('recent-imports').locator('tr', { hasText: 'businesses.xlsx' });
    // What the import created and changed, before undoing it.
    await row.getByText('Businesses', { exact: true }).click();
    const details = row.locator('[data-testid^="import-businesses-"]');
    await details.waitFor();
    expect((await details.innerText()).replace(/\s+/g, ' ')).toBe('Created (1) Berlin Bäckerei Changed (1) Moda Fırını (rating, review_count)');
    await row.getByRole('button', { name: 'Undo' }).click();
    await row.getByText('Remove its 1 new business and restore 1 changed ones?').waitFor();
    await row.getByRole('button', { name: 'Confirm undo' }).click();
    await toast('Import undone');
    expect(await s.page.getByTestId('toast').filter({ hasText: 'Import undone' }).innerText()).toMatch(/1 new business removed, 1 restored/);
    await row.getByText('undone by admin').waitFor();
    expect(await s.app.db('businesses').where({ name: 'Berlin Bäckerei' }).first()).toBeUndefined();
    expect(await s.app.db('businesses').where({ name: 'Moda Fırını' }).first('rating', 'review_count')).toEqual({ rating: 4.5, review_count: 12 });
  });

  it('keeps stored values for empty cells, and clears them when the box is ticked', async () => {
    const file = path.join(dir, 'phones.csv');
    fs.writeFileSync(file, ['name,full_address,phone', 'Moda Fırını,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",'].join('\n'));
    await s.page.locator('input[type=file]').setInputFiles(file);
    await toast('Import Başarılı');
    expect(await result()).toMatch(/New 0 Updated 0 Unchanged 1 Rejected 0/i);
    expect(await s.app.db('businesses').where({ name: 'Moda Fırını' }).first('phone')).toEqual({ phone: '+90 216 555 00 00' });
    await s.page.getByLabel('Empty cells clear stored values').check();
    // The very same file chosen again is read again.
    await s.page.locator('input[type=file]').setInputFiles(file);
    await s.page.getByTestId('import-result').filter({ hasText: /Updated\s*1/i }).waitFor();
    expect(await s.app.db('businesses').where({ name: 'Moda Fırını' }).first('phone')).toEqual({ phone: null });
  });

  it('previews a file, imports it on confirm, and its undo puts the database back where it was', async () => {
    const snapshot = async () => ({
      businesses: await s.app.db('businesses').orderBy('id').select('id', 'name', 'rating', 'phone', 'category_id', 'city_id', 'is_active'),
      cities: await s.app.db('cities').where('business_count', '>', 0).orderBy('id').select('name', 'business_count'),
    });
    const before = await snapshot();
    await s.page.getByLabel('Empty cells clear stored values').uncheck();
    await s.page.getByLabel('Preview first').check();
    const file = path.join(dir, 'preview.csv');
    fs.writeFileSync(file, [HEADER.join(','), 'Moda Fırını,Bakery,,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",34710,Türkiye,3.7,12', 'Ankara Simit,Bakery,,"Kızılay 1, 06420 Çankaya/Ankara, Türkiye",06420,Türkiye,4.2,5'].join('\n'));
    await s.page.locator('input[type=file]').setInputFiles(file);
    const preview = s.page.getByTestId('import-preview');
    await preview.waitFor();
    expect((await preview.innerText()).replace(/\s+/g, ' ')).toMatch(/New 1 Updated 1 Unchanged 0 Rejected 0/i);
    expect((await s.page.getByTestId('preview-changes').innerText()).replace(/\s+/g, ' ')).toContain('Moda Fırını rating 4.5 3.7');
    expect(await snapshot()).toEqual(before);

    await preview.getByRole('button', { name: 'Import these changes' }).click();
    await s.page.getByTestId('import-result').filter({ hasText: /New\s*1/i }).waitFor();
    expect(await s.app.db('businesses').where({ name: 'Ankara Simit' }).first()).toBeDefined();

    await s.page.reload();
    const row = s.page.getByTestId('recent-imports').locator('tr', { hasText: 'preview.csv' });
    await row.getByRole('button', { name: 'Undo' }).click();
    await row.getByRole('button', { name: 'Confirm undo' }).click();
    await toast('Import undone');
    expect(await snapshot()).toEqual(before);
  });

  it('lists the recent imports with file, who and counts', async () => {
    await s.page.reload();
    const table = s.page.getByTestId('recent-imports');
    await table.waitFor();
    const text = (await table.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('businesses.xlsx');
    expect(text).toContain('admin');
  });

  it('shows the server message when an upload is refused', async () => {
    const file = path.join(dir, 'not-a-sheet.xlsx');
    fs.writeFileSync(file, 'this is not a spreadsheet at all');
    await s.page.locator('input[type=file]').setInputFiles(file);
    await toast('Yükleme Hatası');
    expect(await s.page.getByTestId('toast').innerText()).toMatch(/Dosya işleme başarısız: \S/);
  });
});
