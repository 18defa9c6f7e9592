/** A city's and a category's pages are kept through the writes that change nothing they show (change-keys.ts pageKeys). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { keptAnswers } from './kept-answers.fixtures.js';
import { importCsvText } from '../../data/import/import.fixtures.js';
import { editBusiness } from '../../data/store/business-writes.js';
import { editGroup, renameGroup } from '../../data/store/group-writes.js';
import { setBusinessesActive } from '../../data/store/visibility.js';

const HEADER = 'name,category,full_address,place_id,about';
const BERLIN = [
  'Alpha Bäckerei,Bakery,"Torstraße 1, 10119 Berlin, Deutschland",PD-A,Fresh bread',
  'Gamma Bäckerei,Bakery,"Torstraße 3, 10119 Berlin, Deutschland",PD-G,Rye bread',
  'Beta Café,Cafe,"Torstraße 2, 10119 Berlin, Deutschland",PD-B,Good coffee',
];
const ISTANBUL = 'Moda Berber,Barber,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",PT-1,Shave';
const ISTANBUL_BAKERY = 'Moda Fırını,Bakery,"Moda Cd. 2, 34710 Kadıköy/İstanbul, Türkiye",PT-2,Simit';

describe("a write keeps a city's and a category's pages warm unless it changes what they show", () => {
  let app: TestApp;
  const { listen, stop, ask, warm, warmAll, expectKept } = keptAnswers(() => app);
  /** The Berlin pages: the city, a category in it, the API's answers beside them, and the cafés' category page. */
  const pages = {
    city: '/city/berlin',
    cityApi: '/api/cities/berlin',
    cityList: '/api/cities/berlin/businesses',
    bakery: '/city/berlin/bakery',
    bakeryList: '/api/cities/berlin/businesses?category=bakery',
    cafes: '/category/cafe',
    cafesList: '/api/categories/cafe/businesses',
  };
  beforeAll(async () => {
    // Every category in a city a page, so the city's own answer links its cafés too.
    app = await startTestApp({ cityCategoryMin: 1 });
    await importCsvText(app.db, [HEADER, ...BERLIN].join('\n'), { source: 'cli', mode: 'upsert' });
    listen();
  });
  afterAll(async () => {
    stop();
    await app.close();
  });

  const business = (placeId: string) => app.db('businesses').where({ place_id: placeId }).first('id', 'slug', 'city_id', 'category_id');

  it('an import and a write in another country keep the Berlin pages and a category page of another category kept, with their ETags', async () => {
    const tags = await warmAll(Object.values(pages));
    await warm('/');
    await importCsvText(app.db, [HEADER, ISTANBUL].join('\n'), { source: 'cli', mode: 'upsert' });
    await app.settle();
    await expectKept(tags);
    // The home page counts every business: it follows the import.
    expect((await ask('/')).statements).toBeGreaterThan(0);

    await editBusiness(app.db, (await business('PT-1')).id, { fields: { name: 'Moda Berberi' } }, null);
    await app.settle();
    await expectKept(tags);
    expect((await ask('/api/categories/barber/businesses')).text).toContain('Moda Berberi');
  });

  it("a bakery imported and edited in another country keeps the bakeries in Berlin kept, with their ETags, while the category's own page follows", async () => {
    // What a category in a city shows of its category (the head and the data island), its list, its districts.
    const bakeries = [pages.bakery, pages.bakeryList, '/api/categories/bakery/summary', '/api/cities/berlin/categories/bakery/districts'];
    const tags = await warmAll(bakeries);
    await warm('/api/categories/bakery');
    await importCsvText(app.db, [HEADER, ISTANBUL_BAKERY].join('\n'), { source: 'cli', mode: 'upsert' });
    await app.settle();
    await expectKept(tags);
    // The category's own page counts its businesses everywhere.
    expect((await ask('/api/categories/bakery')).text).toContain('"businessCount":3');

    await editBusiness(app.db, (await business('PT-2')).id, { fields: { name: 'Moda Simitçisi' } }, null);
    await app.settle();
    await expectKept(tags);
    expect((await ask('/api/categories/bakery/businesses')).text).toContain('Moda Simitçisi');
  });

  it("a bakery edited in Berlin keeps the bakeries in Kadıköy kept, with their ETag; one edited there shows", async () => {
    const istanbul = (await app.db('cities').where({ id: (await business('PT-2')).city_id }).first('slug')).slug;
    const kadikoy = [`/city/${istanbul}/kadikoy/bakery`, `/api/cities/${istanbul}/categories/bakery/districts`];
    const tags = await warmAll(kadikoy);
    await editBusiness(app.db, (await business('PD-G')).id, { fields: { about: 'Rye and spelt bread' } }, null);
    await app.settle();
    await expectKept(tags);
    await editBusiness(app.db, (await business('PT-2')).id, { fields: { name: 'Moda Fırını' } }, null);
    await app.settle();
    expect((await ask(kadikoy[0])).text).toContain('Moda Fırını');
  });

  it('the category renamed (its slug kept) or described shows on the bakeries in Berlin and on its summary', async () => {
    const bakery = (await business('PD-A')).category_id;
    await warmAll([pages.bakery, '/api/categories/bakery/summary']);
    await editGroup(app.db, 'category', bakery, { name: 'BAKERY' });
    await app.settle();
    for (const path of [pages.bakery, '/api/categories/bakery/summary']) expect((await ask(path)).text).toContain('"BAKERY"');

    await warmAll(['/api/categories/bakery/summary']);
    await app.db('categories').where({ id: bakery }).update({ description: 'Bread and simit' });
    await app.settle();
    expect((await ask('/api/categories/bakery/summary')).text).toContain('Bread and simit');
    await editGroup(app.db, 'category', bakery, { name: 'Bakery' });
    await app.settle();
  });

  it('a write to a business in Berlin shows on its city and its category in the city at once', async () => {
    await warmAll(Object.values(pages));
    await editBusiness(app.db, (await business('PD-A')).id, { fields: { name: 'Alpha Backhaus' } }, null);
    await app.settle();
    for (const path of [pages.city, pages.cityList, pages.bakery, pages.bakeryList]) expect((await ask(path)).text).toContain('Alpha Backhaus');
    // The cafés' category shows no bakery: kept.
    expect((await ask(pages.cafesList)).statements).toBe(0);
  });

  it('a business hidden leaves the pages that showed it', async () => {
    await warmAll([pages.city, pages.bakery, pages.bakeryList]);
    await setBusinessesActive(app.db, [(await business('PD-G')).id], false);
    await app.settle();
    for (const path of [pages.city, pages.bakery, pages.bakeryList]) {
      const again = await ask(path);
      expect([path, again.res.status, again.text.includes('Gamma Bäckerei')]).toEqual([path, 200, false]);
    }
  });

  it('a category renamed shows on the city pages that name it, even where the list is of another category', async () => {
    await warmAll([pages.city, pages.cityApi, pages.cityList, pages.bakery, pages.bakeryList]);
    await renameGroup(app.db, 'category', (await business('PD-B')).category_id, 'Kaffeehaus');
    await app.settle();
    // The city's links and facets, a café's card, and the bakeries' facets of the city's other categories.
    for (const path of [pages.city, pages.cityApi, pages.cityList, pages.bakery, pages.bakeryList]) expect((await ask(path)).text).toContain('Kaffeehaus');
  });

  it("a category's plural set shows on the category in the city and on the city's links to it", async () => {
    await warmAll([pages.city, pages.bakery]);
    await editGroup(app.db, 'category', (await business('PD-A')).category_id, { pluralName: 'Backstuben' });
    await app.settle();
    for (const path of [pages.city, pages.bakery]) expect((await ask(path)).text).toContain('Backstuben');
  });

  it('a slug changed by hand alone, with no business row touched, shows on the lists that name it', async () => {
    const cafe = await business('PD-B');
    const cafes = `/api/categories/${(await app.db('categories').where({ id: cafe.category_id }).first('slug')).slug}/businesses`;
    await warmAll([cafes]);
    await app.db('cities').where({ id: cafe.city_id }).update({ slug: 'berlin-de' });
    await app.settle();
    expect((await ask(cafes)).text).toContain('"berlin-de"');
    await app.db('cities').where({ id: cafe.city_id }).update({ slug: 'berlin' });
    await app.settle();

    await warmAll([pages.cityList]);
    await app.db('categories').where({ id: cafe.category_id }).update({ slug: 'kaffeehaus-berlin' });
    await app.settle();
    expect((await ask(pages.cityList)).text).toContain('"kaffeehaus-berlin"');
  });

  it('Berlin renamed shows on its pages', async () => {
    const tags = await warmAll([pages.city, pages.bakery]);
    await renameGroup(app.db, 'city', (await business('PD-B')).city_id, 'BERLIN');
    await app.settle();
    for (const path of [pages.city, pages.bakery]) {
      const again = await ask(path);
      expect([path, again.res.status, again.text.includes('BERLIN')]).toEqual([path, 200, true]);
      expect(again.res.headers.get('etag')).not.toBe(tags[path]);
    }
  });
});
