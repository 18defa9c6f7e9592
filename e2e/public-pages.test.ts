import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, someBusiness } from './public-helpers.js';
import { publicSession } from './public-session.js';

/** Every public page on the bundled sample, in headless Chromium, against the real server. */
const s = publicSession({ noThirdParty: true });

const text = (p: Page) => p.locator('body').innerText();

describe('home', () => {
  it('shows the verified count, stat tiles and the three lists from the sample', async () => {
    const res = await s.page.goto(s.app.url + '/');
    expect(res?.status()).toBe(200);
    const total = Number((await s.app.db('businesses').count({ n: '*' }))[0].n);
    await s.page.getByText(total.toLocaleString('en-US'), { exact: true }).waitFor();
    for (const heading of ['Latest Businesses', 'Popular Cities', 'Featured Businesses']) {
      await s.page.getByRole('heading', { name: heading }).waitFor();
    }
    await s.page.locator('[data-business-card]').first().waitFor();
    const body = await text(s.page);
    expect(body).toContain(`${Math.floor(total / 1000)}K+`);
    expect(body).toContain('150+');
    expect(await s.page.locator('[data-stat-tile]').count()).toBe(4);
    expect(await s.page.locator('[data-city-card]').count()).toBeGreaterThan(0);
    expect(await s.page.getByPlaceholder('What service do you need?').count()).toBe(1);
    expect(await s.page.getByPlaceholder('Enter city or postal code').count()).toBe(1);
    // No photo in the sample: placeholders, never a broken image.
    expect(await s.page.locator('img').count()).toBe(0);
    expect(await s.page.locator('[data-photo-placeholder]').count()).toBeGreaterThan(0);
  });

  it('navigates from home to a city, to a business and back', async () => {
    await s.page.goto(s.app.url + '/');
    const city = s.page.locator('[data-city-card]').first();
    await city.waitFor();
    const cityName = (await city.locator('span span').first().innerText()).trim();
    await city.click();
    await s.page.waitForURL(/\/city\//);
    await s.page.getByRole('heading', { level: 1, name: cityName }).waitFor();
    const first = s.page.locator('[data-business-item]').first();
    await first.waitFor();
    const businessName = (await first.locator('h2').innerText()).trim();
    // The whole card is the link.
    await first.click();
    await s.page.waitForURL(/\/details\//);
    await s.page.getByRole('heading', { level: 1, name: businessName }).waitFor();
    await s.page.goBack();
    await s.page.waitForURL(/\/city\//);
    await s.page.getByRole('heading', { level: 1, name: cityName }).waitFor();
    await s.page.goBack();
    await s.page.getByRole('heading', { name: 'Latest Businesses' }).waitFor();
  });

  it('the search block navigates to /search with q and location, and the results page keeps them in the URL', async () => {
    const b = await someBusiness(s.app);
    await s.page.goto(s.app.url + '/');
    await s.page.getByPlaceholder('What service do you need?').fill(b.name);
    await s.page.getByPlaceholder('Enter city or postal code').fill(b.cityName);
    await s.page.getByRole('button', { name: 'Search' }).click();
    await s.page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === b.name && u.searchParams.get('location') === b.cityName);
    await s.page.locator('[data-business-item]').first().waitFor();
    expect(await s.page.locator('[data-business-item] h2').allInnerTexts()).toContain(b.name);
    // The fields are pre-filled from the URL; a new search rewrites it.
    expect(await s.page.getByPlaceholder('What service do you need?').inputValue()).toBe(b.name);
    await s.page.getByPlaceholder('What service do you need?').fill('zzzqqqxxx-nothing');
    await s.page.getByRole('button', { name: 'Search' }).click();
    await s.page.waitForURL((u) => u.searchParams.get('q') === 'zzzqqqxxx-nothing');
    // With the place kept, a word no listing holds is left out: the place's businesses, saying so.
    await s.page.locator('[data-understood]', { hasText: 'no listing mentions' }).waitFor();
    expect(await s.page.locator('[data-understood]').innerText()).toBe(`Showing businesses in ${b.cityName} · no listing mentions “zzzqqqxxx”, “nothing”`);
    await s.page.getByPlaceholder('Enter city or postal code').fill('');
    await s.page.getByRole('button', { name: 'Search' }).click();
    await s.page.waitForURL((u) => u.searchParams.get('q') === 'zzzqqqxxx-nothing' && !u.searchParams.get('location'));
    await s.page.getByText('No businesses found').waitFor();
    await s.page.goBack();
    await s.page.waitForURL((u) => u.searchParams.get('location') === b.cityName);
    await s.page.goBack();
    await s.page.waitForURL((u) => u.searchParams.get('q') === b.name);
    await s.page.locator('[data-business-item]').first().waitFor();
  });

  it('keeps what was typed before the page hydrated: Search sends it', async () => {
    const b = await someBusiness(s.app);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const scripts = /\/assets\/.*\.js$/;
    await s.page.route(scripts, async (route) => {
      await held;
      await route.continue();
    });
    try {
      // Module scripts hold DOMContentLoaded back: the server's markup is there once it is committed.
      await s.page.goto(s.app.url + '/', { waitUntil: 'commit' });
      await s.page.getByPlaceholder('What service do you need?').fill(b.name);
      await s.page.getByPlaceholder('Enter city or postal code').fill(b.cityName);
      release();
      await s.page.waitForFunction(() => Object.keys(document.querySelector('#root main h1') ?? {}).some((k) => k.startsWith('__reactFiber')));
    } finally {
      release();
      await s.page.unroute(scripts);
    }
    await s.page.getByRole('button', { name: 'Search' }).click();
    await s.page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === b.name && u.searchParams.get('location') === b.cityName);
  });

  it('a search URL opened directly shows paged results', async () => {
    await s.page.goto(`${s.app.url}/search?location=${encodeURIComponent('İstanbul')}`);
    await s.page.locator('[data-business-item]').first().waitFor();
    const next = s.page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' });
    if (await next.count()) {
      expect(await s.page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Previous' }).count()).toBe(0);
      await next.click();
      await s.page.waitForURL((u) => u.searchParams.get('page') === '2');
      await s.page.getByText(/Page 2 of/).waitFor();
    }
  });
});

describe('business detail', () => {
  it('shows every section, sets the head client-side, and no ad slot without AD_CLIENT', async () => {
    const row = (await s.app.db('businesses').whereNotNull('about').whereRaw("business_hours <> '{}'::jsonb").whereNotNull('phone').orderBy('id').first()) as { slug: string; name: string; about: string };
    const res = await s.page.goto(`${s.app.url}/details/${row.slug}`);
    expect(res?.status()).toBe(200);
    await s.page.getByRole('heading', { level: 1, name: row.name }).waitFor();
    for (const h of ['About', 'Working Hours', 'Address', 'Contact Information', 'Quick Actions']) {
      await s.page.getByRole('heading', { name: h, exact: true }).waitFor();
    }
    // Hours are shown once: the weekly table when the schedule is known.
    expect(await s.page.getByRole('heading', { name: 'Weekly Schedule' }).count()).toBe(0);
    expect(await s.page.locator('[data-hours-table] tr').count()).toBe(7);
    const body = await text(s.page);
    expect(body).toContain(row.about);
    expect(body).toMatch(/\(\d[\d,]* reviews?\)|No reviews yet/);
    expect(body).toContain('View on Map');
    expect(await s.page.getByRole('link', { name: 'Call Now' }).getAttribute('href')).toMatch(/^tel:\+?\d+$/);
    expect(await s.page.getByRole('link', { name: 'Get Directions' }).getAttribute('href')).toMatch(/^https:\/\//);
    // No AD_CLIENT: no ad slot at all, neither beside the contact cards nor as a banner.
    expect(await s.page.locator('[data-ad-slot-name]').count()).toBe(0);
    expect(await s.page.title()).toContain(row.name);
    expect(await s.page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${s.app.url}/details/${row.slug}`);
    expect((await s.page.locator('meta[name="description"]').getAttribute('content'))?.length).toBeLessThanOrEqual(150);
  });

  it("shows 'Hours not available' and splits free-text hours into lines", async () => {
    const b = await someBusiness(s.app);
    await s.app.db('businesses').where({ slug: b.slug }).update({ working_hours: 'Mon-Fri 9-17; Sat 10-14 | Sun closed', business_hours: '{}' });
    await s.app.settle();
    await s.page.goto(`${s.app.url}/details/${b.slug}`);
    const lines = s.page.locator('[data-hours-lines] li');
    await lines.first().waitFor();
    expect(await lines.allInnerTexts()).toEqual(['Mon-Fri 9-17', 'Sat 10-14', 'Sun closed']);
    expect(await s.page.getByRole('heading', { name: 'Weekly Schedule' }).count()).toBe(0);

    await s.app.db('businesses').where({ slug: b.slug }).update({ working_hours: 'null' });
    await s.app.settle();
    const p2 = await s.context.newPage();
    await p2.goto(`${s.app.url}/details/${b.slug}`);
    await p2.getByText('Hours not available').waitFor();
  });

  it("answers 404 for an unknown business and shows 'Business Not Found' with Go Back", async () => {
    await s.page.goto(s.app.url + '/cities');
    await s.page.getByRole('heading', { name: 'Şehirler' }).waitFor();
    const res = await s.page.goto(`${s.app.url}/details/no-such-business-xyz`);
    expect(res?.status()).toBe(404);
    await s.page.getByRole('heading', { name: 'Business Not Found' }).waitFor();
    expect(await text(s.page)).toContain('The business you are looking for was not found or does not exist.');
    await s.page.getByRole('button', { name: 'Go Back' }).click();
    await s.page.waitForURL((u) => u.pathname === '/cities');
  });
});

describe('cities and city pages', () => {
  it('groups the cities by country in Turkish, with totals', async () => {
    await s.page.goto(s.app.url + '/cities');
    await s.page.getByRole('heading', { level: 1, name: 'Şehirler' }).waitFor();
    await s.page.locator('[data-city-totals]').waitFor();
    const countries = Number((await s.app.db('cities').where('business_count', '>', 0).countDistinct({ n: 'country' }))[0].n);
    expect(await s.page.locator('[data-country-group]').count()).toBe(countries);
    expect(await s.page.locator('[data-city-totals]').innerText()).toMatch(/Ülke[\s\S]*Şehir[\s\S]*İşletme/);
    expect(await text(s.page)).toContain('işletme');
  });

  it('shows the city header and its businesses with name, category, rating, address, phone and View Details', async () => {
    const city = (await s.app.db('cities').orderBy('business_count', 'desc').first()) as { slug: string; name: string; business_count: number; country: string };
    await s.page.goto(`${s.app.url}/city/${city.slug}`);
    await s.page.getByRole('heading', { level: 1, name: city.name }).waitFor();
    await s.page.locator('[data-business-item]').first().waitFor();
    expect(await s.page.locator('[data-business-count]').innerText()).toBe(city.business_count.toLocaleString('en-US'));
    const item = await s.page.locator('[data-business-item]').first().innerText();
    expect(item).toMatch(/\(\d[\d,]* reviews?\)|No reviews yet/);
    expect(item).toContain('View Details');
    expect(await text(s.page)).toContain(city.country);
    expect(await s.page.title()).toContain(city.name);
  });

  it("answers 404 for an unknown city and shows 'City Not Found'", async () => {
    const res = await s.page.goto(`${s.app.url}/city/no-such-city`);
    expect(res?.status()).toBe(404);
    await s.page.getByRole('heading', { name: 'City Not Found' }).waitFor();
    expect(await s.page.getByRole('button', { name: 'Go Back' }).count()).toBe(1);
  });
});

describe('categories, country and about', () => {
  it('lists categories and opens one', async () => {
    await s.page.goto(s.app.url + '/categories');
    await s.page.getByRole('heading', { level: 1, name: 'Business Categories' }).waitFor();
    const first = s.page.locator('[data-category-card]').first();
    await first.waitFor();
    const name = (await first.locator('span span').first().innerText()).trim();
    await first.click();
    await s.page.getByRole('heading', { level: 1, name }).waitFor();
    await s.page.locator('[data-business-item]').first().waitFor();
  });

  it('shows a country with its cities, and 404 for an unknown one', async () => {
    const country = (await s.app.db('countries').orderBy('business_count', 'desc').first()) as { slug: string; name: string };
    await s.page.goto(`${s.app.url}/country/${country.slug}`);
    await s.page.getByRole('heading', { level: 1, name: country.name }).waitFor();
    await s.page.locator('[data-city-card]').first().waitFor();
    const res = await s.page.goto(`${s.app.url}/country/nowhere-land`);
    expect(res?.status()).toBe(404);
    await s.page.getByRole('heading', { name: 'Country Not Found' }).waitFor();
  });

  it('shows the about page', async () => {
    await s.page.goto(s.app.url + '/about');
    await s.page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
  });
});

describe('not-found screen', () => {
  it('answers 404 with 404, Page Not Found, its buttons and links, and no ad slot without AD_CLIENT', async () => {
    const res = await s.page.goto(s.app.url + '/this/does-not-exist');
    expect(res?.status()).toBe(404);
    await s.page.getByRole('heading', { name: /Page Not Found/ }).waitFor();
    expect(await text(s.page)).toContain('404');
    expect(await s.page.locator('[data-ad-slot-name]').count()).toBe(0);
    const main = s.page.locator('main');
    expect(await main.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(await main.getByRole('link', { name: 'Search Businesses' }).getAttribute('href')).toBe('/search');
    expect(await main.getByRole('link', { name: 'Browse Cities' }).getAttribute('href')).toBe('/cities');
    expect(await main.getByRole('link', { name: 'Business Categories' }).getAttribute('href')).toBe('/categories');
    expect(await main.getByRole('link', { name: 'About Us' }).getAttribute('href')).toBe('/about');
    expect(await main.getByRole('button', { name: 'Go Back' }).count()).toBe(1);
    await main.getByRole('link', { name: 'Go Home' }).click();
    await s.page.getByRole('heading', { name: 'Latest Businesses' }).waitFor();
  });
});

describe('layout', () => {
  it('has a working mobile menu at 390px', async () => {
    await s.page.setViewportSize({ width: 390, height: 844 });
    await s.page.goto(s.app.url + '/about');
    const button = s.page.getByRole('button', { name: 'Open menu' });
    await button.waitFor();
    expect(await s.page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    const menu = s.page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    expect(await menu.getByRole('link').allInnerTexts()).toEqual(['Home', 'Cities', 'Categories', 'Search']);
    expect(await s.page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    // Escape closes it and gives focus back to the button.
    await menu.getByRole('link', { name: 'Home' }).focus();
    await s.page.keyboard.press('Escape');
    expect(await s.page.getByRole('navigation', { name: 'Mobile' }).count()).toBe(0);
    expect(await s.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    await s.page.keyboard.press('Enter');
    await menu.waitFor();
    await menu.getByRole('link', { name: 'Cities' }).click();
    await s.page.getByRole('heading', { level: 1, name: 'Şehirler' }).waitFor();
    // Navigating closes the menu.
    expect(await s.page.getByRole('navigation', { name: 'Mobile' }).count()).toBe(0);
    // Nothing overflows the narrow viewport sideways.
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const b = await someBusiness(s.app);
    for (const p of ['/', `/details/${b.slug}`, `/city/${b.citySlug}`, '/no-such-page']) {
      await s.page.goto(s.app.url + p);
      await s.page.locator('main h1').first().waitFor();
      await s.page.locator('[data-skeleton], [data-detail-skeleton]').first().waitFor({ state: 'detached' });
      expect(await s.page.evaluate(() => document.documentElement.scrollWidth), p).toBeLessThanOrEqual(390);
    }
  });

  it('shows the footer quick links, and no contact details when CONTACT_* are unset', async () => {
    await s.page.goto(s.app.url + '/about');
    const footer = s.page.locator('footer');
    await footer.getByRole('heading', { name: 'Quick Links' }).waitFor();
    // The placeholders are gone; e2e/public-ssr.test.ts shows configured ones.
    expect(await footer.getByRole('heading', { name: 'Contact' }).count()).toBe(0);
    expect(await footer.innerText()).not.toContain('hello@rehber.example');
  });
});

describe('bundle', () => {
  it('home loads under 200 KB of gzipped JavaScript, and no admin code', async () => {
    const scripts: Array<{ url: string; body: Promise<Buffer> }> = [];
    s.page.on('response', (r) => {
      // A chunk answered after the sum (the lazy toaster) must not reject unhandled when the page closes.
      if (r.request().resourceType() === 'script') scripts.push({ url: r.url(), body: r.body().catch(() => Buffer.alloc(0)) });
    });
    await s.page.goto(s.app.url + '/');
    await s.page.locator('[data-business-card]').first().waitFor();
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
    const b = await someBusiness(s.app);
    // Our CSP (rightly) refuses injected scripts; axe is the test's own, so this context bypasses it.
    await s.reopen({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const pages: Array<[string, () => Promise<unknown>]> = [
      ['/', () => s.page.locator('[data-business-card]').first().waitFor()],
      [`/details/${b.slug}`, () => s.page.getByRole('heading', { level: 1, name: b.name }).waitFor()],
      [`/city/${b.citySlug}`, () => s.page.locator('[data-business-item]').first().waitFor()],
      [`/search?q=${encodeURIComponent(b.name)}`, () => s.page.locator('[data-business-item]').first().waitFor()],
    ];
    for (const [p, ready] of pages) {
      await s.page.goto(s.app.url + p);
      await ready().catch((err: Error) => {
        throw new Error(`${p} did not render: ${err.message}`);
      });
      expect(await axeViolations(s.page), p).toEqual([]);
    }
  });
});

