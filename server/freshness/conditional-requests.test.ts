/** A conditional request is "not modified" only for an answer that exists. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { importCsvText } from '../../data/import/import.fixtures.js';

describe('conditional requests on URLs with no answer', () => {
  let app: TestApp;
  let slug: string;
  beforeAll(async () => {
    app = await startTestApp();
    await importCsvText(
      app.db,
      ['name,category,full_address,place_id', 'Moda Fırını,Bakery,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",P1', 'Kadıköy Kahvecisi,Cafe,"Moda Cd. 2, 34710 Kadıköy/İstanbul, Türkiye",P2'].join('\n'),
      { source: 'cli', mode: 'upsert' },
    );
    await app.settle();
    slug = (await app.db('businesses').where({ name: 'Moda Fırını' }).first('slug')).slug;
  });
  afterAll(() => app.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(app.url + path, { headers });
  const caching = (r: Response) => ({
    status: r.status,
    etag: r.headers.get('etag'),
    lastModified: r.headers.get('last-modified'),
    // A 404 the API throws carries no Cache-Control at all; a page's says no-store. Neither is public.
    shared: /public|max-age/.test(r.headers.get('cache-control') ?? ''),
    cdn: r.headers.get('cdn-cache-control'),
  });
  const refused = { status: 404, etag: null, lastModified: null, shared: false, cdn: null };

  for (const [kind, missing, existing] of [
    ['API', '/api/businesses/detail/no-such-business', () => `/api/businesses/detail/${slug}`],
    ['page', '/details/no-such-business', () => `/details/${slug}`],
  ] as const) {
    it(`answers If-None-Match: * on an unknown business ${kind} with a 404 no one may keep`, async () => {
      expect(caching(await get(missing, { 'if-none-match': '*' }))).toEqual(refused);
      // Asked again (a URL the cache has seen): still a 404.
      expect(caching(await get(missing, { 'if-none-match': '*' }))).toEqual(refused);
    });

    it(`answers an ETag copied from another ${kind} answer, or any date, with the unknown business's 404`, async () => {
      const other = await get(existing());
      expect(other.status).toBe(200);
      const etag = other.headers.get('etag')!;
      const lastModified = other.headers.get('last-modified')!;
      expect(caching(await get(missing, { 'if-none-match': etag }))).toEqual(refused);
      expect(caching(await get(missing, { 'if-none-match': `"x", ${etag}, *` }))).toEqual(refused);
      expect(caching(await get(missing, { 'if-modified-since': lastModified }))).toEqual(refused);
      expect(caching(await get(missing, { 'if-modified-since': 'Fri, 31 Dec 2100 23:59:59 GMT' }))).toEqual(refused);
    });

    it(`still answers 304 for a ${kind} that exists, asked conditionally the first time too`, async () => {
      const path = `${existing()}?first=${kind}`;
      // Never asked before in this version: answered in full on the server, sent as a 304.
      const cold = await get(path, { 'if-none-match': '*' });
      expect([cold.status, await cold.text(), cold.headers.get('etag')]).toEqual([304, '', expect.stringMatching(/^W\//)]);
      const warm = await get(path, { 'if-none-match': cold.headers.get('etag')! });
      expect(warm.status).toBe(304);
      expect((await get(path)).status).toBe(200);
    });
  }
});
