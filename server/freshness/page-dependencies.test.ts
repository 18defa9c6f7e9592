/** A write empties only the kept answers that show what it changed (dependencies.ts, answer-cache.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { importCsvText } from '../../data/import/import.fixtures.js';
import { editBusiness } from '../../data/store/business-writes.js';
import { renameGroup } from '../../data/store/group-writes.js';

const HEADER = 'name,category,full_address,place_id,about';
const BERLIN = [
  'Alpha Bäckerei,Bakery,"Torstraße 1, 10119 Berlin, Deutschland",PD-A,Fresh bread',
  'Beta Café,Cafe,"Torstraße 2, 10119 Berlin, Deutschland",PD-B,Good coffee',
];

describe('a write keeps the pages it does not touch warm', () => {
  let app: TestApp;
  const statements: string[] = [];
  const count = (q: { sql: string }) => {
    if (!/from "data_version"|data_changes/.test(q.sql)) statements.push(q.sql);
  };
  beforeAll(async () => {
    app = await startTestApp();
    await importCsvText(app.db, [HEADER, ...BERLIN].join('\n'), { source: 'cli', mode: 'upsert' });
    app.db.on('query', count);
  });
  afterAll(async () => {
    app.db.off('query', count);
    await app.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(app.url + path, { headers });
  const business = (placeId: string) => app.db('businesses').where({ place_id: placeId }).first('id', 'slug', 'city_id');
  /** The answer, and how many statements it cost (zero: served from memory). */
  async function ask(path: string, headers: Record<string, string> = {}) {
    const before = statements.length;
    const res = await get(path, headers);
    return { res, text: await res.text(), statements: statements.length - before };
  }
  /** Asked until kept (the second time), then once more: served from memory. */
  async function warm(path: string) {
    await ask(path);
    await ask(path);
    const kept = await ask(path);
    expect([kept.res.status, kept.statements]).toEqual([200, 0]);
    return kept.res.headers.get('etag')!;
  }

  it("a write to one business leaves another's page kept, with its ETag, and shows itself at once where it appears", async () => {
    const [a, b] = [await business('PD-A'), await business('PD-B')];
    const city = await app.db('cities').where({ id: a.city_id }).first('slug');
    const pages = { a: `/details/${a.slug}`, b: `/details/${b.slug}`, bApi: `/api/businesses/detail/${b.slug}`, city: `/city/${city.slug}`, search: '/search?q=bread' };
    const tags = { b: await warm(pages.b), bApi: await warm(pages.bApi) };
    await warm(pages.a);
    await warm(pages.city);
    await warm(pages.search);

    await editBusiness(app.db, a.id, { fields: { about: 'Sourdough bread baked at dawn' } }, null);
    await app.settle();

    // B's page and answer: from memory, the same validators, a 304 to the ETag a client holds.
    for (const [path, tag] of [[pages.b, tags.b], [pages.bApi, tags.bApi]]) {
      const again = await ask(path);
      expect([again.res.status, again.statements, again.res.headers.get('etag')]).toEqual([200, 0, tag]);
      expect((await ask(path, { 'if-none-match': tag })).res.status).toBe(304);
    }
    // A's page, its city's page and the search show the edit.
    expect((await ask(pages.a)).text).toContain('Sourdough bread baked at dawn');
    expect((await ask(pages.city)).statements).toBeGreaterThan(0);
    expect((await ask(pages.search)).statements).toBeGreaterThan(0);
    expect((await ask('/api/search?q=sourdough')).text).toContain('Alpha');
  });

  it('an import into another country keeps a Berlin business page warm', async () => {
    const b = await business('PD-B');
    const tag = await warm(`/details/${b.slug}`);
    await importCsvText(app.db, [HEADER, 'Moda Fırını,Bakery,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",PT-1,Simit'].join('\n'), { source: 'cli', mode: 'upsert' });
    await app.settle();
    const again = await ask(`/details/${b.slug}`);
    expect([again.res.status, again.statements, again.res.headers.get('etag')]).toEqual([200, 0, tag]);
    // The home page shows every business (counts, the newest): it follows the import.
    expect((await ask('/')).statements).toBeGreaterThan(0);
  });

  it("a rename of a city shows on its businesses' pages, and a namesake added in the city on the page it tells apart", async () => {
    const b = await business('PD-B');
    const path = `/details/${b.slug}`;
    const tag = await warm(path);
    await renameGroup(app.db, 'city', b.city_id, 'Berlin-Mitte');
    await app.settle();
    const renamed = await ask(path);
    expect(renamed.statements).toBeGreaterThan(0);
    expect(renamed.res.headers.get('etag')).not.toBe(tag);
    expect(renamed.text).toContain('Berlin-Mitte');
    expect((await ask(path, { 'if-none-match': tag })).res.status).toBe(200);

    await warm(path);
    await importCsvText(app.db, [HEADER, 'Beta Café,Cafe,"Kastanienallee 9, 10435 Berlin, Deutschland",PD-B2,Another one'].join('\n'), { source: 'cli', mode: 'upsert' });
    await app.settle();
    expect((await business('PD-B2')).city_id).toBe(b.city_id);
    expect((await ask(path)).statements).toBeGreaterThan(0);
  });
});
