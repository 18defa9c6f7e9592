/** A country's page is kept through the writes that change nothing it shows (change-keys.ts countryKeys). */
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
  'Delta Café,Cafe,"Leopoldstraße 4, 80802 München, Deutschland",PD-D,Espresso',
];
const ISTANBUL = 'Moda Berber,Barber,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",PT-1,Shave';
const ISTANBUL_BAKERY = 'Moda Fırını,Bakery,"Moda Cd. 2, 34710 Kadıköy/İstanbul, Türkiye",PT-2,Simit';

describe("a write keeps a country's page warm unless it changes what the page shows", () => {
  let app: TestApp;
  const { listen, stop, ask, warmAll, expectKept } = keptAnswers(() => app);
  let germany = '';
  /** Germany's page, the API's answers it is made of, and a category in it. */
  let pages: string[] = [];
  beforeAll(async () => {
    // Every category in a city a page, so the country links its categories in Berlin.
    app = await startTestApp({ cityCategoryMin: 1 });
    await importCsvText(app.db, [HEADER, ...BERLIN].join('\n'), { source: 'cli', mode: 'upsert' });
    germany = (await app.db('countries').whereIn('name', app.db('businesses').where({ place_id: 'PD-A' }).select('country')).first('slug')).slug;
    pages = [`/country/${germany}`, `/api/countries/${germany}`, `/api/countries/${germany}/summary`, `/country/${germany}/bakery`];
    listen();
  });
  afterAll(async () => {
    stop();
    await app.close();
  });

  const business = (placeId: string) => app.db('businesses').where({ place_id: placeId }).first('id', 'city_id', 'category_id');
  /** Each of `paths` read again: under another ETag, showing `text` (the first may have read the memos the others take). */
  async function expectShown(tags: Record<string, string>, paths: string[], text: string) {
    for (const path of paths) {
      const again = await ask(path);
      expect([path, again.res.status, again.res.headers.get('etag') !== tags[path], again.text.includes(text)]).toEqual([path, 200, true, true]);
    }
  }

  it('an import and an edit in Türkiye keep the German pages kept, with their ETags', async () => {
    const tags = await warmAll(pages);
    await importCsvText(app.db, [HEADER, ISTANBUL].join('\n'), { source: 'cli', mode: 'upsert' });
    await app.settle();
    await expectKept(tags);
    await editBusiness(app.db, (await business('PT-1')).id, { fields: { name: 'Moda Berberi' } }, null);
    await app.settle();
    await expectKept(tags);
    // Türkiye's own page follows.
    expect((await ask('/api/countries/turkiye')).text).toContain('"businessCount":1');
  });

  it('a bakery imported and edited in Türkiye keeps the bakeries in Germany kept, with their ETags; one edited in Berlin shows', async () => {
    const bakeries = [`/country/${germany}/bakery`, `/api/categories/bakery/businesses?country=${germany}`];
    const tags = await warmAll(bakeries);
    await importCsvText(app.db, [HEADER, ISTANBUL_BAKERY].join('\n'), { source: 'cli', mode: 'upsert' });
    await app.settle();
    await expectKept(tags);
    await editBusiness(app.db, (await business('PT-2')).id, { fields: { name: 'Moda Simitçisi' } }, null);
    await app.settle();
    await expectKept(tags);
    // The category's own list counts its businesses everywhere.
    expect((await ask('/api/categories/bakery/businesses')).text).toContain('Moda Simitçisi');

    await editBusiness(app.db, (await business('PD-A')).id, { fields: { name: 'Alpha Backhaus' } }, null);
    await app.settle();
    await expectShown(tags, bakeries, 'Alpha Backhaus');
  });

  it("a bakery in Berlin turned café shows on its categories in Berlin, every count of the country unchanged", async () => {
    const [country, api] = pages;
    const tags = await warmAll([country, api]);
    await editBusiness(app.db, (await business('PD-G')).id, { fields: { category: 'Cafe' } }, null);
    await app.settle();
    // Berlin's cafés: two now, its bakeries one.
    await expectShown(tags, [country, api], '"categorySlug":"cafe","category":"Cafe","categoryPluralName":null,"count":2');
  });

  it('a new city of the country shows on its page', async () => {
    const tags = await warmAll(pages.slice(0, 3));
    await importCsvText(app.db, [HEADER, 'Epsilon Café,Cafe,"Altstadt 5, 01067 Dresden, Deutschland",PD-E,Tea'].join('\n'), { source: 'cli', mode: 'upsert' });
    await app.settle();
    await expectShown(tags, pages.slice(0, 2), 'Dresden');
    await expectShown(tags, pages.slice(2, 3), `"businessCount":5`);
  });

  it('a German city renamed shows on the page', async () => {
    const tags = await warmAll(pages);
    await renameGroup(app.db, 'city', (await business('PD-D')).city_id, 'MÜNCHEN');
    await app.settle();
    await expectShown(tags, pages.slice(0, 2), 'MÜNCHEN');
  });

  it('a category it names renamed shows on the page', async () => {
    const tags = await warmAll(pages.slice(0, 2));
    await renameGroup(app.db, 'category', (await business('PD-B')).category_id, 'Kaffeehaus');
    await app.settle();
    await expectShown(tags, pages.slice(0, 2), 'Kaffeehaus');
  });

  it('a category the page does not show renamed keeps it kept, with its ETags', async () => {
    const tags = await warmAll(pages.slice(0, 3));
    // Barbers are in Türkiye alone.
    await renameGroup(app.db, 'category', (await business('PT-1')).category_id, 'Berber');
    await app.settle();
    await expectKept(tags);
    expect((await ask('/api/countries/turkiye')).text).toContain('"category":"Berber"');
  });

  it('a city renamed in another country keeps it kept, with its ETags', async () => {
    const tags = await warmAll(pages.slice(0, 3));
    await renameGroup(app.db, 'city', (await business('PT-1')).city_id, 'Istanbul');
    await app.settle();
    await expectKept(tags);
    expect((await ask('/api/countries/turkiye')).text).toContain('"name":"Istanbul"');
  });

  it("a plural set for a category it shows, which none of the category's businesses records, shows on it", async () => {
    const tags = await warmAll(pages.slice(0, 2));
    await editGroup(app.db, 'category', (await business('PD-B')).category_id, { pluralName: 'Kaffeehäuser' });
    await app.settle();
    await expectShown(tags, pages.slice(0, 2), 'Kaffeehäuser');
  });

  it('a city moved into the country from another shows on its page', async () => {
    const tags = await warmAll(pages.slice(0, 2));
    const name = (await app.db('countries').where({ slug: germany }).first('name')).name;
    await app.db('cities').where({ id: (await business('PT-1')).city_id }).update({ country: name });
    await app.settle();
    await expectShown(tags, pages.slice(0, 2), 'Istanbul');
  });

  it('a German business hidden leaves its counts', async () => {
    const tags = await warmAll(pages);
    await setBusinessesActive(app.db, [(await business('PD-A')).id], false);
    await app.settle();
    await expectShown(tags, pages.slice(0, 3), '"businessCount":4');
    // The bakeries in Germany: Gamma is a café now, Alpha hidden, so none is left.
    expect((await ask(pages[3])).res.status).toBe(404);
  });
});
