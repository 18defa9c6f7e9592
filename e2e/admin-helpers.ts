import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { upsertUser } from '../db/queries/users.js';
import { startTestApp, type TestApp } from '../server/test-app.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ADMIN = { username: 'admin', password: 'browser test password 42' };

/** The real app on a fresh database with one admin account. Needs dist/web (make build-web). */
export async function startAdminApp(): Promise<TestApp> {
  if (!fs.existsSync(path.join(root, 'dist', 'web', 'index.html'))) {
    throw new Error('dist/web is missing: run `npx vite build --config web/vite.config.ts` (make test does it)');
  }
  const app = await startTestApp();
  await upsertUser(app.db, ADMIN.username, ADMIN.password);
  return app;
}

/** Signs in through the login screen and waits for the dashboard. */
export async function signIn(page: Page, appUrl: string): Promise<void> {
  await page.goto(`${appUrl}/admin/login`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${appUrl}/admin`);
  await page.getByRole('button', { name: 'Logout' }).waitFor();
}

/** The visible toast's title and description. */
export async function toastText(page: Page): Promise<string> {
  const t = page.getByTestId('toast').first();
  await t.waitFor();
  return (await t.innerText()).replace(/\s+/g, ' ').trim();
}
