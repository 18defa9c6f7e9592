import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excerpt } from '../data/domain/page-meta.js';
import { pageRoutes } from '../server/routes/pages.js';
import type { TestApp } from '../server/test-app.js';
import { someBusiness, startPublicApp } from './public-helpers.js';

/** What a crawler without JavaScript gets: plain HTTP, no browser. */
let app: TestApp;

beforeAll(async () => {
  app = await startPublicApp();
});
afterAll(async () => {
  await app?.close();
});

function attr(html: string, selector: RegExp): string | undefined {
  return selector.exec(html)?.[1];
}

const decode = (s: string | undefined) => s?.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('crawler head', () => {
  it("a business page's HTML has its title, description, canonical, Open Graph tags and LocalBusiness JSON-LD", async () => {
    const b = (await app.db('businesses as b')
      .leftJoin('cities as c', 'c.id', 'b.city_id')
      .select('b.*', 'c.name as city_name')
      .whereNotNull('b.about')
      .whereRaw("b.business_hours <> '{}'::jsonb")
      .orderBy('b.id')
      .first()) as Record<string, string>;
    const res = await fetch(`${app.url}/details/${b.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    // Revalidated by browsers every time, held a minute by shared caches (server/middleware/http-cache.ts).
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate, s-maxage=60');
    expect(res.headers.get('etag')).toMatch(/^"/);
    const html = await res.text();
    const canonical = `${app.config.publicBaseUrl}/details/${b.slug}`;
    expect(decode(attr(html, /<title>([^<]*)<\/title>/))).toContain(b.name);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(decode(attr(html, /<meta name="description" content="([^"]*)"/))).toBe(excerpt(b.about));
    expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(canonical);
    expect(decode(attr(html, /<meta property="og:title" content="([^"]*)"/))).toContain(b.name);
    expect(attr(html, /<meta property="og:url" content="([^"]*)"/)).toBe(canonical);
    expect(decode(attr(html, /<meta property="og:description" content="([^"]*)"/))).toBe(excerpt(b.about));
    expect(attr(html, /<meta property="og:type" content="([^"]*)"/)).toBe('business.business');

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
    // The sample has no photos on other hosts (CONTRACT §6), so no image either.
    expect(ld.image).toBeUndefined();
  });

  it('adds geo only when latitude and longitude are known', async () => {
    const b = await someBusiness(app);
    await app.db('businesses').where({ slug: b.slug }).update({ latitude: 41.0082, longitude: 28.9784 });
    await app.settle();
    const html = await (await fetch(`${app.url}/details/${b.slug}`)).text();
    const ld = JSON.parse(attr(html, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/)!);
    expect(ld.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 41.0082, longitude: 28.9784 });
  });

  it("a city page's HTML has its title, description and canonical", async () => {
    const city = (await app.db('cities').where('business_count', '>', 0).orderBy('id').first()) as { name: string; slug: string };
    const res = await fetch(`${app.url}/city/${city.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(decode(attr(html, /<title>([^<]*)<\/title>/))).toContain(city.name);
    expect(decode(attr(html, /<meta name="description" content="([^"]*)"/))).toContain(city.name);
    expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${app.config.publicBaseUrl}/city/${city.slug}`);
  });
  it('category, country and the static pages get their own title and canonical', async () => {
    const category = (await app.db('categories').orderBy('id').first()) as { name: string; slug: string };
    const country = (await app.db('countries').orderBy('id').first()) as { name: string; slug: string };
    const cases: Array<[string, string]> = [
      [`/category/${category.slug}`, category.name],
      [`/country/${country.slug}`, country.name],
      ['/cities', 'Şehirler'],
      ['/categories', 'Business Categories'],
      ['/about', 'About Us'],
    ];
    for (const [p, title] of cases) {
      const html = await (await fetch(app.url + p)).text();
      expect(decode(attr(html, /<title>([^<]*)<\/title>/)), p).toContain(title);
      expect(attr(html, /<link rel="canonical" href="([^"]*)"/), p).toBe(app.config.publicBaseUrl + p);
    }
  });
});

describe('status codes', () => {
  it('answers 200 for every SPA route and 404 for unknown paths, businesses, cities, categories and countries', async () => {
    const category = (await app.db('categories').orderBy('id').first()) as { slug: string };
    const country = (await app.db('countries').orderBy('id').first()) as { slug: string };
    const ok = ['/', '/cities', '/categories', '/search', '/search?q=cafe', '/about', '/admin', '/admin/login', '/admin/businesses', `/category/${category.slug}`, `/country/${country.slug}`];
    for (const p of ok) expect((await fetch(app.url + p)).status, p).toBe(200);
    const missing = ['/no-such-page', '/details/no-such-business-xyz', '/city/no-such-city', '/category/no-such-category', '/country/no-such-country', '/details/a/b', '/admin/nope'];
    for (const p of missing) {
      const res = await fetch(app.url + p);
      expect(res.status, p).toBe(404);
      // The SPA still comes back, so the visitor sees the not-found screen.
      expect(await res.text(), p).toContain('<div id="root">');
    }
  });

  it('never answers HTML under /api/', async () => {
    const res = await fetch(`${app.url}/api/no-such-endpoint`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
  });

  it('serves hashed assets cached for a year and unknown assets as 404', async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
    const res = await fetch(app.url + script);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${app.url}/assets/nope-123.js`)).status).toBe(404);
  });

  it('tells the SPA that ads are off', async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    expect(html).toContain('<meta name="rehber-ads" content="{}" />');
    expect(html).not.toContain('googlesyndication');
  });

  it('answers 503 naming `make build` when the SPA is not built', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-nodist-'));
    const koa = new Koa();
    koa.use(pageRoutes({ db: app.db, config: app.config, logger: pino({ level: 'silent' }) }, { distDir: empty }));
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
