import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from '../server/test-app.js';
import { launchBrowser } from './browser.js';
import { signIn, startAdminApp } from './admin-helpers.js';

/** What an admin browser test file reads, set before its first test. */
export interface AdminSession {
  app: TestApp;
  browser: Browser;
  context: BrowserContext;
  /** The admin's page, kept from test to test: signed in on the dashboard unless `signIn: false`. */
  page: Page;
  /** A page in a context of its own (a visitor, a signed-out tab): nothing shared with `page`. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

/**
 * An admin test file's session: the real app on a fresh database with one admin account, the
 * file's rows written by `seed` before the browser opens, one Chromium and one page for the whole
 * file (its tests run in order and carry on from each other), all closed after the last test.
 */
export function adminSession(options: { seed?: (app: TestApp) => Promise<void>; context?: BrowserContextOptions; signIn?: boolean } = {}): AdminSession {
  let chromium: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  const session = {} as AdminSession;
  session.newPage = async (contextOptions) => (await session.browser.newContext(contextOptions)).newPage();
  beforeAll(async () => {
    session.app = await startAdminApp();
    await options.seed?.(session.app);
    chromium = await launchBrowser();
    session.browser = chromium.browser;
    session.context = await session.browser.newContext(options.context);
    session.page = await session.context.newPage();
    if (options.signIn !== false) await signIn(session.page, session.app.url);
  });
  afterAll(async () => {
    await chromium?.close();
    await session.app?.close();
  });
  return session;
}
