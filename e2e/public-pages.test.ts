import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../server/test-app.js';
import { launchBrowser } from './browser.js';
import { axeViolations, someBusiness, startPublicApp, trackThirdParty } from './public-helpers.js';

/** Every public page on the bundled sample, in headless Chromium, against the real server. */
let app: TestApp;
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let thirdParty: string[];
let pageErrors: string[];

beforeAll(async () => {
  app = await startPublicApp();
  chromium = await launchBrowser();
  browser = chromium.browser;
});
afterAll(async () => {
  await chromium?.close();
  await app?.close();
});
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  thirdParty = trackThirdParty(page, app.url);
  pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
});
afterEach(async () => {
  // Without AD_CLIENT the pages make no third-party request at all (CONTRACT §6).
  expect(thirdParty).toEqual([]);
  expect(pageErrors).toEqual([]);
  await context.close();
});

const text = (p: Page) => p.locator('body').innerText();

describe('home', () => {
  it('shows the verified count, stat tiles and the three lists from the sample', async () => {
    const res = await page.goto(app.url + '/');
    expect(res?.status()).toBe(200);
    const total = Number((await app.db('businesses').count({ n: '*' }))[0].n);
    await page.getByText(total.toLocaleString('en-US'), { exact: true }).waitFor();
    for (const heading of ['Latest Businesses', 'Popular Cities', 'Featured Businesses']) {
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    await page.locator('[data-business-card]').first().waitFor();
    const body = await text(page);
    expect(body).toContain(`${Math.floor(total / 1000)}K+`);
    expect(body).toContain('150+');
    expect(await page.locator('[data-stat-tile]').count()).toBe(4);
    expect(await page.locator('[data-city-card]').count()).toBeGreaterThan(0);
    expect(await page.getByPlaceholder('What service do you need?').count()).toBe(1);
    expect(await page.getByPlaceholder('Enter city or postal code').count()).toBe(1);
    // No photo in the sample: placeholders, never a broken image.
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('[data-photo-placeholder]').count()).toBeGreaterThan(0);
  });

  it('navigates from home to a city, to a business and back', async () => {
    await page.goto(app.url + '/');
    const city = page.locator('[data-city-card]').first();
    await city.waitFor();
    const cityName = (await city.locator('span span').first().innerText()).trim();
    await city.click();
    await page.waitForURL(/\/city\//);
    await page.getByRole('heading', { level: 1, name: cityName }).waitFor();
    const first = page.locator('[data-business-item]').first();
    await first.waitFor();
    const businessName = (await first.locator('h2').innerText()).trim();
    // The whole card is the link.
    await first.click();
    await page.waitForURL(/\/details\//);
    await page.getByRole('heading', { level: 1, name: businessName }).waitFor();
    await page.goBack();
    await page.waitForURL(/\/city\//);
    await page.getByRole('heading', { level: 1, name: cityName }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Latest Businesses' }).waitFor();
  });

  it('the search block navigates to /search with q and location, and the results page keeps them in the URL', async () => {
    const b = await someBusiness(app);
    await page.goto(app.url + '/');
    await page.getByPlaceholder('What service do you need?').fill(b.name);
    await page.getByPlaceholder('Enter city or postal code').fill(b.cityName);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === b.name && u.searchParams.get('location') === b.cityName);
    await page.locator('[data-business-item]').first().waitFor();
    expect(await page.locator('[data-business-item] h2').allInnerTexts()).toContain(b.name);
    // The fields are pre-filled from the URL; a new search rewrites it.
    expect(await page.getByPlaceholder('What service do you need?').inputValue()).toBe(b.name);
    await page.getByPlaceholder('What service do you need?').fill('zzzqqqxxx-nothing');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((u) => u.searchParams.get('q') === 'zzzqqqxxx-nothing');
    await page.getByText('No businesses found').waitFor();
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('q') === b.name);
    await page.locator('[data-business-item]').first().waitFor();
  });

  it('a search URL opened directly shows paged results', async () => {
    await page.goto(`${app.url}/search?location=${encodeURIComponent('İstanbul')}`);
    await page.locator('[data-business-item]').first().waitFor();
    const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' });
    if (await next.count()) {
      expect(await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Previous' }).count()).toBe(0);
      await next.click();
      await page.waitForURL((u) => u.searchParams.get('page') === '2');
      await page.getByText(/Page 2 of/).waitFor();
    }
  });
});

describe('business detail', () => {
  it('shows every section, sets the head client-side, and no ad slot without AD_CLIENT', async () => {
    const row = (await app.db('businesses').whereNotNull('about').whereRaw("business_hours <> '{}'::jsonb").whereNotNull('phone').orderBy('id').first()) as { slug: string; name: string; about: string };
    const res = await page.goto(`${app.url}/details/${row.slug}`);
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: row.name }).waitFor();
    for (const h of ['About', 'Working Hours', 'Address', 'Contact Information', 'Quick Actions']) {
      await page.getByRole('heading', { name: h, exact: true }).waitFor();
    }
    // Hours are shown once: the weekly table when the schedule is known.
    expect(await page.getByRole('heading', { name: 'Weekly Schedule' }).count()).toBe(0);
    expect(await page.locator('[data-hours-table] tr').count()).toBe(7);
    const body = await text(page);
    expect(body).toContain(row.about);
    expect(body).toMatch(/\(\d[\d,]* reviews?\)|No reviews yet/);
    expect(body).toContain('View on Map');
    expect(await page.getByRole('link', { name: 'Call Now' }).getAttribute('href')).toMatch(/^tel:\+?\d+$/);
    expect(await page.getByRole('link', { name: 'Get Directions' }).getAttribute('href')).toMatch(/^https:\/\//);
    // No AD_CLIENT: no ad slot at all (issue 15), neither beside the contact cards nor as a banner.
    expect(await page.locator('[data-ad-slot-name]').count()).toBe(0);
    expect(await page.title()).toContain(row.name);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${app.url}/details/${row.slug}`);
    expect((await page.locator('meta[name="description"]').getAttribute('content'))?.length).toBeLessThanOrEqual(150);
  });

  it("shows 'Hours not available' and splits free-text hours into lines", async () => {
    const b = await someBusiness(app);
    await app.db('businesses').where({ slug: b.slug }).update({ working_hours: 'Mon-Fri 9-17; Sat 10-14 | Sun closed', business_hours: '{}' });
    await app.settle();
    await page.goto(`${app.url}/details/${b.slug}`);
    const lines = page.locator('[data-hours-lines] li');
    await lines.first().waitFor();
    expect(await lines.allInnerTexts()).toEqual(['Mon-Fri 9-17', 'Sat 10-14', 'Sun closed']);
    expect(await page.getByRole('heading', { name: 'Weekly Schedule' }).count()).toBe(0);

    await app.db('businesses').where({ slug: b.slug }).update({ working_hours: 'null' });
    await app.settle();
    const p2 = await context.newPage();
    await p2.goto(`${app.url}/details/${b.slug}`);
    await p2.getByText('Hours not available').waitFor();
  });

  it("answers 404 for an unknown business and shows 'Business Not Found' with Go Back", async () => {
    await page.goto(app.url + '/cities');
    await page.getByRole('heading', { name: 'Şehirler' }).waitFor();
    const res = await page.goto(`${app.url}/details/no-such-business-xyz`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Business Not Found' }).waitFor();
    expect(await text(page)).toContain('The business you are looking for was not found or does not exist.');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((u) => u.pathname === '/cities');
  });
});

describe('cities and city pages', () => {
  it('groups the cities by country in Turkish, with totals', async () => {
    await page.goto(app.url + '/cities');
    await page.getByRole('heading', { level: 1, name: 'Şehirler' }).waitFor();
    await page.locator('[data-city-totals]').waitFor();
    const countries = Number((await app.db('cities').where('business_count', '>', 0).countDistinct({ n: 'country' }))[0].n);
    expect(await page.locator('[data-country-group]').count()).toBe(countries);
    expect(await page.locator('[data-city-totals]').innerText()).toMatch(/Ülke[\s\S]*Şehir[\s\S]*İşletme/);
    expect(await text(page)).toContain('işletme');
  });

  it('shows the city header and its businesses with name, category, rating, address, phone and View Details', async () => {
    const city = (await app.db('cities').orderBy('business_count', 'desc').first()) as { slug: string; name: string; business_count: number; country: string };
    await page.goto(`${app.url}/city/${city.slug}`);
    await page.getByRole('heading', { level: 1, name: city.name }).waitFor();
    await page.locator('[data-business-item]').first().waitFor();
    expect(await page.locator('[data-business-count]').innerText()).toBe(city.business_count.toLocaleString('en-US'));
    const item = await page.locator('[data-business-item]').first().innerText();
    expect(item).toMatch(/\(\d[\d,]* reviews?\)|No reviews yet/);
    expect(item).toContain('View Details');
    expect(await text(page)).toContain(city.country);
    expect(await page.title()).toContain(city.name);
  });

  it("answers 404 for an unknown city and shows 'City Not Found'", async () => {
    const res = await page.goto(`${app.url}/city/no-such-city`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'City Not Found' }).waitFor();
    expect(await page.getByRole('button', { name: 'Go Back' }).count()).toBe(1);
  });
});

describe('categories, country and about', () => {
  it('lists categories and opens one', async () => {
    await page.goto(app.url + '/categories');
    await page.getByRole('heading', { level: 1, name: 'Business Categories' }).waitFor();
    const first = page.locator('[data-category-card]').first();
    await first.waitFor();
    const name = (await first.locator('span span').first().innerText()).trim();
    await first.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.locator('[data-business-item]').first().waitFor();
  });

  it('shows a country with its cities, and 404 for an unknown one', async () => {
    const country = (await app.db('countries').orderBy('business_count', 'desc').first()) as { slug: string; name: string };
    await page.goto(`${app.url}/country/${country.slug}`);
    await page.getByRole('heading', { level: 1, name: country.name }).waitFor();
    await page.locator('[data-city-card]').first().waitFor();
    const res = await page.goto(`${app.url}/country/nowhere-land`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Country Not Found' }).waitFor();
  });

  it('shows the about page', async () => {
    await page.goto(app.url + '/about');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
  });
});

describe('not-found screen', () => {
  it('answers 404 with 404, Page Not Found, its buttons and links, and no ad slot without AD_CLIENT', async () => {
    const res = await page.goto(app.url + '/this/does-not-exist');
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: /Page Not Found/ }).waitFor();
    expect(await text(page)).toContain('404');
    expect(await page.locator('[data-ad-slot-name]').count()).toBe(0);
    const main = page.locator('main');
    expect(await main.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(await main.getByRole('link', { name: 'Search Businesses' }).getAttribute('href')).toBe('/search');
    expect(await main.getByRole('link', { name: 'Browse Cities' }).getAttribute('href')).toBe('/cities');
    expect(await main.getByRole('link', { name: 'Business Categories' }).getAttribute('href')).toBe('/categories');
    expect(await main.getByRole('link', { name: 'About Us' }).getAttribute('href')).toBe('/about');
    expect(await main.getByRole('button', { name: 'Go Back' }).count()).toBe(1);
    await main.getByRole('link', { name: 'Go Home' }).click();
    await page.getByRole('heading', { name: 'Latest Businesses' }).waitFor();
  });
});

describe('layout', () => {
  it('has a working mobile menu at 390px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(app.url + '/about');
    const button = page.getByRole('button', { name: 'Open menu' });
    await button.waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    expect(await menu.getByRole('link').allInnerTexts()).toEqual(['Home', 'Cities', 'Categories', 'Search']);
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    // Escape closes it and gives focus back to the button.
    await menu.getByRole('link', { name: 'Home' }).focus();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('navigation', { name: 'Mobile' }).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await menu.getByRole('link', { name: 'Cities' }).click();
    await page.getByRole('heading', { level: 1, name: 'Şehirler' }).waitFor();
    // Navigating closes the menu.
    expect(await page.getByRole('navigation', { name: 'Mobile' }).count()).toBe(0);
    // Nothing overflows the narrow viewport sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const b = await someBusiness(app);
    for (const p of ['/', `/details/${b.slug}`, `/city/${b.citySlug}`, '/no-such-page']) {
      await page.goto(app.url + p);
      await page.locator('main h1').first().waitFor();
      await page.locator('[data-skeleton], [data-detail-skeleton]').first().waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), p).toBeLessThanOrEqual(390);
    }
  });

  it('shows the footer quick links, and no contact details when CONTACT_* are unset', async () => {
    await page.goto(app.url + '/about');
    const footer = page.locator('footer');
    await footer.getByRole('heading', { name: 'Quick Links' }).waitFor();
    // The placeholders are gone (issue 15); e2e/public-ssr.test.ts shows configured ones.
    expect(await footer.getByRole('heading', { name: 'Contact' }).count()).toBe(0);
    expect(await footer.innerText()).not.toContain('hello@rehber.example');
  });
});

describe('bundle', () => {
  it('home loads under 200 KB of gzipped JavaScript, and no admin code', async () => {
    const scripts: Array<{ url: string; body: Promise<Buffer> }> = [];
    page.on('response', (r) => {
      // A chunk answered after the sum (the lazy toaster) must not reject unhandled when the page closes.
      if (r.request().resourceType() === 'script') scripts.push({ url: r.url(), body: r.body().catch(() => Buffer.alloc(0)) });
    });
    await page.goto(app.url + '/');
    await page.locator('[data-business-card]').first().waitFor();
    let gzipped = 0;
    for (const s of scripts) gzipped += gzipSync(await s.body).length;
    expect(scripts.length).toBeGreaterThan(0);
    expect(gzipped).toBeLessThan(200 * 1024);
    const names = scripts.map((s) => new URL(s.url).pathname.split('/').pop() ?? '');
    expect(names.filter((n) => /^(login|dashboard|businesses|countries|sitemap)-/.test(n))).toEqual([]);
  });
});

describe('accessibility (axe-core)', () => {
  it('finds no serious or critical violation on home, detail, city and search', async () => {
    const b = await someBusiness(app);
    // Our CSP (rightly) refuses injected scripts; axe is the test's own, so this context bypasses it.
    await context.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    page = await context.newPage();
    const pages: Array<[string, () => Promise<unknown>]> = [
      ['/', () => page.locator('[data-business-card]').first().waitFor()],
      [`/details/${b.slug}`, () => page.getByRole('heading', { level: 1, name: b.name }).waitFor()],
      [`/city/${b.citySlug}`, () => page.locator('[data-business-item]').first().waitFor()],
      [`/search?q=${encodeURIComponent(b.name)}`, () => page.locator('[data-business-item]').first().waitFor()],
    ];
    for (const [p, ready] of pages) {
      await page.goto(app.url + p);
      await ready().catch((err: Error) => {
        throw new Error(`${p} did not render: ${err.message}`);
      });
      expect(await axeViolations(page), p).toEqual([]);
    }
  });
});

