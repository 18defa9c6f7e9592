import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { SEARCH_CANDIDATES, type ListPage } from '../../domain/search.js';
import { setBusinessesActive } from '../../data/store/visibility.js';
import { editBusiness } from '../../data/store/business-writes.js';
import { trashBusinesses } from '../../data/store/trash.js';
import { upsertUser } from '../../db/queries/users.js';
import type { AdminBusinessList, CityCategoryLink } from '../../domain/types.js';
import { CITY_CATEGORY_MIN_BUSINESSES } from '../../domain/constants.js';
import { cityCategoryPath } from '../../domain/paths.js';
import { importCsvText } from '../../data/import/import.fixtures.js';
import { generateSitemaps } from '../../data/sitemap/sitemap.js';
import { extractLocs } from '../../data/sitemap/sitemap-validate.js';

/**
 * The search and list routes keep a broad word's candidates, their order and facets, the facet
 * counts of a city page and the rows of the pages they showed per data version
 * (data/reads/search-memo.ts): every write must move them, and with them what a category in a
 * city is to a search engine (indexable, linked, in the sitemaps generated after the write).
 */
describe('what the search routes keep follows every write', () => {
  let app: TestApp;
  let n = 0;
  // A new URL each time: the answer cache (also keyed by the version) is not what is tested here.
  const get = async (path: string): Promise<ListPage> => (await (await fetch(`${app.url}${path}&n=${++n}`)).json()) as ListPage;

  beforeAll(async () => {
    app = await startTestApp();
    const [city] = await app.db('cities').insert({ name: 'Bulkton', slug: 'bulkton', alt_names: '|bulkton|', country: 'Testland' }).returning('id');
    await app.db.raw(
      `INSERT INTO businesses (name, slug, address, identity_key, city_id, rating, review_count, phone)
       SELECT 'Bulk Shop ' || i, 'bulk-' || i, i || ' Long Road', 'n:bulk' || i, ?, 3, i, '+1 512 555 ' || lpad(i::text, 4, '0')
         FROM generate_series(1, ${SEARCH_CANDIDATES + 50}) i`,
      [city.id],
    );
    await app.settle();
  });
  afterAll(() => app.close());

  it('a broad word: an edit and a hide reach its page and facets', async () => {
    const before = await get('/api/search?q=bulk');
    expect(before.totalApprox).toBe(true);
    expect(before.pagination.total).toBeGreaterThan(SEARCH_CANDIDATES);
    expect(await get('/api/search?q=bulk')).toEqual(before);
    const [first] = before.items;

    // An edit of the first business's name: its candidates, its page and its rows are another
    // version's, and nothing of the kept ones may be served.
    await editBusiness(app.db, first.id, { fields: { name: 'Bulk Renamed Shop' } }, null);
    await app.settle();
    const edited = await get('/api/search?q=bulk');
    expect(edited).not.toEqual(before);
    expect(edited.items.map((b) => b.name)).not.toContain(first.name);
    expect((await get('/api/search?q=renamed')).items.map((b) => b.id)).toEqual([first.id]);

    const [second] = edited.items;
    await setBusinessesActive(app.db, [second.id], false);
    await app.settle();
    const hidden = await get('/api/search?q=bulk');
    expect(hidden.items.map((b) => b.id)).not.toContain(second.id);
    expect(hidden.totalApprox).toBe(true);
  });

  it("a city page: its kept facet counts and rows follow a hide", async () => {
    const before = await get('/api/cities/bulkton/businesses?page=1');
    const [top, next] = before.items;
    // The rows a page showed are kept too: an edit of a name (not of the order) shows in place.
    await editBusiness(app.db, next.id, { fields: { name: 'Bulk Shop Edited' } }, null);
    await app.settle();
    expect((await get('/api/cities/bulkton/businesses?page=1')).items[1]).toMatchObject({ id: next.id, name: 'Bulk Shop Edited' });
    await setBusinessesActive(app.db, [top.id], false);
    await app.settle();
    const after = await get('/api/cities/bulkton/businesses?page=1');
    expect(after.pagination.total).toBe(before.pagination.total - 1);
    expect(after.items.map((b) => b.id)).not.toContain(top.id);
    await setBusinessesActive(app.db, [top.id], true);
    await app.settle();
    expect((await get('/api/cities/bulkton/businesses?page=1')).pagination.total).toBe(before.pagination.total);
  });

  it('a country page: asked again it reads nothing, and it follows a hide', async () => {
    // The counts an import would keep (the fixture's rows were inserted around the store).
    await app.db.raw(`UPDATE cities c SET business_count = (SELECT count(*) FROM businesses b WHERE b.city_id = c.id AND b.is_active) WHERE slug = 'bulkton'`);
    await app.db('countries').insert({ name: 'Testland', slug: 'testland', business_count: 1 });
    await app.settle();
    const country = async () => (await (await fetch(`${app.url}/api/countries/testland?n=${++n}`)).json()) as { cities: Array<{ slug: string; businessCount: number }> };
    const before = await country();
    const sent: string[] = [];
    const heard = (q: { sql: string }) => void sent.push(q.sql);
    app.db.on('query', heard);
    try {
      expect(await country()).toEqual(before);
    } finally {
      app.db.removeListener('query', heard);
    }
    expect(sent.filter((sql) => /\b(countries|cities|business_facets)\b/.test(sql))).toEqual([]);
    const [id] = await app.db('businesses').where({ is_active: true }).orderBy('id').limit(1).pluck('id');
    await setBusinessesActive(app.db, [id], false);
    await app.settle();
    const count = async () => (await country()).cities.find((c) => c.slug === 'bulkton')!.businessCount;
    const shown = before.cities.find((c) => c.slug === 'bulkton')!.businessCount;
    expect(await count()).toBe(shown - 1);
    await setBusinessesActive(app.db, [id], true);
    await app.settle();
    expect(await count()).toBe(shown);
  });

  it('the links to a category in a city, from its country, category and city, follow a hide and a show', async () => {
    const [city] = await app.db('cities').insert({ name: 'Linkton', slug: 'linkton', alt_names: '|linkton|', country: 'Linkland' }).returning('id');
    const [category] = await app.db('categories').insert({ name: 'Lamps', slug: 'lamps' }).returning('id');
    const ids = (await app.db.raw(
      `INSERT INTO businesses (name, slug, address, identity_key, city_id, category_id, rating, review_count)
       SELECT 'Lamp Shop ' || i, 'lamp-' || i, i || ' Light Road', 'n:lamp' || i, ?, ?, 4, i FROM generate_series(1, ?) i RETURNING id`,
      [city.id, category.id, CITY_CATEGORY_MIN_BUSINESSES],
    )).rows.map((r: { id: number }) => r.id);
    await app.db.raw(`UPDATE cities c SET business_count = (SELECT count(*) FROM businesses b WHERE b.city_id = c.id AND b.is_active) WHERE slug = 'linkton'`);
    await app.db('countries').insert({ name: 'Linkland', slug: 'linkland', business_count: CITY_CATEGORY_MIN_BUSINESSES });
    await app.settle();
    const links = async () =>
      Promise.all(
        ['/api/countries/linkland', '/api/categories/lamps', '/api/cities/linkton'].map(async (path) => {
          const { cityCategories } = (await (await fetch(`${app.url}${path}?n=${++n}`)).json()) as { cityCategories: CityCategoryLink[] };
          return cityCategories.map((l) => `${l.citySlug}/${l.categorySlug} ${l.count}`);
        }),
      );
    const link = `linkton/lamps ${CITY_CATEGORY_MIN_BUSINESSES}`;
    expect(await links()).toEqual([[link], [link], [link]]);
    // One fewer than the least a page needs: the combination is no page, and nothing links it.
    await setBusinessesActive(app.db, [ids[0]], false);
    await app.settle();
    expect(await links()).toEqual([[], [], []]);
    await setBusinessesActive(app.db, [ids[0]], true);
    await app.settle();
    expect(await links()).toEqual([[link], [link], [link]]);
  });

  it(`a category in a city that a hide takes under ${CITY_CATEGORY_MIN_BUSINESSES} businesses is served noindex, leaves its city's links and the sitemaps generated after; an import that adds one makes it a page again`, async () => {
    const header = 'name,category,full_address,place_id';
    const kilns = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `Kiln Works ${from + i},Kiln,"Hafenstraße ${from + i}, Bremen, Deutschland",P-kiln-${from + i}`);
    await importCsvText(app.db, [header, ...kilns(1, CITY_CATEGORY_MIN_BUSINESSES)].join('\n'), { source: 'cli', mode: 'upsert' });
    await app.settle();
    const city = (await app.db('cities').where({ name: 'Bremen' }).first('slug')) as { slug: string };
    const category = (await app.db('categories').where({ name: 'Kiln' }).first('slug')) as { slug: string };
    const path = cityCategoryPath(city.slug, category.slug);
    /** What a crawler finds of the combination: its page indexable, its city page's link to it, its URL in the served sitemaps. */
    const seen = async () => {
      const page = await fetch(app.url + path);
      const cityPage = await (await fetch(`${app.url}/city/${city.slug}`)).text();
      const links = /<ul[^>]*data-city-categories=""[^>]*>([\s\S]*?)<\/ul>/.exec(cityPage)?.[1] ?? '';
      const index = await fetch(`${app.url}/sitemap.xml`);
      const files = index.ok ? extractLocs(await index.text()) : [];
      const listed = (await Promise.all(files.map(async (f) => extractLocs(await (await fetch(app.url + new URL(f).pathname)).text())))).flat();
      return {
        status: page.status,
        indexable: !(await page.text()).includes('<meta name="robots" content="noindex" />'),
        linked: links.includes(`href="${path}"`),
        inSitemaps: listed.includes(app.config.publicBaseUrl + path),
      };
    };
    const generate = () => generateSitemaps(app.db, { baseUrl: app.config.publicBaseUrl, cityCategoryMin: app.config.cityCategoryMin });
    await generate();
    expect(await seen()).toEqual({ status: 200, indexable: true, linked: true, inSitemaps: true });

    // The admin hides one: under the least number, the page stays for visitors but not for indexes.
    const [hidden] = (await app.db('businesses').where({ name: 'Kiln Works 1' }).pluck('id')) as number[];
    await setBusinessesActive(app.db, [hidden], false, 'admin');
    await app.settle();
    // The served sitemaps move only when generated again.
    expect(await seen()).toEqual({ status: 200, indexable: false, linked: false, inSitemaps: true });
    await generate();
    expect(await seen()).toEqual({ status: 200, indexable: false, linked: false, inSitemaps: false });

    // An import of one more lifts it back over the least number.
    await importCsvText(app.db, [header, ...kilns(CITY_CATEGORY_MIN_BUSINESSES + 1, CITY_CATEGORY_MIN_BUSINESSES + 1)].join('\n'), { source: 'cli', mode: 'upsert' });
    await app.settle();
    expect(await seen()).toEqual({ status: 200, indexable: true, linked: true, inSitemaps: false });
    await generate();
    expect(await seen()).toEqual({ status: 200, indexable: true, linked: true, inSitemaps: true });
  });

  it('the admin search: a broad word kept as broad turns exact once a delete narrows it', async () => {
    await upsertUser(app.db, 'admin', 'a long enough test password');
    const login = await fetch(`${app.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'a long enough test password' }),
    });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const admin = async (): Promise<AdminBusinessList> => (await (await fetch(`${app.url}/api/admin/businesses?page=1&limit=20&search=bulk`, { headers: { cookie } })).json()) as AdminBusinessList;
    expect(await admin()).toMatchObject({ totalApprox: true });
    const ids: number[] = await app.db('businesses').where('name', 'like', 'Bulk%').orderBy('id').limit(100).pluck('id');
    await trashBusinesses(app.db, ids, null);
    await app.settle();
    const after = await admin();
    expect(after.totalApprox).toBeUndefined();
    expect(after.pagination.total).toBe(SEARCH_CANDIDATES + 50 - 100);
  });
});
