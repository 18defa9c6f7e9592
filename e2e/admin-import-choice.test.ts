import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { signIn, startAdminApp } from './admin-helpers.js';
import type { TestApp } from '../server/test-app.js';

const CSV = ['name,category,full_address,country', 'Moda Fırını,Bakery,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",Türkiye'].join('\n');

describe('choosing a file on the import screen', () => {
  let app: TestApp;
  let chromium: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let dir: string;
  let file: string;

  beforeAll(async () => {
    app = await startAdminApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-e2e-choice-'));
    file = path.join(dir, 'shops.csv');
    fs.writeFileSync(file, CSV);
    chromium = await launchBrowser();
    page = await chromium.browser.newPage();
    await signIn(page, app.url);
  });
  afterAll(async () => {
    await chromium?.close();
    await app?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const stored = async () => ({
    businesses: (await app.db('businesses').count({ n: '*' }))[0].n,
    imports: (await app.db('imports').count({ n: '*' }))[0].n,
  });

  it('in a fresh browser, shows a preview of a chosen file and writes nothing', async () => {
    expect(await page.getByLabel('Preview first').isChecked()).toBe(true);
    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByTestId('import-preview').waitFor();
    expect((await page.getByTestId('import-preview').innerText()).replace(/\s+/g, ' ')).toMatch(/New 1 Updated 0/i);
    expect(await page.getByTestId('import-file-loaded').innerText()).toBe('shops.csv: 1 row in the file');
    // Longer than the spec's 0.5 s wait before an automatic import.
    await page.waitForTimeout(1500);
    expect(await stored()).toEqual({ businesses: 0, imports: 0 });
  });

  it('reads the same file again when it is chosen again after Cancel', async () => {
    await page.getByTestId('import-preview').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('import-preview').waitFor({ state: 'detached' });
    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByTestId('import-preview').waitFor();
    await page.getByTestId('import-preview').getByRole('button', { name: 'Import these changes' }).click();
    await page.getByTestId('import-result').waitFor();
    expect(await stored()).toEqual({ businesses: 1, imports: 1 });
  });

  it('remembers the admin\'s choice of "Preview first" across reloads, unticked and ticked', async () => {
    const box = page.getByLabel('Preview first');
    const afterReload = async () => {
      await page.reload();
      await page.getByRole('button', { name: 'Import Businesses' }).waitFor();
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
