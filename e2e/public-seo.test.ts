import fs from 'node:fs';
import { categoryPlural } from '../domain/category-plural.js';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { businessMeta, excerpt } from '../domain/page-meta.js';
import { businessPhotoPath } from '../domain/photo-paths.js';
import { slugifyText } from '../domain/slug.js';
import type { Business, CountryDetail } from '../domain/types.js';
import { countryCategoryPath } from '../domain/paths.js';
import { pageRoutes } from '../server/routes/pages.js';
import { someBusiness } from './public-helpers.js';
import { publicSession } from './public-session.js';

/** What a crawler without JavaScript gets: plain HTTP; one test compares it with what the browser shows. */
const s = publicSession();

function attr(html: string, selector: RegExp): string | undefined {
  return selector.exec(html)?.[1];
}

/** Every JSON-LD object of a page, by its @type. */
function jsonLd(html: string): Record<string, Record<string, unknown> & { itemListElement?: Array<Record<string, unknown>> }> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const m of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    const obj = JSON.parse(m[1]) as Record<string, unknown>;
    // The first of a type: a business page's second BreadcrumbList is its other way down.
    out[obj['@type'] as string] ??= obj;
  }
  return out;
}

const decode = (s: string | undefined) => s?.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('crawler head', () => {
  it("a business page's HTML has its title, description, canonical, Open Graph tags and LocalBusiness JSON-LD", async () => {
    const b = (await s.app.db('businesses as b')
      .leftJoin('cities as c', 'c.id', 'b.city_id')
      .select('b.*', 'c.name as city_name')
      .whereNotNull('b.about')
      .whereRaw("b.business_hours <> '{}'::jsonb")
      .orderBy('b.id')
      .first()) as Record<string, string>;
    const res = await fetch(`${s.app.url}/details/${b.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    // Revalidated by browsers every time, held a minute by shared caches (server/freshness/cache-control.ts).
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate, s-maxage=60');
    expect(res.headers.get('etag')).toMatch(/^W\/"/);
    const html = await res.text();
    const canonical = `${s.app.config.publicBaseUrl}/details/${b.slug}`;
    expect(decode(attr(html, /<title>([^<]*)<\/title>/))).toContain(b.name);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(decode(attr(html, /<meta name="description" content="([^"]*)"/))).toBe(excerpt(b.about));
    expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(canonical);
    expect(decode(attr(html, /<meta property="og:title" content="([^"]*)"/))).toContain(b.name);
    expect(attr(html, /<meta property="og:url" content="([^"]*)"/)).toBe(canonical);
    expect(decode(attr(html, /<meta property="og:description" content="([^"]*)"/))).toBe(excerpt(b.about));
    expect(attr(html, /<meta property="og:type" content="([^"]*)"/)).toBe('business.business');
    // No photo in the sample: the bundled site image, which the server serves.
    const image = attr(html, /<meta property="og:image" content="([^"]*)"/);
    expect(image).toBe(`${s.app.config.publicBaseUrl}/og-image.png`);
    expect(attr(html, /<meta property="og:image:alt" content="([^"]*)"/)).toBeTruthy();
    const png = await fetch(`${s.app.url}/og-image.png`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(attr(html, /<meta name="twitter:card" content="([^"]*)"/)).toBe('summary_large_image');
    expect(decode(attr(html, /<meta name="twitter:title" content="([^"]*)"/))).toContain(b.name);
    expect(decode(attr(html, /<meta name="twitter:description" content="([^"]*)"/))).toBe(excerpt(b.about));
    expect(attr(html, /<meta name="twitter:image" content="([^"]*)"/)).toBe(image);
    expect(html).toMatch(/<html lang="en">/);
    const trail = jsonLd(html).BreadcrumbList.itemListElement!;
    // Home › its country › its city › (its category in the city, when it has a category) › (its
    // category in its district, when it has both) › the business.
    const inDistrict = Boolean(b.category_id && slugifyText(b.district ?? ''));
    const steps = 4 + (b.category_id ? 1 : 0) + (inDistrict ? 1 : 0);
    expect(trail.map((c) => c.position)).toEqual([1, 2, 3, 4, 5, 6].slice(0, steps));
    expect(trail[1]).toMatchObject({ name: b.country, item: `${s.app.config.publicBaseUrl}/country/${slugifyText(b.country)}` });
    expect(trail[2]).toMatchObject({ name: b.city_name, item: expect.stringMatching(/\/city\/[^/]+$/) });
    if (b.category_id) expect(trail[3]).toMatchObject({ item: expect.stringMatching(/\/city\/[^/]+\/[^/]+$/) });
    if (inDistrict) expect(trail[4]).toMatchObject({ name: b.district, item: expect.stringMatching(/\/city\/[^/]+\/[^/]+\/[^/]+$/) });
    expect(trail[steps - 1]).toMatchObject({ name: b.name, item: canonical });

    const ld = JSON.parse(attr(html, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/)!);
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('LocalBusiness');
    expect(ld.name).toBe(b.name);
    expect(ld.url).toBe(canonical);
    expect(ld.address['@type']).toBe('PostalAddress');
    // The street alone (the address up to its locality), the locality, the ISO country code.
    expect(b.address.startsWith(ld.address.streetAddress)).toBe(true);
    expect(ld.address.streetAddress).not.toContain(b.city_name);
    expect(ld.address.addressLocality).toBe(b.city_name);
    expect(ld.address.addressCountry).toMatch(/^[A-Z]{2}$/);
    // The phone in E.164: the digits of the number as written, with its plus.
    expect(ld.telephone).toBe(`+${b.phone.replace(/\D/g, '')}`);
    expect(ld.aggregateRating).toBeUndefined();
    expect(ld.openingHoursSpecification.length).toBeGreaterThan(0);
    for (const spec of ld.openingHoursSpecification) {
      expect(spec['@type']).toBe('OpeningHoursSpecification');
      expect(spec.dayOfWeek).toMatch(/^https:\/\/schema\.org\/(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$/);
      expect(spec.opens).toMatch(/^\d\d:\d\d$/);
      expect(spec.closes).toMatch(/^\d\d:\d\d$/);
    }
    // The sample has no photos on other hosts, so no image either.
    expect(ld.image).toBeUndefined();
  });

  it('adds geo only when latitude and longitude are known', async () => {
    const b = await someBusiness(s.app);
    await s.app.db('businesses').where({ slug: b.slug }).update({ latitude: 41.0082, longitude: 28.9784 });
    await s.app.settle();
    const html = await (await fetch(`${s.app.url}/details/${b.slug}`)).text();
    const ld = JSON.parse(attr(html, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/)!);
    expect(ld.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 41.0082, longitude: 28.9784 });
  });

  it("a business with an http(s) photo previews rehber's own copy of it; one with another kind of value gets the site image", async () => {
    const b = await someBusiness(s.app);
    await s.app.db('businesses').where({ slug: b.slug }).update({ photo: 'https://photos.example/shop.jpg' });
    await s.app.settle();
    let html = await (await fetch(`${s.app.url}/details/${b.slug}`)).text();
    const own = `${s.app.config.publicBaseUrl}${businessPhotoPath({ slug: b.slug, photo: 'https://photos.example/shop.jpg' })}`;
    expect(own).toMatch(/\/photos\/.+-1280\.jpg$/);
    expect(attr(html, /<meta property="og:image" content="([^"]*)"/)).toBe(own);
    expect(attr(html, /<meta name="twitter:image" content="([^"]*)"/)).toBe(own);
    expect(jsonLd(html).LocalBusiness.image).toBe(own);
    await s.app.db('businesses').where({ slug: b.slug }).update({ photo: 'javascript:alert(1)' });
    await s.app.settle();
    html = await (await fetch(`${s.app.url}/details/${b.slug}`)).text();
    expect(attr(html, /<meta property="og:image" content="([^"]*)"/)).toBe(`${s.app.config.publicBaseUrl}/og-image.png`);
    // The page's data may carry the value as text; no head tag, link or source does.
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('javascript:');
    expect(html).not.toMatch(/(href|src|content)="\s*javascript:/i);
  });

  it("a city page's HTML has its title, description, canonical, trail and the ItemList of its businesses", async () => {
    const city = (await s.app.db('cities').where('business_count', '>', 1).orderBy('id').first()) as { id: number; name: string; slug: string; country: string };
    const res = await fetch(`${s.app.url}/city/${city.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const base = s.app.config.publicBaseUrl;
    expect(decode(attr(html, /<title>([^<]*)<\/title>/))).toContain(city.name);
    expect(decode(attr(html, /<meta name="description" content="([^"]*)"/))).toContain(city.name);
    expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${base}/city/${city.slug}`);
    expect(attr(html, /<meta property="og:image" content="([^"]*)"/)).toBe(`${base}/og-image.png`);
    const ld = jsonLd(html);
    const country = (await s.app.db('countries').where({ name: city.country }).first('slug')) as { slug: string };
    expect(ld.BreadcrumbList.itemListElement!.map((c) => c.item)).toEqual([`${base}/`, `${base}/country/${country.slug}`, `${base}/city/${city.slug}`]);
    // The businesses of the first page, in the page's order (the API's), each with its page's URL.
    const page = (await (await fetch(`${s.app.url}/api/cities/${city.slug}/businesses`)).json()) as { items: Array<{ slug: string; name: string }> };
    expect(ld.ItemList.itemListElement).toEqual(page.items.map((b, i) => ({ '@type': 'ListItem', position: i + 1, url: `${base}/details/${b.slug}`, name: b.name })));
  });

  it('a category page has its trail and ItemList, a country page its trail, home the site search', async () => {
    const category = (await s.app.db('categories').where('business_count', '>', 0).orderBy('id').first()) as { slug: string };
    const country = (await s.app.db('countries').orderBy('id').first()) as { slug: string };
    const cat = jsonLd(await (await fetch(`${s.app.url}/category/${category.slug}`)).text());
    expect(Object.keys(cat).sort()).toEqual(['BreadcrumbList', 'ItemList']);
    expect(cat.BreadcrumbList.itemListElement![1].item).toBe(`${s.app.config.publicBaseUrl}/categories`);
    expect(Object.keys(jsonLd(await (await fetch(`${s.app.url}/country/${country.slug}`)).text()))).toEqual(['BreadcrumbList']);
    const home = jsonLd(await (await fetch(`${s.app.url}/`)).text());
    expect(home.WebSite.potentialAction).toMatchObject({ '@type': 'SearchAction', target: { urlTemplate: `${s.app.config.publicBaseUrl}/search?q={search_term_string}` } });
  });

  it('marks /cities, whose text is Turkish, lang="tr" and the other pages lang="en"', async () => {
    expect(await (await fetch(`${s.app.url}/cities`)).text()).toMatch(/<html lang="tr">/);
    expect(await (await fetch(`${s.app.url}/cities`)).text()).toContain('<meta property="og:locale" content="tr_TR" />');
    for (const p of ['/', '/categories', '/about', '/no-such-page']) expect(await (await fetch(s.app.url + p)).text(), p).toMatch(/<html lang="en">/);
  });

  it('the 404 page has its own title, not the home page\'s', async () => {
    const res = await fetch(`${s.app.url}/details/no-such-business-xyz`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(decode(attr(html, /<title>([^<]*)<\/title>/))).toBe('Page Not Found | rehber');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('rel="canonical"');
  });

  it('no two business pages share a title: namesakes in a city add their district or street, and the API answer gives the client the same title', async () => {
    // Every business of the sample whose name another active business in its city shares.
    const rows = (await s.app.db('businesses as b')
      .where('b.is_active', true)
      .whereExists((q) => q.select(1).from('businesses as o').whereRaw('o.name = b.name and o.city_id is not distinct from b.city_id and o.id <> b.id and o.is_active'))
      .select('b.slug', 'b.name')) as Array<{ slug: string; name: string }>;
    expect(rows.length).toBeGreaterThan(100);
    const titles = new Map<string, string>();
    for (const r of rows) {
      const title = decode(attr(await (await fetch(`${s.app.url}/details/${r.slug}`)).text(), /<title>([^<]*)<\/title>/))!;
      expect(title.startsWith(`${r.name} (`), title).toBe(true);
      expect(titles.get(title), title).toBeUndefined();
      titles.set(title, r.slug);
    }
    // The client titles its page from the API answer with the same function (web/src/lib/seo.ts).
    for (const r of rows.slice(0, 10)) {
      const answer = (await (await fetch(`${s.app.url}/api/businesses/detail/${r.slug}`)).json()) as Business;
      expect(titles.get(businessMeta(answer).title)).toBe(r.slug);
    }
    // A name of its own in its city keeps the plain title.
    const own = (await s.app.db('businesses').where('is_active', true).whereNotIn('slug', rows.map((r) => r.slug)).orderBy('id').first('slug')) as { slug: string };
    const lone = (await (await fetch(`${s.app.url}/api/businesses/detail/${own.slug}`)).json()) as Business;
    expect(lone.titlePlace).toBeNull();
    expect(businessMeta(lone).title).not.toContain('(');
  });
  it('category, country and the static pages get their own title and canonical', async () => {
    const category = (await s.app.db('categories').orderBy('id').first()) as { name: string; slug: string };
    const country = (await s.app.db('countries').orderBy('id').first()) as { name: string; slug: string };
    const cases: Array<[string, string]> = [
      [`/category/${category.slug}`, category.name],
      [`/country/${country.slug}`, country.name],
      ['/cities', 'Şehirler'],
      ['/categories', 'Business Categories'],
      ['/about', 'About Us'],
      ['/search?q=cafe&location=Paris', 'Search: cafe in Paris'],
    ];
    for (const [p, title] of cases) {
      const html = await (await fetch(s.app.url + p)).text();
      expect(decode(attr(html, /<title>([^<]*)<\/title>/)), p).toContain(title);
      expect(decode(attr(html, /<link rel="canonical" href="([^"]*)"/)), p).toBe(s.app.config.publicBaseUrl + p);
    }
  });
});

describe('the client says what the server says', () => {
  it("after the app has run, document.title and <html lang> equal the server's head, page by page", async () => {
    const namesake = (await s.app.db('businesses as b')
      .whereExists((q) => q.select(1).from('businesses as o').whereRaw('o.name = b.name and o.city_id = b.city_id and o.id <> b.id and o.is_active'))
      .orderBy('b.id')
      .first('b.slug', 'b.name')) as { slug: string; name: string };
    const city = await someBusiness(s.app);
    const inCountry = ((await (await fetch(`${s.app.url}/api/countries/turkiye`)).json()) as CountryDetail).countryCategories[0];
    const pages: Array<[string, string]> = [
      [`/details/${namesake.slug}`, namesake.name],
      [`/city/${city.citySlug}`, city.cityName],
      [countryCategoryPath(inCountry.countrySlug, inCountry.categorySlug), `${categoryPlural({ name: inCountry.category, pluralName: inCountry.categoryPluralName })} in ${inCountry.country}`],
      ['/cities', 'Şehirler'],
      ['/search?q=cafe&location=Paris', 'Search Businesses'],
      ['/no-such-page', 'Page Not Found'],
    ];
    const page = s.page;
    const settled = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50))));
    for (const [p, heading] of pages) {
      const html = await (await fetch(s.app.url + p)).text();
      const serverTitle = decode(attr(html, /<title>([^<]*)<\/title>/));
      const serverLang = attr(html, /<html lang="([^"]*)"/);
      // Loaded first: the client's effects must leave the server's head as it is.
      await page.goto(s.app.url + p);
      await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
      await settled();
      expect(await page.title(), p).toBe(serverTitle);
      expect(await page.evaluate(() => document.documentElement.lang), p).toBe(serverLang);
      // Reached inside the app from another page: the client must write the same head itself.
      await page.goto(`${s.app.url}/about`);
      await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
      await page.evaluate((to) => {
        history.pushState({}, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, p);
      await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
      await page.waitForFunction(() => !document.title.startsWith('About Us'));
      await settled();
      expect(await page.title(), `${p} (in the app)`).toBe(serverTitle);
      expect(await page.evaluate(() => document.documentElement.lang), `${p} (in the app)`).toBe(serverLang);
    }
  });
});

describe('status codes', () => {
  it('answers 200 for every SPA route and 404 for unknown paths, businesses, cities, categories and countries', async () => {
    const category = (await s.app.db('categories').orderBy('id').first()) as { slug: string };
    const country = (await s.app.db('countries').orderBy('id').first()) as { slug: string };
    const ok = ['/', '/cities', '/categories', '/search', '/search?q=cafe', '/about', '/admin', '/admin/login', '/admin/businesses', `/category/${category.slug}`, `/country/${country.slug}`];
    for (const p of ok) expect((await fetch(s.app.url + p)).status, p).toBe(200);
    const missing = ['/no-such-page', '/details/no-such-business-xyz', '/city/no-such-city', '/category/no-such-category', '/country/no-such-country', '/details/a/b', '/admin/nope'];
    for (const p of missing) {
      const res = await fetch(s.app.url + p);
      expect(res.status, p).toBe(404);
      // The SPA still comes back, so the visitor sees the not-found screen, under its own title.
      const html = await res.text();
      expect(html, p).toContain('<div id="root">');
      expect(html, p).toContain('<title>Page Not Found | rehber</title>');
    }
  });

  it('never answers HTML under /api/', async () => {
    const res = await fetch(`${s.app.url}/api/no-such-endpoint`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
  });

  it('serves hashed assets cached for a year and unknown assets as 404', async () => {
    const html = await (await fetch(`${s.app.url}/`)).text();
    const script = /<script type="module" crossorigin[^>]* src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
    const res = await fetch(s.app.url + script);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${s.app.url}/assets/nope-123.js`)).status).toBe(404);
  });

  it('tells the SPA that ads are off', async () => {
    const html = await (await fetch(`${s.app.url}/`)).text();
    expect(html).toContain('<meta name="rehber-ads" content="{}" />');
    expect(html).not.toContain('googlesyndication');
  });

  it('answers 503 naming `make build` when the SPA is not built', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-nodist-'));
    const koa = new Koa();
    koa.use(pageRoutes({ db: s.app.db, config: s.app.config, logger: pino({ level: 'silent' }) }, { distDir: empty }));
    const server: http.Server = await new Promise((resolve) => {
      const s = koa.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('make build');
    } finally {
      server.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
