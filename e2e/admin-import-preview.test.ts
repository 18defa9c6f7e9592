import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminSession } from './admin-session.js';
import { useTempDir } from '../scripts/test-hooks.fixtures.js';
import { importFile } from '../data/import/import.js';
import { editBusiness } from '../data/store/business-writes.js';

const HEADER = 'name,category,phone,full_address,postal_code,country,rating,reviews';
const MODA = 'Moda Fırını,Bakery,+90 216 555 00 00,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",34710,Türkiye,4.5,12';

describe('what the import screen asks before it writes or removes', () => {
  const s = adminSession();
  const dir = useTempDir('rehber-e2e-preview-');

  /** Imports `lines` as the CLI would, recorded under `name`. */
  const seed = async (name: string, lines: string[]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, [HEADER, ...lines].join('\n') + '\n');
    return importFile(s.app.db, file, { source: 'cli', bulk: false });
  };
  const text = async (testId: string) => (await s.page.getByTestId(testId).innerText()).replace(/\s+/g, ' ');

  it('makes the preview again when "Empty cells clear stored values" is ticked after it, and imports what it shows', async () => {
    await seed('moda.csv', [MODA]);
    const stored = () => s.app.db('businesses').where({ name: 'Moda Fırını' }).first('phone', 'rating');
    const before = await stored();
    expect(before).toEqual({ phone: '+90 216 555 00 00', rating: 4.5 });

    await s.page.getByLabel('Preview first').check();
    const file = path.join(dir, 'blanks.csv');
    fs.writeFileSync(file, ['name,full_address,phone,rating', 'Moda Fırını,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",,'].join('\n'));
    await s.page.locator('input[type=file]').setInputFiles(file);
    const preview = s.page.getByTestId('import-preview');
    await preview.filter({ hasText: 'Empty cells keep stored values' }).waitFor();
    expect(await text('import-preview')).toMatch(/New 0 Updated 0 Unchanged 1 Rejected 0/i);

    // Ticked after the preview: the preview shown is made again with the box ticked, nothing written.
    await s.page.getByLabel('Empty cells clear stored values').check();
    await preview.filter({ hasText: 'Empty cells clear stored values' }).waitFor();
    expect(await text('import-preview')).toMatch(/New 0 Updated 1 Unchanged 0 Rejected 0/i);
    expect(await text('preview-changes')).toContain('Moda Fırını phone +90 216 555 00 00 (empty)');
    expect(await stored()).toEqual(before);

    // Unticked again: the first preview's outcome, and Import does exactly that.
    await s.page.getByLabel('Empty cells clear stored values').uncheck();
    await preview.filter({ hasText: 'Empty cells keep stored values' }).waitFor();
    expect(await text('import-preview')).toMatch(/Updated 0 Unchanged 1/i);
    await preview.getByRole('button', { name: 'Import these changes' }).click();
    await s.page.getByTestId('import-result').waitFor();
    expect(await text('import-result')).toMatch(/New 0 Updated 0 Unchanged 1 Rejected 0/i);
    expect(await stored()).toEqual(before);
  });

  it('does not import a preview the directory has moved away from: it shows a new one instead', async () => {
    const stored = () => s.app.db('businesses').where({ name: 'Moda Fırını' }).first('rating');
    const file = path.join(dir, 'rating.csv');
    fs.writeFileSync(file, ['name,full_address,rating', 'Moda Fırını,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",3.1'].join('\n'));
    await s.page.locator('input[type=file]').setInputFiles(file);
    const preview = s.page.getByTestId('import-preview');
    await preview.waitFor();
    expect(await text('preview-changes')).toContain('Moda Fırını rating 4.5 3.1');
    // Someone else's import lands while the preview is on screen.
    await seed('meanwhile.csv', [MODA.replace('4.5', '4.2')]);

    await preview.getByRole('button', { name: 'Import these changes' }).click();
    await s.page.getByTestId('toast').filter({ hasText: 'The directory changed since this preview' }).waitFor();
    await s.page.getByTestId('preview-changes').filter({ hasText: /rating\s*4\.2\s*3\.1/ }).waitFor();
    expect(await stored()).toEqual({ rating: 4.2 });
    await preview.getByRole('button', { name: 'Import these changes' }).click();
    await s.page.getByTestId('import-result').filter({ hasText: /Updated\s*1/i }).waitFor();
    expect(await stored()).toEqual({ rating: 3.1 });
  });

  it('asks for the number of businesses typed before an undo that removes over 1,000', async () => {
    const rows = Array.from({ length: 1001 }, (_, i) => `Big Shop ${i},Plumber,,"${i} Main St, Austin, TX 78701, United States",78701,United States,4,3`);
    const big = await seed('big.csv', rows);
    expect(big.imported).toBe(1001);
    const count = async () => Number((await s.app.db('businesses').where({ created_import_id: big.importId }).count({ n: '*' }))[0].n);

    await s.page.reload();
    const row = s.page.getByTestId('recent-imports').locator('tr', { hasText: 'big.csv' });
    await row.getByRole('button', { name: 'Undo' }).click();
    await row.getByText(/This removes 1,001 businesses\. Type 1001 to confirm\./).waitFor();
    const confirm = row.getByRole('button', { name: 'Confirm undo' });
    expect(await confirm.isDisabled()).toBe(true);
    const typed = row.getByLabel('Number of businesses to remove');
    await typed.fill('1000');
    expect(await confirm.isDisabled()).toBe(true);
    expect(await count()).toBe(1001);

    await typed.fill('1,001');
    await confirm.click();
    await s.page.getByTestId('toast').filter({ hasText: 'Import undone' }).waitFor();
    expect(await s.page.getByTestId('toast').filter({ hasText: 'Import undone' }).innerText()).toMatch(/1001 new businesses removed/);
    await row.getByText('undone by admin').waitFor();
    expect(await count()).toBe(0);
  });

  it('warns of values an admin edited that the file would overwrite, and shows where new businesses would land', async () => {
    await seed('kahve.csv', ['Doğan Kahvecisi,Cafe,+90 216 555 11 11,"Moda Cd. 9, 34710 Kadıköy/İstanbul, Türkiye",34710,Türkiye,4,3']);
    const { id } = await s.app.db('businesses').where({ name: 'Doğan Kahvecisi' }).first('id');
    await editBusiness(s.app.db, Number(id), { fields: { phone: '+90 216 555 22 22' } }, 'admin');

    await s.page.reload();
    const file = path.join(dir, 'old-feed.csv');
    fs.writeFileSync(file, [
      HEADER,
      'Doğan Kahvecisi,Cafe,+90 216 555 11 11,"Moda Cd. 9, 34710 Kadıköy/İstanbul, Türkiye",34710,Türkiye,4,3',
      'Yeni Fırın,Bakery,,"Bahariye Cd. 5, 34710 Kadıköy/İstanbul, Türkiye",34710,Türkiye,4,1',
    ].join('\n'));
    await s.page.locator('input[type=file]').setInputFiles(file);
    await s.page.getByTestId('import-preview').waitFor();
    expect(await text('preview-overwrites')).toBe(
      'This file overwrites values an admin edited since the last import, in 1 business. Doğan Kahvecisi: Phone +90 216 555 22 22 (edited by admin) → +90 216 555 11 11',
    );
    expect(await text('preview-new')).toMatch(/Yeni Fırın İstanbul Kadıköy Türkiye/);
    await s.page.getByTestId('import-preview').getByRole('button', { name: 'Cancel' }).click();
  });
});
