import type { Page } from 'playwright-core';
import type { Knex } from 'knex';
import { beforeAll, describe, expect, it } from 'vitest';
import { SKELETONS } from '../domain/constants.js';
import type { TestApp } from '../server/test-app.js';
import { trackThirdParty } from './public-helpers.js';
import { publicSession, usePublicApp } from './public-session.js';

/**
 * Loading skeletons, empty states and ads. To see a skeleton without timing, a test holds an
 * exclusive lock on a table: the real API call waits on PostgreSQL until the test commits.
 */
// A browser's default screen for every test.
const s = publicSession({
  context: {},
  app: {
    sample: false,
    seed: async (app) => {
      await app.db('cities').insert({ name: 'Emptyville', country: 'Nowhere', slug: 'emptyville', business_count: 0 });
    },
  },
});
const ads = usePublicApp({ sample: false, config: { ads: { client: 'ca-pub-0000000000000000', slots: { detail: '111', notFound: '222', banner: '333' } } } });
let empty: TestApp;
let withAds: TestApp;
beforeAll(() => {
  empty = s.app;
  withAds = ads.app;
});

async function withLock<T>(app: TestApp, table: string, body: () => Promise<T>): Promise<T> {
  const trx: Knex.Transaction = await app.db.transaction();
  try {
    await trx.raw(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    return await body();
  } finally {
    await trx.commit();
  }
}

/** The test's page (the session opens a fresh context for each test and closes it after). */
async function newPage(): Promise<Page> {
  return s.page;
}

/** Opens a server-rendered page and waits until React has hydrated it (its router listens). */
async function openHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => Object.keys(document.querySelector('#root main h1') ?? {}).some((k) => k.startsWith('__reactFiber')));
}

/** An in-app navigation, as a link click makes it. */
async function pushPath(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Opens `path` as an in-app navigation from the about page. A page's first HTML is server-rendered
 * with its data (so it waits on the lock itself): only the browser's own API calls show skeletons.
 */
async function navigateInApp(page: Page, app: TestApp, path: string): Promise<void> {
  await openHydrated(page, `${app.url}/about`);
  await pushPath(page, path);
}

describe('skeletons, then content', () => {
  it(`the cities page shows ${SKELETONS.cities} skeleton cards, then 'Henüz şehir bulunmuyor'`, async () => {
    const page = await newPage();
    await withLock(empty, 'cities', async () => {
      await navigateInApp(page, empty, '/cities');
      await page.waitForFunction((n) => document.querySelectorAll('[data-skeleton]').length === n, SKELETONS.cities);
    });
    await page.getByText('Henüz şehir bulunmuyor').waitFor();
    expect(await page.locator('[data-skeleton]').count()).toBe(0);
  });

  it(`the city page shows ${SKELETONS.cityPage} skeleton items under its header, then 'No businesses found'`, async () => {
    const page = await newPage();
    await withLock(empty, 'businesses', async () => {
      await navigateInApp(page, empty, '/city/emptyville');
      await page.getByRole('heading', { level: 1, name: 'Emptyville' }).waitFor();
      await page.waitForFunction((n) => document.querySelectorAll('[data-skeleton]').length === n, SKELETONS.cityPage);
    });
    await page.getByText('No businesses found').waitFor();
  });

  it("home shows the fallback count and skeletons while loading, then 'No businesses added yet'", async () => {
    const page = await newPage();
    await withLock(empty, 'businesses', async () => {
      await navigateInApp(page, empty, '/');
      await page.locator('[data-business-count]').waitFor();
      expect(await page.locator('[data-business-count]').innerText()).toBe('60,000+');
      await page.locator('[data-skeleton]').first().waitFor();
    });
    await page.getByText('No businesses added yet').first().waitFor();
    // The stats answer may come after the lists': wait for it rather than race it.
    await expect.poll(() => page.locator('[data-business-count]').innerText()).toBe('0');
  });

  it('the business page shows its skeleton, then the business', async () => {
    const [city] = await empty.db('cities').where({ slug: 'emptyville' }).select('id');
    await empty.db('businesses').insert({ name: 'Lone Bakery', slug: 'lone-bakery', address: 'B St 2', city_id: city.id, identity_key: 'n:lone' });
    await empty.settle();
    const page = await newPage();
    await withLock(empty, 'businesses', async () => {
      // The HTML itself looks the business up, so only the API call may wait: start on another page.
      await navigateInApp(page, empty, '/details/lone-bakery');
      await page.locator('[data-detail-skeleton]').waitFor();
    });
    await page.getByRole('heading', { level: 1, name: 'Lone Bakery' }).waitFor();
    await empty.db('businesses').where({ slug: 'lone-bakery' }).delete();
  });
});

describe('error states', () => {
  it("the business read is retried 3 times on a server error, then shows 'Business Not Found'", async () => {
    const page = await newPage();
    const detailCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/businesses/detail/')) detailCalls.push(r.url());
    });
    await openHydrated(page, `${empty.url}/about`);
    // A real server failure: the table is gone for a moment, so the API answers 500.
    await empty.db.raw('ALTER TABLE businesses RENAME TO businesses_away');
    try {
      await pushPath(page, '/details/anything');
      await page.getByRole('heading', { name: 'Business Not Found' }).waitFor();
    } finally {
      await empty.db.raw('ALTER TABLE businesses_away RENAME TO businesses');
    }
    expect(detailCalls).toHaveLength(4);
  });

  it('home shows an error in each block whose call fails, the fallback count, and its search still works', async () => {
    const page = await newPage();
    // Every home call reads the cities table (businesses join their city).
    await empty.db.raw('ALTER TABLE cities RENAME TO cities_away');
    try {
      await page.goto(`${empty.url}/`);
      await page.waitForFunction(() => document.querySelectorAll('[role="alert"]').length === 3);
      expect(await page.locator('[data-business-count]').innerText()).toBe('60,000+');
      await page.getByPlaceholder('What service do you need?').fill('plumber');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'plumber');
    } finally {
      await empty.db.raw('ALTER TABLE cities_away RENAME TO cities');
    }
  });
});

describe('empty search', () => {
  it("shows 'No businesses found' for a search without results", async () => {
    const page = await newPage();
    await page.goto(`${empty.url}/search?q=nothing-here`);
    await page.getByText('No businesses found').waitFor();
  });
});

describe('ads', () => {
  it('with AD_CLIENT the network script is added asynchronously and the slot is a real ad unit', async () => {
    const page = await newPage();
    const thirdParty = trackThirdParty(page, withAds.url);
    const res = await page.goto(`${withAds.url}/no-such-page`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: /Page Not Found/ }).waitFor();
    const script = page.locator('head script[src^="https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js"]');
    await script.waitFor({ state: 'attached' });
    expect(await script.getAttribute('src')).toBe('https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-0000000000000000');
    expect(await script.evaluate((s) => (s as HTMLScriptElement).async)).toBe(true);
    expect(await page.locator('ins.adsbygoogle').getAttribute('data-ad-slot')).toBe('222');
    expect(await page.locator('ins.adsbygoogle').getAttribute('data-ad-client')).toBe('ca-pub-0000000000000000');
    expect(thirdParty.some((u) => u.startsWith('https://pagead2.googlesyndication.com/'))).toBe(true);
  });
});
