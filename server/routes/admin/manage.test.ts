/** Managing businesses over the admin API: edit, hide/show, delete, feature, verify, bulk, activity. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../domain/activity.js';
import { startTestApp, type TestApp } from '../../test-app.js';
import { type AdminClient, signedInAdmin } from '../../admin-client.fixtures.js';
import { importCsvText } from '../../../data/import/import.fixtures.js';
import { countDrift } from '../../../data/store/load.fixtures.js';

describe('managing businesses over the admin API', () => {
  let app: TestApp;
  let call: AdminClient['call'];
  const idOf = async (placeId: string) => Number((await app.db('businesses').where({ place_id: placeId }).first('id')).id);

  beforeAll(async () => {
    app = await startTestApp();
    ({ call } = await signedInAdmin(app));
    await importCsvText(app.db, [
      'name,category,full_address,rating,phone,email,place_id',
      '!!!,Junk,"1 Main St, Austin, TX 78701, United States",1,,,J1',
      'Moda Fırını,Bakery,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",4.5,+90 216 555 12 12,hello@moda.test,P1',
      'Berlin Bäckerei,Bakery,"Hauptstr. 1, 10115 Berlin, Germany",4.1,,,P2',
    ].join('\n'), { source: 'cli', mode: 'upsert' });
  });
  afterAll(() => app.close());

  it('shows a business as the edit form does, and edits it with the import rules, keeping its slug', async () => {
    const id = await idOf('P1');
    const { body } = await call('GET', `/api/admin/businesses/${id}`);
    expect(body).toMatchObject({ id, slug: expect.any(String), isActive: true, isFeatured: false });
    expect(body.fields).toMatchObject({ name: 'Moda Fırını', category: 'Bakery', phone: '+90 216 555 12 12', city: 'İstanbul', rating: '4.5' });

    const edited = await call('PUT', `/api/admin/businesses/${id}`, { fields: { ...body.fields, name: 'Moda Fırını & Kafe', category: 'Cafe', email: '' } });
    expect(edited).toEqual({ status: 200, body: { slug: body.slug } });
    const row = await app.db('businesses as b').join('categories as k', 'k.id', 'b.category_id').where('b.id', id).first('b.name', 'b.email', 'k.name as category', 'b.phone');
    expect(row).toEqual({ name: 'Moda Fırını & Kafe', email: null, category: 'Cafe', phone: '+90 216 555 12 12' });
    expect((await call('GET', `/api/businesses/detail/${body.slug}`)).body.name).toBe('Moda Fırını & Kafe');
    expect(await countDrift(app.db)).toBe(0);
  });

  it('refuses what the import would refuse, with the same reason, and changes nothing', async () => {
    const id = await idOf('P2');
    const before = await app.db('businesses').where({ id }).first();
    expect(await call('PUT', `/api/admin/businesses/${id}`, { fields: { rating: '7' } })).toEqual({ status: 400, body: { message: 'rating 7 is not between 0 and 5' } });
    expect(await call('PUT', `/api/admin/businesses/${id}`, { fields: { name: '' } })).toEqual({ status: 400, body: { message: 'name is empty' } });
    expect((await call('PUT', `/api/admin/businesses/${id}`, { fields: { colour: 'red' } })).status).toBe(400);
    expect((await call('PUT', `/api/admin/businesses/${id}`, { fields: { place_id: 'P1' } })).status).toBe(409);
    expect((await call('PUT', '/api/admin/businesses/999999', { fields: { name: 'x' } })).status).toBe(404);
    expect(await app.db('businesses').where({ id }).first()).toEqual(before);
  });

  it('renames a slug, and the old one redirects pages and still finds the business', async () => {
    const id = await idOf('P2');
    const { body } = await call('GET', `/api/admin/businesses/${id}`);
    expect((await call('PUT', `/api/admin/businesses/${id}`, { fields: {}, slug: 'Not A Slug' })).status).toBe(400);
    expect((await call('PUT', `/api/admin/businesses/${id}`, { fields: {}, slug: 'baeckerei-berlin' })).body).toEqual({ slug: 'baeckerei-berlin' });
    const page = await fetch(`${app.url}/details/${body.slug}`, { redirect: 'manual' });
    expect(page.status).toBe(301);
    expect(page.headers.get('location')).toBe('/details/baeckerei-berlin');
    expect((await call('GET', `/api/businesses/detail/${body.slug}`)).body.slug).toBe('baeckerei-berlin');
  });

  it('hides, shows, features, verifies and deletes in bulk, the public site and counts following', async () => {
    const junk = await idOf('J1');
    const moda = await idOf('P1');
    expect(await call('POST', '/api/admin/business-actions', { action: 'hide', ids: [junk] })).toEqual({ status: 200, body: { changed: 1 } });
    expect((await call('GET', '/api/businesses/detail/' + (await app.db('businesses').where({ id: junk }).first('slug')).slug)).status).toBe(404);
    expect(await call('POST', '/api/admin/business-actions', { action: 'show', ids: [junk] })).toEqual({ status: 200, body: { changed: 1 } });

    expect((await call('POST', '/api/admin/business-actions', { action: 'feature', ids: [moda] })).body).toEqual({ changed: 1 });
    expect((await call('GET', '/api/businesses/featured')).body[0].id).toBe(moda);
    expect((await call('POST', '/api/admin/business-actions', { action: 'verify', ids: [moda, junk] })).body).toEqual({ changed: 2 });

    expect(await call('DELETE', `/api/admin/businesses/${junk}`)).toEqual({ status: 204, body: null });
    expect(await app.db('businesses').where({ id: junk }).first()).toBeUndefined();
    expect((await call('DELETE', `/api/admin/businesses/${junk}`)).status).toBe(404);
    expect((await call('POST', '/api/admin/business-actions', { action: 'explode', ids: [moda] })).status).toBe(400);
    expect((await call('POST', '/api/admin/business-actions', { action: 'hide', ids: [] })).status).toBe(400);
    expect(await countDrift(app.db)).toBe(0);
  });

  it('filters by country, city, category, status and verified, and sorts by any column', async () => {
    const names = async (query: string) => (await call('GET', `/api/admin/businesses?${query}`)).body.businesses.map((b: { name: string }) => b.name);
    expect(await names('country=germany')).toEqual(['Berlin Bäckerei']);
    expect(await names('country=TR')).toEqual(['Moda Fırını & Kafe']);
    expect(await names('city=berlin&category=bakery')).toEqual(['Berlin Bäckerei']);
    expect(await names('status=featured')).toEqual(['Moda Fırını & Kafe']);
    expect(await names('verified=true')).toEqual(['Moda Fırını & Kafe']);
    expect(await names('sort=name&order=asc')).toEqual(['Berlin Bäckerei', 'Moda Fırını & Kafe']);
    expect(await names('sort=rating&order=asc')).toEqual(['Berlin Bäckerei', 'Moda Fırını & Kafe']);
    expect((await call('GET', '/api/admin/businesses?country=germany')).body.pagination.total).toBe(1);
    for (const bad of ['sort=colour', 'order=up', 'status=gone', 'verified=maybe']) expect((await call('GET', `/api/admin/businesses?${bad}`)).status).toBe(400);
  });

  it('logs every write with who made it, newest first', async () => {
    const { entries } = (await call('GET', '/api/admin/activity')).body as { entries: ActivityEntry[] };
    expect(entries.map((e) => e.kind).slice(0, 5)).toEqual(['delete', 'verify', 'verify', 'feature', 'show']);
    expect(entries[0]).toMatchObject({ business: { name: '!!!' }, username: 'admin' });
    const edits = entries.filter((e) => e.kind === 'edit').map((e) => e.changes.map((c) => c.field));
    expect(edits).toEqual([['slug'], expect.arrayContaining(['name', 'email', 'category_id'])]);
  });
});
