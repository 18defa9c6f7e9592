import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-app.js';
import { type AdminClient, signedInAdmin } from '../../admin-client.fixtures.js';
import { importCsvText } from '../../../data/import/import.fixtures.js';
import { countDrift } from '../../../data/store/load.fixtures.js';

describe('renaming and merging categories and cities', () => {
  let app: TestApp;
  let call: AdminClient['call'];
  const idOf = async (table: string, name: string) => Number((await app.db(table).where({ name }).first('id')).id);

  beforeAll(async () => {
    app = await startTestApp();
    ({ call } = await signedInAdmin(app));
    await importCsvText(app.db, [
      'name,category,full_address,place_id',
      'A,Cafe,"1 Main St, Austin, TX 78701, United States",P1',
      'B,Café,"2 Main St, Austin, TX 78701, United States",P2',
      'C,Cafe,"3 Main St, Austin, TX 78701, United States",P3',
    ].join('\n'), { source: 'cli', mode: 'upsert' });
  });
  afterAll(() => app.close());

  it('merges a duplicate category into another: businesses, counts and the old page follow', async () => {
    const cafe = await idOf('categories', 'Cafe');
    const accent = await idOf('categories', 'Café');
    expect((await call('GET', '/api/admin/categories?search=caf')).body.map((c: { name: string; businessCount: number }) => [c.name, c.businessCount])).toEqual([['Cafe', 2], ['Café', 1]]);
    expect(await call('POST', `/api/admin/categories/${accent}/merge`, { into: cafe })).toEqual({ status: 200, body: { moved: 1 } });
    expect(await app.db('categories').where({ id: cafe }).first('business_count')).toEqual({ business_count: 3 });
    expect(await app.db('categories').where({ id: accent }).first()).toBeUndefined();
    // The merged category's own slug now leads to Cafe.
    const slug = (await app.db('page_redirects').first('slug')).slug;
    const old = await fetch(`${app.url}/category/${slug}`, { redirect: 'manual' });
    expect([old.status, old.headers.get('location')]).toEqual([301, '/category/cafe']);
    expect(await countDrift(app.db)).toBe(0);
  });

  it('renames a category and a city, the old slugs redirecting', async () => {
    const cafe = await idOf('categories', 'Cafe');
    expect(await call('PUT', `/api/admin/categories/${cafe}`, { name: 'Coffee Shop' })).toEqual({ status: 200, body: { slug: 'coffee-shop' } });
    const old = await fetch(`${app.url}/category/cafe`, { redirect: 'manual' });
    expect([old.status, old.headers.get('location')]).toEqual([301, '/category/coffee-shop']);
    const austin = await idOf('cities', 'Austin');
    expect((await call('PUT', `/api/admin/cities/${austin}`, { name: 'Austin City' })).body).toEqual({ slug: 'austin-city' });
    expect((await fetch(`${app.url}/city/austin`, { redirect: 'manual' })).headers.get('location')).toBe('/city/austin-city');
    expect((await call('PUT', `/api/admin/categories/${cafe}`, { name: '' })).status).toBe(400);
    expect((await call('POST', `/api/admin/categories/${cafe}/merge`, { into: cafe })).status).toBe(400);
    expect((await call('POST', `/api/admin/cities/${austin}/merge`, { into: 999999 })).status).toBe(404);
  });
});
