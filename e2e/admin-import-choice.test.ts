import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminSession } from './admin-session.js';
import { useTempDir } from '../scripts/test-hooks.fixtures.js';

const CSV = ['name,category,full_address,country', 'Moda Fırını,Bakery,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",Türkiye'].join('\n');

describe('choosing a file on the import screen', () => {
  const s = adminSession();
  const dir = useTempDir('rehber-e2e-choice-');
  const file = path.join(dir, 'shops.csv');
  fs.writeFileSync(file, CSV);

  const stored = async () => ({
    businesses: (await s.app.db('businesses').count({ n: '*' }))[0].n,
    imports: (await s.app.db('imports').count({ n: '*' }))[0].n,
  });

  it('in a fresh browser, shows a preview of a chosen file and writes nothing', async () => {
    expect(await s.page.getByLabel('Preview first').isChecked()).toBe(true);
    await s.page.locator('input[type=file]').setInputFiles(file);
    await s.page.getByTestId('import-preview').waitFor();
    expect((await s.page.getByTestId('import-preview').innerText()).replace(/\s+/g, ' ')).toMatch(/New 1 Updated 0/i);
    expect(await s.page.getByTestId('import-file-loaded').innerText()).toBe('shops.csv: 1 row in the file');
    // Longer than the spec's 0.5 s wait before an automatic import.
    await s.page.waitForTimeout(1500);
    expect(await stored()).toEqual({ businesses: 0, imports: 0 });
  });

  it('reads the same file again when it is chosen again after Cancel', async () => {
    await s.page.getByTestId('import-preview').getByRole('button', { name: 'Cancel' }).click();
    await s.page.getByTestId('import-preview').waitFor({ state: 'detached' });
    await s.page.locator('input[type=file]').setInputFiles(file);
    await s.page.getByTestId('import-preview').waitFor();
    await s.page.getByTestId('import-preview').getByRole('button', { name: 'Import these changes' }).click();
    await s.page.getByTestId('import-result').waitFor();
    expect(await stored()).toEqual({ businesses: 1, imports: 1 });
  });

  it('remembers the admin\'s choice of "Preview first" across reloads, unticked and ticked', async () => {
    const box = s.page.getByLabel('Preview first');
    const afterReload = async () => {
      await s.page.reload();
      await s.page.getByRole('button', { name: 'Import Businesses' }).waitFor();
      return box.isChecked();
    };
    await box.uncheck();
    expect(await afterReload()).toBe(false);
    await box.check();
    expect(await afterReload()).toBe(true);
    await box.uncheck();
    expect(await afterReload()).toBe(false);
  });
});
