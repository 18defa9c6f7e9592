import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Koa from 'koa';
import pino from 'pino';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultDistDir, pageRoutes } from '../server/routes/pages.js';
import { someBusiness, startPublicApp } from './public-helpers.js';
import { publicSession, usePublicApp } from './public-session.js';
import { importCsvText } from '../data/import/import.fixtures.js';
import { COUNTRY_CITY_CARDS, PUBLIC_PAGE_SIZE } from '../domain/constants.js';
import { cityCategoryPath } from '../domain/paths.js';

/**
 * Server rendering: every public page's HTML, as a crawler without JavaScript gets it,
 * holds its text and its links; the browser hydrates that markup without a warning and without
 * asking the API for the data the page already carries.
 */
const CONTACT = { email: 'desk@example.org', phone: '+90 212 555 01 02', address: 'Kadıköy Meydanı 1, İstanbul' };

const s = publicSession();
const contact = usePublicApp({ sample: false, config: { site: { name: 'Rehber Test', contact: CONTACT } } });
let sample: { business: { name: string; slug: string; citySlug: string; cityName: string }; category: { name: string; slug: string }; country: { name: string; slug: string }; combo: string; comboOfDistricts: string };

beforeAll(async () => {
  const business = await someBusiness(s.app, (q) => q.whereNotNull('b.category_id'));
  const category = (await s.app.db('categories as c').join('businesses as b', 'b.category_id', 'c.id').where('b.slug', business.slug).first('c.name', 'c.slug')) as { name: string; slug: string };
  const country = (await s.app.db('countries').orderBy('business_count', 'desc').first('name', 'slug')) as { name: string; slug: string };
  // The sample's biggest category in a city: a page of its own.
  const { rows } = (await s.app.db.raw(`
    SELECT c.slug AS city, k.slug AS category FROM businesses b JOIN cities c ON c.id = b.city_id JOIN categories k ON k.id = b.category_id
     WHERE b.is_active GROUP BY c.id, k.id ORDER BY count(*) DESC, c.id, k.id LIMIT 1`)) as { rows: Array<{ city: string; category: string }> };
  // And the one over the most districts, which its description names.
  const [ofDistricts] = (await s.app.db.raw(`
    SELECT c.slug AS city, k.slug AS category FROM businesses b JOIN cities c ON c.id = b.city_id JOIN categories k ON k.id = b.category_id
     WHERE b.is_active GROUP BY c.id, k.id ORDER BY count(DISTINCT nullif(b.district, '')) DESC, c.id, k.id LIMIT 1`)).rows as Array<{ city: string; category: string }>;
  sample = { business, category, country, combo: cityCategoryPath(rows[0].city, rows[0].category), comboOfDistricts: cityCategoryPath(ofDistricts.city, ofDistricts.category) };
});

async function html(path: string, base = s.app.url): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await fetch(base + path);
  return { status: res.status, body: await res.text(), headers: res.headers };
}

/** The text inside <div id="root">, tags dropped and entities decoded enough for names. */
function rootText(body: string): string {
  const root = body.slice(body.indexOf('<div id="root">'), body.indexOf('<script type="application/json" id="rehber-state">'));
  return root
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

/**
 * A list's card, its texts and addresses left out, in bytes: with the named classes of index.css
 * well under it, with each card's utilities spelled out far over it (docs/performance.md).
 */
const CARD_MARKUP_BUDGET = 1_200;

/** The keys of a card row (domain/card-row.ts): what a business's card and the map draw. */
const CARD_KEYS = ['id', 'slug', 'name', 'isVerified', 'photo', 'category', 'city', 'rating', 'reviewCount', 'address', 'phoneDisplay', 'openWeek', 'workingHours', 'timeZone', 'latitude', 'longitude', 'coordinatesApproximate', 'countryCode', 'distance'];

/** The queries of a page's data island. */
function islandQueries(body: string): Array<{ queryKey: unknown[]; state: { data: unknown } }> {
  return (JSON.parse(/<script type="application\/json" id="rehber-state">([\s\S]*?)<\/script>/.exec(body)![1]) as { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> }).queries;
}

const hrefs = (body: string) => [...body.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);

describe('HTML without JavaScript', () => {
  it('home: the hero, the three lists with their business and city links, the footer', async () => {
    const { status, body } = await html('/');
    expect(status).toBe(200);
    const text = rootText(body);
    const total = Number((await s.app.db('businesses').where('is_active', true).count({ n: '*' }))[0].n);
    for (const s of ['Find trusted local businesses near you', 'Latest Businesses', 'Popular Cities', 'Featured Businesses', 'Quick Links', total.toLocaleString('en-US')]) {
      expect(text).toContain(s);
    }
    // The figure is every listed business, not only the verified ones.
    expect(text).toContain(`${total.toLocaleString('en-US')} businesses`);
    expect(text).not.toContain('verified businesses');
    const links = hrefs(body);
    expect(links.filter((h) => h.startsWith('/details/')).length).toBeGreaterThan(3);
    expect(links.filter((h) => h.startsWith('/city/')).length).toBeGreaterThan(0);
    expect(links).toEqual(expect.arrayContaining(['/', '/cities', '/categories', '/about']));
  });

  it('business detail: its name, city, address and the links to its city and category', async () => {
    const { business, category } = sample;
    const { status, body } = await html(`/details/${business.slug}`);
    expect(status).toBe(200);
    const row = (await s.app.db('businesses').where({ slug: business.slug }).first('address')) as { address: string };
    const text = rootText(body);
    expect(text).toContain(business.name);
    expect(text).toContain(row.address);
    // A visitor sees only active businesses: an 'Active' badge would tell them nothing.
    expect(text).not.toMatch(/\bActive\b/);
    expect(body).toMatch(/<h1[^>]*>/);
    expect(hrefs(body)).toEqual(expect.arrayContaining([`/city/${business.citySlug}`, `/category/${category.slug}`]));
  });

  it('cities and categories: every group and its page link', async () => {
    const cities = await html('/cities');
    expect(cities.status).toBe(200);
    expect(rootText(cities.body)).toContain('Şehirler');
    expect(rootText(cities.body)).toContain(sample.business.cityName);
    expect(hrefs(cities.body)).toContain(`/city/${sample.business.citySlug}`);
    const categories = await html('/categories');
    expect(categories.status).toBe(200);
    expect(rootText(categories.body)).toContain('Business Categories');
    expect(rootText(categories.body)).toContain(sample.category.name);
    expect(hrefs(categories.body)).toContain(`/category/${sample.category.slug}`);
  });

  it("cities: a country shows its twelve biggest cities and links to its page for every one", async () => {
    const world = await startPublicApp({ sample: false });
    try {
      const cities = ['Tokyo', 'Tokyo', 'Tokyo', 'Osaka', 'Nagoya', 'Sapporo', 'Fukuoka', 'Kobe', 'Kyoto', 'Kawasaki', 'Saitama', 'Hiroshima', 'Sendai', 'Chiba', 'Kitakyushu', 'Sakai'];
      await importCsvText(world.db, ['name,category,full_address,city,country,place_id', ...cities.map((c, i) => `Shop ${i},Bakery,"${i} Chome,${c}",${c},Japan,J${i}`)].join('\n'), { source: 'cli' });
      const page = await html('/cities', world.url);
      const japan = page.body.slice(page.body.indexOf('data-country-group="Japan"'));
      const shown = [...japan.matchAll(/href="\/city\/([^"]+)"/g)].map((m) => m[1]);
      // Tokyo has the most businesses; the others one each, by name: Sapporo and Sendai are left to the country's page.
      expect(shown).toEqual(['tokyo', 'chiba', 'fukuoka', 'hiroshima', 'kawasaki', 'kitakyushu', 'kobe', 'kyoto', 'nagoya', 'osaka', 'saitama', 'sakai']);
      expect(rootText(page.body)).toContain('Tüm şehirler (14)');
      expect(hrefs(japan)).toContain('/country/japan');
      const country = await html('/country/japan', world.url);
      for (const slug of ['sapporo', 'sendai', 'tokyo']) expect(hrefs(country.body)).toContain(`/city/${slug}`);
    } finally {
      await world.close();
    }
  });

  it('city, category and country: the heading and the listed businesses or cities as links', async () => {
    const city = await html(`/city/${sample.business.citySlug}`);
    expect(city.status).toBe(200);
    expect(city.body).toMatch(new RegExp(`<h1[^>]*>[\\s\\S]*?${sample.business.cityName}`));
    expect(hrefs(city.body).filter((h) => h.startsWith('/details/')).length).toBeGreaterThan(0);
    const category = await html(`/category/${sample.category.slug}`);
    expect(category.status).toBe(200);
    expect(rootText(category.body)).toContain(sample.category.name);
    expect(hrefs(category.body).filter((h) => h.startsWith('/details/')).length).toBeGreaterThan(0);
    const country = await html(`/country/${sample.country.slug}`);
    expect(country.status).toBe(200);
    expect(rootText(country.body)).toContain(sample.country.name);
    expect(hrefs(country.body).filter((h) => h.startsWith('/city/')).length).toBeGreaterThan(0);
  });

  it('search: the results of the query in the URL; about; page 2 of a city', async () => {
    const word = sample.business.name.split(/\s+/)[0];
    const search = await html(`/search?q=${encodeURIComponent(word)}`);
    expect(search.status).toBe(200);
    expect(rootText(search.body)).toMatch(/results? for/);
    expect(hrefs(search.body).filter((h) => h.startsWith('/details/')).length).toBeGreaterThan(0);
    // The server render reads a country's other names as the API does.
    const turkey = await html('/search?q=&location=Turkey');
    expect(rootText(turkey.body)).toMatch(/[1-9][\d,]* results? for “Turkey”/);
    const about = await html('/about');
    expect(rootText(about.body)).toContain('About Us');
    const biggest = (await s.app.db('cities').orderBy('business_count', 'desc').first('slug', 'business_count')) as { slug: string; business_count: number };
    const last = Math.ceil(biggest.business_count / PUBLIC_PAGE_SIZE);
    expect(last).toBeGreaterThan(1);
    const page2 = await html(`/city/${biggest.slug}?page=2`);
    expect(rootText(page2.body)).toContain('Page 2 of');
    // Each page of a list is its own page, past the last none (no soft 404); a filtered view is the list's.
    const canonical = (body: string) => /<link rel="canonical" href="([^"]+)"/.exec(body)?.[1];
    expect(canonical(page2.body)).toMatch(new RegExp(`/city/${biggest.slug}\\?page=2$`));
    expect((await html(`/city/${biggest.slug}?page=${last}`)).status).toBe(200);
    const past = await html(`/city/${biggest.slug}?page=${last + 1}`);
    expect([past.status, canonical(past.body)]).toEqual([404, undefined]);
    expect(canonical((await html(`/city/${biggest.slug}?page=2&sort=name`)).body)).toMatch(new RegExp(`/city/${biggest.slug}$`));
    const category = (await s.app.db('categories').orderBy('business_count', 'desc').first('slug', 'business_count')) as { slug: string; business_count: number };
    expect((await html(`/category/${category.slug}?page=${Math.ceil(category.business_count / PUBLIC_PAGE_SIZE) + 1}`)).status).toBe(404);
    // A page far past the end is one past the last, its own a 404 and a filtered view's an empty list
    // (read as the first page's total, never walked to: server/routes/deep-pages.test.ts).
    for (const page of [String(Number.MAX_SAFE_INTEGER), '1e20']) {
      expect((await html(`/city/${biggest.slug}?page=${page}`)).status, page).toBe(404);
      expect((await html(`/category/${category.slug}?page=${page}`)).status, page).toBe(404);
      const filtered = await html(`/city/${biggest.slug}?open=1&sort=name&page=${page}`);
      expect([filtered.status, hrefs(filtered.body).filter((h) => h.startsWith('/details/'))], page).toEqual([200, []]);
    }
  });

  it("a list page's data island carries each business as a card row: what its card and the map draw, no more", async () => {
    const word = sample.business.name.split(/\s+/)[0];
    for (const path of ['/', `/city/${sample.business.citySlug}`, `/category/${sample.category.slug}`, sample.combo, `/search?q=${encodeURIComponent(word)}`]) {
      const { status, body } = await html(path);
      expect(status, path).toBe(200);
      const state = JSON.parse(/<script type="application\/json" id="rehber-state">([\s\S]*?)<\/script>/.exec(body)![1]) as { queries: Array<{ state: { data: unknown } }> };
      // The businesses of the page's lists (the home page's are arrays, the others' answers with items).
      const rows = state.queries
        .flatMap(({ state: { data } }) => (Array.isArray(data) ? data : Array.isArray((data as { items?: unknown })?.items) ? (data as { items: unknown[] }).items : []))
        .filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null && 'reviewCount' in row);
      expect(rows.length, path).toBeGreaterThan(0);
      for (const row of rows) {
        expect(Object.keys(row).filter((k) => !CARD_KEYS.includes(k)), path).toEqual([]);
        // The hours' text only where the card shows it: hours the badge cannot read in a known zone.
        if (row.openWeek !== null) expect(row.workingHours, path).toBeNull();
        // The week as the badge reads it (its open intervals), not the days' opening and closing times.
        expect(JSON.stringify(row.openWeek), path).toMatch(/^(null|\[(\[\d+,\d+\],?)*\])$/);
      }
      const json = JSON.stringify(rows);
      for (const field of ['about', 'description', 'email', 'website', 'services', 'images', 'createdAt', 'phoneE164', 'locationLink']) expect(json, `${path} ${field}`).not.toContain(`"${field}":`);
    }
  });

  it("a country page's data island carries its cities as their cards and links draw them, no more", async () => {
    const { status, body } = await html(`/country/${sample.country.slug}`);
    expect(status).toBe(200);
    const [country] = islandQueries(body);
    expect(country.queryKey).toEqual(['api', 'countries', sample.country.slug]);
    const data = country.state.data as { name: string; businessCount: number; cities: Array<Record<string, unknown>>; cityCategories: unknown[]; countryCategories: unknown[] };
    expect(data.name).toBe(sample.country.name);
    expect(data.cities.length).toBeGreaterThan(0);
    for (const city of data.cities) expect(Object.keys(city)).toEqual(['slug', 'name', 'state', 'businessCount']);
    expect(Array.isArray(data.cityCategories) && Array.isArray(data.countryCategories)).toBe(true);
  });

  it('draws every icon of a page once, as a symbol of one hidden sheet, which the cards and the rest use', async () => {
    for (const path of [sample.combo, `/city/${sample.business.citySlug}`, '/', `/details/${sample.business.slug}`, '/no/such/page']) {
      const { body } = await html(path);
      expect(body.match(/<svg [^>]*data-icon-sheet=""/g), path).toHaveLength(1);
      const sheet = /<svg [^>]*data-icon-sheet="">([\s\S]*?)<\/svg>/.exec(body)![1];
      const symbols = [...sheet.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(symbols).size, path).toBe(symbols.length);
      const uses = [...body.matchAll(/<use href="#([^"]+)">/g)].map((m) => m[1]);
      expect(uses.length, path).toBeGreaterThan(0);
      expect(uses.filter((id) => !symbols.includes(id)), path).toEqual([]);
      // Decoration, as before: each icon is hidden from assistive technology, its words say it.
      expect(body.match(/<svg class="icon[^"]*"(?! aria-hidden="true")/g), path).toBeNull();
      // Outside the sheet no icon draws itself.
      const rest = body.replace(sheet, '');
      expect(rest.match(/<svg [^>]*class="lucide/g), path).toBeNull();
    }
    const cards = [...(await html(sample.combo)).body.matchAll(/<article [^>]*data-business-card="row"[\s\S]*?<\/article>/g)].map((m) => m[0]);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card).toMatch(/<use href="#icon-map-pin">/);
      expect(card).not.toMatch(/<path|<circle/);
    }
  });

  it("a list page's cards stay within their byte budget: named classes, one text node each, no empty class", async () => {
    const { body } = await html(sample.combo);
    const cards = [...body.matchAll(/<article [^>]*data-business-card="row"[\s\S]*?<\/article>/g)].map((m) => m[0]);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      // The card's own markup, what every card of every list sends again: its texts and the values
      // of its addresses and labels taken out, since they differ from card to card.
      const markup = card.replace(/>[^<]*</g, '><').replace(/ (href|src|srcset|sizes|alt|style|aria-label)="[^"]*"/g, ' $1=""');
      expect(Buffer.byteLength(markup), markup).toBeLessThanOrEqual(CARD_MARKUP_BUDGET);
      expect(card).not.toContain('<!-- -->');
      expect(card).not.toContain('class=""');
    }
  });

  it('answers 404 for unknown businesses, cities, categories, countries and paths, with the page saying so', async () => {
    for (const [path, heading] of [
      ['/details/no-such-business-xyz', 'Business Not Found'],
      ['/city/no-such-city', 'City Not Found'],
      ['/category/no-such-category', 'Category Not Found'],
      ['/country/no-such-country', 'Country Not Found'],
      ['/no/such/page', 'Page Not Found'],
      ['/About', 'Page Not Found'],
    ]) {
      const { status, body, headers } = await html(path);
      expect(status, path).toBe(404);
      expect(rootText(body), path).toContain(heading);
      // Never kept by a cache as if it were a page.
      expect(headers.get('cache-control'), path).toBe('no-store');
      expect(headers.get('etag'), path).toBeNull();
    }
  });

  it('goes through the HTTP cache: the same page twice is one ETag, a revalidation 304', async () => {
    const path = `/details/${sample.business.slug}`;
    const first = await html(path);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await html(path);
    expect(again.headers.get('etag')).toBe(etag);
    // A page is kept from its second ask: a second render differs from the first only in when its
    // data was read (the data island's times), and the third ask gets the second's bytes.
    const readTimes = (body: string) => body.replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '"$1":0');
    expect(readTimes(again.body)).toBe(readTimes(first.body));
    expect((await html(path)).body).toBe(again.body);
    const revalidated = await fetch(s.app.url + path, { headers: { 'If-None-Match': etag! } });
    expect(revalidated.status).toBe(304);
  });

  it("carries the page's data in a JSON island (no inline script) and preloads the route's chunk", async () => {
    const { body } = await html(`/details/${sample.business.slug}`);
    const island = /<script type="application\/json" id="rehber-state">([\s\S]*?)<\/script>/.exec(body)![1];
    const state = JSON.parse(island) as { queries: Array<{ queryKey: unknown[]; state: { data: { name: string } } }> };
    expect(state.queries.map((q) => q.queryKey)).toEqual([
      ['api', 'businesses', 'detail', sample.business.slug],
      ['api', 'businesses', 'detail', sample.business.slug, 'nearby'],
    ]);
    expect(state.queries[0].state.data.name).toBe(sample.business.name);
    // Every other script is an external module (the CSP allows script-src 'self' only).
    const scripts = [...body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.every((a) => / src="\/assets\//.test(a) || /type="application\/(ld\+)?json"/.test(a))).toBe(true);
    expect(body).toMatch(/<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/business-detail-[\w-]+\.js">/);
    expect((await html('/')).body).not.toMatch(/modulepreload[^>]*business-detail-/);
  });

  it('a page rendered while a read failed shows that part loading, and is not kept for later visitors', async () => {
    const path = '/?while=cities-away';
    // Every home list reads the cities table (businesses join their city).
    await s.app.db.raw('ALTER TABLE cities RENAME TO cities_away');
    let failed: string;
    try {
      const res = await html(path);
      expect(res.status).toBe(200);
      // Neither a CDN nor the browser may keep it, nor confirm it later with a 304.
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('etag')).toBeNull();
      expect(res.headers.get('cdn-cache-control')).toBeNull();
      failed = res.body;
    } finally {
      await s.app.db.raw('ALTER TABLE cities_away RENAME TO cities');
    }
    expect(rootText(failed)).toContain('Latest Businesses');
    expect(failed).toContain('data-skeleton');
    expect(hrefs(failed).filter((h) => h.startsWith('/details/'))).toEqual([]);
    // No write moved the data version: only an answer cache that kept the broken page would serve it.
    const again = await html(path);
    expect(hrefs(again.body).filter((h) => h.startsWith('/details/')).length).toBeGreaterThan(3);
  });

  it('a business page view reads the business once: the head, the body and its data share the lookup', async () => {
    const business = await someBusiness(s.app, (q) => q.offset(7));
    const queries: string[] = [];
    // The data version's own reads (the HTTP cache's, not the page's) aside.
    const count = (q: { sql: string }) => !/from "data_version"|data_changes/.test(q.sql) && queries.push(q.sql);
    s.app.db.on('query', count);
    try {
      const { status, body } = await html(`/details/${business.slug}`);
      expect(status).toBe(200);
      expect(rootText(body)).toContain(business.name);
    } finally {
      s.app.db.off('query', count);
    }
    // One statement: the business (with its category and city) and the namesakes that tell its
    // title apart (db/queries/businesses.ts getBusinessViewBySlug).
    expect(queries).toHaveLength(1);
    expect(queries[0]).toContain('FROM businesses b');
    expect(queries[0]).toContain('AS namesakes');
  });

  it('a city page renders from what its API answer kept for the data version (data/reads/search-memo.ts)', async () => {
    const city = (await s.app.db('cities').orderBy([{ column: 'business_count', order: 'desc' }, 'id']).first()) as { slug: string; name: string };
    // The API's answer (a URL of its own, so the answer cache does not serve it) keeps the facet
    // counts and the page's rows; the server render of the same page asks the same memos.
    const api = (await (await fetch(`${s.app.url}/api/cities/${city.slug}/businesses?page=1&kept=1`)).json()) as { items: { name: string }[] };
    const queries: string[] = [];
    const count = (q: { sql: string }) => queries.push(q.sql);
    s.app.db.on('query', count);
    try {
      const { status, body } = await html(`/city/${city.slug}?kept=1`);
      expect(status).toBe(200);
      expect(rootText(body)).toContain(api.items[0].name);
    } finally {
      s.app.db.off('query', count);
    }
    expect(queries.filter((q) => q.includes('business_facets'))).toEqual([]);
  });

  it("a city's and a category's page find it where the API's answer kept it for the data version: one lookup for both", async () => {
    const city = (await s.app.db('cities').orderBy([{ column: 'business_count', order: 'desc' }, 'id']).offset(1).first()) as { slug: string; name: string };
    const groups = [`/city/${city.slug}`, `/category/${sample.category.slug}`];
    // The API's answers (URLs of their own, so the answer cache does not serve them) keep each by its slug.
    expect((await fetch(`${s.app.url}/api/cities/${city.slug}?shared=1`)).status).toBe(200);
    expect((await fetch(`${s.app.url}/api/categories/${sample.category.slug}?shared=1`)).status).toBe(200);
    const queries: string[] = [];
    const count = (q: { sql: string }) => queries.push(q.sql);
    s.app.db.on('query', count);
    try {
      for (const page of groups) expect((await html(`${page}?shared=1`)).status, page).toBe(200);
    } finally {
      s.app.db.off('query', count);
    }
    expect(queries.filter((q) => /from "(cities|categories)" where "slug" = /.test(q))).toEqual([]);
  });

  it('without a server build it sends the plain shell and says so in the log', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-nossr-'));
    const web = path.join(dir, 'web');
    fs.mkdirSync(web);
    fs.copyFileSync(path.join(defaultDistDir(), 'index.html'), path.join(web, 'index.html'));
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) }));
    const koa = new Koa();
    koa.use(pageRoutes({ db: s.app.db, config: s.app.config, logger }, { distDir: web }));
    const server: http.Server = await new Promise((resolve) => {
      const s = koa.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/details/${sample.business.slug}`);
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).toContain('<!--app--><div id="root">');
      expect(body).not.toContain('rehber-state');
      expect(lines.join('')).toContain('the server render is not built (run `make build-web`)');
    } finally {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('admin screens get the plain shell, never a rendered page or data', async () => {
    const { status, body, headers } = await html('/admin/login');
    expect(status).toBe(200);
    expect(body).not.toContain('rehber-state');
    expect(headers.get('cache-control')).toBe('no-store');
  });
});

describe('footer and ads from configuration', () => {
  it('shows no contact details and no placeholders when CONTACT_* are unset', async () => {
    const { body } = await html('/about');
    for (const s of ['hello@rehber.example', '555-0100', 'Springfield', 'data-site-contact']) expect(body).not.toContain(s);
    expect(rootText(body)).toContain('© ');
  });

  it('shows SITE_NAME and CONTACT_EMAIL, CONTACT_PHONE and CONTACT_ADDRESS when set', async () => {
    const { body } = await html('/about', contact.app.url);
    const text = rootText(body);
    for (const s of ['Rehber Test', CONTACT.email, CONTACT.phone, CONTACT.address]) expect(text).toContain(s);
    expect(hrefs(body)).toEqual(expect.arrayContaining([`mailto:${CONTACT.email}`, 'tel:+902125550102']));
  });

  it('draws no ad slot without AD_CLIENT, on the detail and the not-found page', async () => {
    for (const path of [`/details/${sample.business.slug}`, '/no/such/page']) {
      const { body } = await html(path);
      expect(body).not.toContain('data-ad-slot-name');
      expect(body).not.toContain('Advertisement');
    }
  });
});

/** What a search engine reads in a head: its title, description and canonical link. */
const HEAD_OF = `(d) => ({
  title: d.title,
  description: d.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
  canonical: d.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
})`;
type Head = { title: string; description: string | null; canonical: string | null };

/** The live document's head, as the page's scripts left it. */
const liveHead = (page: Page): Promise<Head> => page.evaluate(`(${HEAD_OF})(document)`);

/** The head the server sends for the page's current address. */
const servedHead = (page: Page): Promise<Head> =>
  page.evaluate(`fetch(location.href).then((r) => r.text()).then((html) => (${HEAD_OF})(new DOMParser().parseFromString(html, 'text/html')))`);

describe('hydration', () => {
  async function open(path: string, base = s.app.url): Promise<{ page: Page; problems: string[]; apiCalls: string[] }> {
    const page = await s.reopen({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    const apiCalls: string[] = [];
    page.on('console', (m) => {
      // Chromium reports the document's own 404 status as an error: that one is expected.
      if (m.location().url === base + path && m.text().includes('status of 404')) return;
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
    });
    const res = await page.goto(base + path, { waitUntil: 'networkidle' });
    expect(res?.status()).toBeLessThan(500);
    // Hydrated: React has taken the server's markup over, down to its links.
    await page.waitForFunction(() => Object.keys(document.querySelector('#root main h1') ?? {}).some((k) => k.startsWith('__reactFiber')));
    return { page, problems, apiCalls };
  }

  // One test a page: fourteen pages in one test outlast a test's time on a loaded machine.
  const biggestCity = async () => ((await s.app.db('cities').orderBy('business_count', 'desc').first('slug')) as { slug: string }).slug;
  const everyPublicPage: [string, () => string | Promise<string>][] = [
    ['a big city’s page 2', async () => `/city/${await biggestCity()}?page=2`],
    ['the home page', () => '/'],
    ['a business page', () => `/details/${sample.business.slug}`],
    ['the cities', () => '/cities'],
    ['a city', () => `/city/${sample.business.citySlug}`],
    ['the categories', () => '/categories'],
    ['a category', () => `/category/${sample.category.slug}`],
    ['a category in a city', () => sample.combo],
    // Its head (its districts, its count, its best rated) is the list's own page's, which its data island carries beside the view's.
    ['a category in a city of several districts, filtered and sorted', () => `${sample.comboOfDistricts}?minRating=4.5&sort=name`],
    // Its list once in its data island (the view's is its own page's), which both of the page's hooks find.
    ['a category in a city with its default sort spelled out', () => `${sample.combo}?sort=rating`],
    ['a country', () => `/country/${sample.country.slug}`],
    ['a search', () => `/search?q=${encodeURIComponent(sample.business.name.split(/\s+/)[0])}`],
    ['the empty search', () => '/search'],
    ['about', () => '/about'],
    ['a page that does not exist', () => '/no/such/page'],
    ['a business that does not exist', () => '/details/no-such-business-xyz'],
  ];
  it.each(everyPublicPage)('hydrates %s without a warning, asking the API for nothing the page carries', async (_, pathOf) => {
    const path = await pathOf();
    const { page, problems, apiCalls } = await open(path);
    expect(problems, path).toEqual([]);
    expect(apiCalls, path).toEqual([]);
    // The hydrated page is the server's: the same elements and the same text, but for the opening
    // statuses the browser draws after hydration into the lines the server left for them.
    const served = await page.evaluate(async () => {
      const doc = new DOMParser().parseFromString(await (await fetch(location.href)).text(), 'text/html');
      const shape = (root: Element) => {
        const copy = root.cloneNode(true) as Element;
        copy.querySelectorAll('[data-opening-status="pending"], [data-opening-status="open"], [data-opening-status="closed"]').forEach((e) => (e.textContent = ''));
        return { elements: copy.querySelectorAll('*').length, text: copy.textContent };
      };
      return { server: shape(doc.getElementById('root')!), live: shape(document.getElementById('root')!) };
    });
    expect(served.live, path).toEqual(served.server);
    // Its head once the page's own effects ran: the server's title, description and canonical.
    await expect.poll(() => liveHead(page), { timeout: 5_000 }).toEqual(await servedHead(page));
  });

  it("a list's page past the first keeps a title of its own when the browser moves to another of its pages, as the server would serve it", async () => {
    const { page } = await open(`/city/${await biggestCity()}?page=2`);
    const second = await liveHead(page);
    expect(second.title).toMatch(/ - Page 2 \| /);
    // Each move by the browser (no page load) ends with the head the server gives that address.
    const moved = async (go: () => Promise<unknown>) => {
      const before = page.url();
      await go();
      await page.waitForURL((u) => u.href !== before);
      await expect.poll(() => liveHead(page), { timeout: 5_000 }).toEqual(await servedHead(page));
      return liveHead(page);
    };
    const pageLink = (label: string) => () => page.locator(`[data-pager] a[aria-label="${label}"]`).first().click();
    const first = await moved(pageLink('Page 1'));
    expect(await moved(pageLink('Page 2'))).toEqual(second);
    expect(await moved(() => page.goBack())).toEqual(first);
    expect(first.title).not.toBe(second.title);
    expect(first.description).not.toBe(second.description);
  });

  it('a country of many cities: its biggest as cards, every other one as a link with its count by name, hydrated as served', async () => {
    const world = await startPublicApp({ sample: false });
    try {
      // The biggest first; past the cards the names run against the counts, and two share a name.
      const towns = Array.from({ length: COUNTRY_CITY_CARDS + 6 }, (_, i) => ({ name: `Town ${900 - i}`, slug: `town-${900 - i}`, state: null as string | null, count: 200 - i }));
      towns.push({ name: 'Springfield', slug: 'springfield-mo', state: 'MO', count: 2 }, { name: 'Springfield', slug: 'springfield-il', state: 'IL', count: 1 });
      await world.db('cities').insert(towns.map((t) => ({ name: t.name, slug: t.slug, state: t.state, alt_names: `|${t.slug}|`, country: 'Manyland', business_count: t.count })));
      await world.db('countries').insert({ name: 'Manyland', slug: 'manyland', business_count: towns.reduce((n, t) => n + t.count, 0) });
      const { status, body } = await html('/country/manyland', world.url);
      expect(status).toBe(200);
      const cards = [...body.matchAll(/<a [^>]*data-city-card[^>]*>/g)].map((m) => /href="\/city\/([^"]+)"/.exec(m[0])?.[1]);
      expect(cards).toEqual(towns.slice(0, COUNTRY_CITY_CARDS).map((t) => t.slug));
      const list = body.slice(body.indexOf('data-country-more-cities'), body.indexOf('</ul>', body.indexOf('data-country-more-cities')));
      const rest = towns.slice(COUNTRY_CITY_CARDS);
      expect([...list.matchAll(/href="\/city\/([^"]+)"/g)].map((m) => m[1])).toEqual(['springfield-il', 'springfield-mo', ...rest.slice(0, 6).map((t) => t.slug).reverse()]);
      const text = list.replace(/<[^>]+>/g, '');
      expect(text).toContain('Springfield, IL (1)');
      expect(text).toContain(`${rest[0].name} (${rest[0].count})`);
      // Every city is one link away from its country's page.
      for (const t of towns) expect(hrefs(body)).toContain(`/city/${t.slug}`);
      expect(rootText(body)).toContain(`${towns.length} cities`);
      const { page, problems, apiCalls } = await open('/country/manyland', world.url);
      expect(problems).toEqual([]);
      expect(apiCalls).toEqual([]);
      expect(await page.locator('[data-city-card]').count()).toBe(COUNTRY_CITY_CARDS);
      expect(await page.locator('[data-country-more-cities] a').count()).toBe(rest.length);
    } finally {
      await world.close();
    }
  });

  it('an address that changes before the page hydrates (a script\'s pushState): the served page hydrates, then the new address shows', async () => {
    const page = await s.reopen({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`error: ${m.text()}`);
    });
    // The about page's chunk is held: main.tsx hydrates once it has it, so the address moves first.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/about-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${s.app.url}/about`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    const { name, slug } = sample.business;
    await page.evaluate((to) => {
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/details/${slug}`);
    release();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(problems).toEqual([]);
  });

  it('a hydrated page navigates in the app: a link loads the next page through the API, not as a new document', async () => {
    const { page, problems } = await open(`/city/${sample.business.citySlug}`);
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    const link = page.locator('main a[href^="/details/"]').first();
    const slug = decodeURIComponent((await link.getAttribute('href'))!.slice('/details/'.length));
    const { name } = (await s.app.db('businesses').where({ slug }).first('name')) as { name: string };
    const answered = page.waitForResponse((r) => r.url().includes('/api/businesses/detail/'));
    await link.click();
    await answered;
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(documents).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("icons show with JavaScript off, hydrated, after the app's navigation and on a screen the browser renders: each use finds its symbol in the layout's sheet", async () => {
    /** The sheets, the icons, and those shown that draw nothing (their symbol missing). */
    const drawn = (page: Page) =>
      page.evaluate(() => ({
        sheets: document.querySelectorAll('[data-icon-sheet]').length,
        uses: document.querySelectorAll('#root use').length,
        empty: [...document.querySelectorAll<SVGUseElement>('#root use')].filter((u) => u.closest('svg')!.checkVisibility() && u.getBBox().width === 0).map((u) => u.getAttribute('href')),
      }));
    const off = await s.reopen({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    await off.goto(s.app.url + sample.combo);
    const still = await drawn(off);
    expect(still.uses).toBeGreaterThan(0);
    expect(still).toMatchObject({ sheets: 1, empty: [] });
    const { page, problems } = await open(sample.combo);
    expect(await drawn(page)).toMatchObject({ sheets: 1, empty: [] });
    // Sized by the classes beside `icon` (h-4 w-4 win over the icon's default 24px).
    const pin = await page.locator('[data-business-card="row"] svg:has(use[href="#icon-map-pin"])').first().boundingBox();
    expect([pin?.width, pin?.height]).toEqual([16, 16]);
    const link = page.locator('main a[href^="/details/"]').first();
    const { name } = (await s.app.db('businesses').where({ slug: decodeURIComponent((await link.getAttribute('href'))!.slice('/details/'.length)) }).first('name')) as { name: string };
    await link.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const after = await drawn(page);
    expect(after.uses).toBeGreaterThan(0);
    expect(after).toMatchObject({ sheets: 1, empty: [] });
    expect(problems).toEqual([]);
    // A screen the browser renders itself (the admin's) draws the same sheet, as SVG symbols a use finds.
    const admin = await s.reopen({ viewport: { width: 1280, height: 900 } });
    await admin.goto(s.app.url + '/admin/login');
    await admin.locator('[data-icon-sheet] symbol').first().waitFor({ state: 'attached' });
    const own = await admin.evaluate(() => {
      const symbols = [...document.querySelectorAll('[data-icon-sheet] symbol')];
      const probe = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      probe.setAttribute('class', 'icon');
      const use = probe.appendChild(document.createElementNS('http://www.w3.org/2000/svg', 'use'));
      use.setAttribute('href', '#icon-map-pin');
      document.body.append(probe);
      return { symbols: symbols.length, svg: symbols.every((e) => e instanceof SVGSymbolElement), width: use.getBBox().width };
    });
    expect(own.symbols).toBeGreaterThan(0);
    expect(own.svg).toBe(true);
    expect(own.width).toBeGreaterThan(0);
  });

  it('the footer with contact details hydrates too', async () => {
    const { page, problems } = await open('/about', contact.app.url);
    expect(await page.locator('footer').innerText()).toContain(CONTACT.email);
    expect(problems).toEqual([]);
  });
});
