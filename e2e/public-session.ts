import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { TestApp } from '../server/test-app.js';
import { launchBrowser } from './browser.js';
import { startPublicApp, trackThirdParty } from './public-helpers.js';

type PublicAppOptions = Parameters<typeof startPublicApp>[0] & {
  /** Writes the file's own rows once the app is up (call `app.settle()` after writing behind its back). */
  seed?: (app: TestApp) => Promise<void>;
};

/** The real public app for a test file: started before its tests, closed after them. */
export function usePublicApp(options: PublicAppOptions = {}): { app: TestApp } {
  const holder = {} as { app: TestApp };
  beforeAll(async () => {
    holder.app = await startPublicApp(options);
    await options.seed?.(holder.app);
  });
  afterAll(async () => {
    await holder.app?.close();
  });
  return holder;
}

/** One Chromium for a test file: launched before its tests, closed after them. */
export function useBrowser(): { browser: Browser } {
  let chromium: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  const holder = {} as { browser: Browser };
  beforeAll(async () => {
    chromium = await launchBrowser();
    holder.browser = chromium.browser;
  });
  afterAll(async () => {
    await chromium?.close();
  });
  return holder;
}

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
 * Chromium for the whole file, a fresh context and page for each test (a desktop screen unless
 * `context` says otherwise), and after each test the checks every public page must pass: no
 * uncaught error in the page and, with `noThirdParty`, no request to another host (without
 * AD_CLIENT the site calls no one).
 */
export function publicSession(options: { app?: PublicAppOptions; noThirdParty?: boolean; context?: BrowserContextOptions } = {}): PublicSession {
  let pageErrors: string[] = [];
  let thirdParty: string[][] = [];
  const session = {} as PublicSession;
  const served = usePublicApp(options.app);
  const chromium = useBrowser();
  const open = async (contextOptions: BrowserContextOptions) => {
    session.context = await session.browser.newContext(contextOptions);
    session.page = await session.context.newPage();
    // With the page's address: a hydration error names no page of its own.
    const page = session.page;
    page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${e.message}`));
    if (options.noThirdParty) thirdParty.push(trackThirdParty(session.page, session.app.url));
    return session.page;
  };
  session.reopen = async (contextOptions) => {
    await session.context.close();
    return open(contextOptions);
  };
  beforeAll(() => {
    session.app = served.app;
    session.browser = chromium.browser;
  });
  beforeEach(async () => {
    pageErrors = [];
    thirdParty = [];
    await open(options.context ?? DESKTOP);
  });
  afterEach(async () => {
    expect(thirdParty.flat()).toEqual([]);
    expect(pageErrors).toEqual([]);
    await session.context.close();
  });
  return session;
}
