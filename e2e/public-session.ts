import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { TestApp } from '../server/test-app.js';
import { launchBrowser } from './browser.js';
import { startPublicApp, trackThirdParty } from './public-helpers.js';

/** What a test of a browsing file reads: set before each test, replaced by `reopen`. */
export interface PublicSession {
  app: TestApp;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Replaces this test's context and page (a phone's screen, a CSP bypass for axe); the checks follow the new page. */
  reopen(options: BrowserContextOptions): Promise<Page>;
}

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

/**
 * A test file's browsing session: the real app (on the sample unless told otherwise) and one
 * Chromium for the whole file, a fresh desktop context and page for each test, and after each test
 * the checks every public page must pass: no uncaught error in the page and, with `noThirdParty`,
 * no request to another host (CONTRACT §6: without AD_CLIENT the site calls no one).
 */
export function publicSession(options: { app?: Parameters<typeof startPublicApp>[0]; noThirdParty?: boolean } = {}): PublicSession {
  let chromium: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  let pageErrors: string[] = [];
  let thirdParty: string[][] = [];
  const session = {} as PublicSession;
  const open = async (contextOptions: BrowserContextOptions) => {
    session.context = await session.browser.newContext(contextOptions);
    session.page = await session.context.newPage();
    session.page.on('pageerror', (e) => pageErrors.push(e.message));
    if (options.noThirdParty) thirdParty.push(trackThirdParty(session.page, session.app.url));
    return session.page;
  };
  session.reopen = async (contextOptions) => {
    await session.context.close();
    return open(contextOptions);
  };
  beforeAll(async () => {
    session.app = await startPublicApp(options.app);
    chromium = await launchBrowser();
    session.browser = chromium.browser;
  });
  afterAll(async () => {
    await chromium?.close();
    await session.app?.close();
  });
  beforeEach(async () => {
    pageErrors = [];
    thirdParty = [];
    await open(DESKTOP);
  });
  afterEach(async () => {
    expect(thirdParty.flat()).toEqual([]);
    expect(pageErrors).toEqual([]);
    await session.context.close();
  });
  return session;
}
