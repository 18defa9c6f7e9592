/** The trash over the admin API: delete moves there, restore brings back, purge deletes for good. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../domain/activity.js';
import { startTestApp, type TestApp } from '../../test-app.js';
import { type AdminClient, signedInAdmin } from '../../admin-client.fixtures.js';
import { importCsvText } from '../../../data/import/import.fixtures.js';
import { countDrift } from '../../../data/store/load.fixtures.js';

describe('the trash over the admin API', () => {
  let app: TestApp;
  let call: AdminClient['call'];
  const idOf = async (placeId: string) => Number((await app.db('businesses').where({ place_id: placeId }).first('id')).id);
  const detail = async (slug: string) => {
    const r = await call('GET', `/api/businesses/detail/${slug}`);
    return r.status === 200 ? `${r.body.id} ${r.body.slug}` : r.status;
  };
  const totals = async () => ({
    stats: (await call('GET', '/api/stats')).body.totalBusinesses,
    admin: (await call('GET', '/api/admin/businesses')).body.pagination.total,
    city: (await call('GET', '/api/cities/austin')).body.businessCount,
    search: (await call('GET', '/api/search?q=tacos')).body.pagination.total,
  });
  let tacos: number;
  let oldSlug: string;

  beforeAll(async () => {
    app = await startTestApp();
    ({ call } = await signedInAdmin(app));
    await importCsvText(app.db, [
      'name,category,full_address,rating,place_id',
      'Austin Tacos,Restaurant,"2 Congress Ave, Austin, TX 78701, United States",4.9,P1',
      'Austin Bagels,Bakery,"3 Congress Ave, Austin, TX 78701, United States",4.1,P2',
      'Austin Donuts,Bakery,"4 Congress Ave, Austin, TX 78701, United States",4.3,P3',
    ].join('\n'), { source: 'cli', mode: 'upsert' });
    tacos = await idOf('P1');
    oldSlug = (await app.db('businesses').where({ id: tacos }).first('slug')).slug;
    await call('PUT', `/api/admin/businesses/${tacos}`, { fields: {}, slug: 'tacos-on-congress' });
  });
  afterAll(() => app.close());

  it('moves a deleted business to the trash: its detail answers 404 under its slug and its former one, every count leaves it', async () => {
    expect(await totals()).toEqual({ stats: 3, admin: 3, city: 3, search: 1 });
    // The old slug finds the business under its new one.
    expect(await detail(oldSlug)).toBe(`${tacos} tacos-on-congress`);
    expect(await call('DELETE', `/api/admin/businesses/${tacos}`)).toEqual({ status: 204, body: null });
    expect(await detail('tacos-on-congress')).toBe(404);
    expect(await detail(oldSlug)).toBe(404);
    expect(await totals()).toEqual({ stats: 2, admin: 2, city: 2, search: 0 });
    expect((await call('DELETE', `/api/admin/businesses/${tacos}`)).status).toBe(404);

    const { status, body } = await call('GET', '/api/admin/trash');
    expect(status).toBe(200);
    expect(body).toEqual({
      entries: [{ id: tacos, name: 'Austin Tacos', slug: 'tacos-on-congress', city: 'Austin', deletedAt: expect.any(String), deletedBy: 'admin' }],
      pagination: { page: 1, limit: 50, total: 1, totalPages: 1 },
    });
  });

  it('moves selected rows to the trash, lists them newest first, pages and searches by name', async () => {
    const [bagels, donuts] = [await idOf('P2'), await idOf('P3')];
    expect(await call('POST', '/api/admin/business-actions', { action: 'delete', ids: [bagels, donuts] })).toEqual({ status: 200, body: { changed: 2 } });
    const names = async (query: string) => (await call('GET', `/api/admin/trash?${query}`)).body.entries.map((e: { name: string }) => e.name);
    expect((await names('')).at(-1)).toBe('Austin Tacos');
    expect(await names('limit=1&page=3')).toEqual(['Austin Tacos']);
    expect(await names('search=BAGEL')).toEqual(['Austin Bagels']);
    expect(await names('search=_')).toEqual([]);
    expect((await call('GET', '/api/admin/trash?page=0')).status).toBe(400);
    expect(await countDrift(app.db)).toBe(0);
  });

  it('restores with the same id, slug, redirect and counts', async () => {
    expect(await call('POST', '/api/admin/trash/restore', { ids: [tacos] })).toEqual({ status: 200, body: { restored: 1 } });
    expect(await detail('tacos-on-congress')).toBe(`${tacos} tacos-on-congress`);
    expect(await detail(oldSlug)).toBe(`${tacos} tacos-on-congress`);
    expect(await totals()).toEqual({ stats: 1, admin: 1, city: 1, search: 1 });
    expect(await countDrift(app.db)).toBe(0);
  });

  it('answers 400, 404 and 409 with a message and restores nothing on bad or clashing input', async () => {
    const bagels = await idOf('P2').catch(() => null);
    expect(bagels).toBeNull();
    const [entry] = (await call('GET', '/api/admin/trash?search=bagels')).body.entries;
    for (const ids of [undefined, [], ['x'], [0], [2 ** 31], [{}], Array.from({ length: 1001 }, (_, i) => i + 1)]) {
      const r = await call('POST', '/api/admin/trash/restore', { ids });
      expect([r.status, typeof r.body.message]).toEqual([400, 'string']);
    }
    expect(await call('POST', '/api/admin/trash/restore', { ids: [tacos] })).toEqual({ status: 404, body: { message: `Not in the trash: business ${tacos}` } });

    await importCsvText(app.db, ['name,full_address,place_id', 'New Bagels,"9 Congress Ave, Austin, TX 78701, United States",P2'].join('\n'), { source: 'cli', mode: 'upsert' });
    const clash = await call('POST', '/api/admin/trash/restore', { ids: [entry.id] });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toMatch(/^Cannot restore Austin Bagels: New Bagels \(.*\) now has its place id/);
    expect((await call('GET', '/api/admin/trash?search=bagels')).body.entries).toHaveLength(1);
  });

  it('restores at most once when two restores of the same business race', async () => {
    const [entry] = (await call('GET', '/api/admin/trash?search=donuts')).body.entries;
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', '/api/admin/trash/restore', { ids: [entry.id] })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404]);
    expect(await countDrift(app.db)).toBe(0);
  });

  it('deletes for good only from the trash, and the activity log names every move', async () => {
    const [entry] = (await call('GET', '/api/admin/trash?search=bagels')).body.entries;
    expect(await call('POST', '/api/admin/trash/purge', { ids: [entry.id, tacos] })).toEqual({ status: 200, body: { purged: 1 } });
    expect((await call('GET', '/api/admin/trash')).body.entries).toEqual([]);
    expect(await detail('tacos-on-congress')).toBe(`${tacos} tacos-on-congress`);
    expect((await call('POST', '/api/admin/trash/purge', { ids: 'all' })).status).toBe(400);
    const activity = (await call('GET', '/api/admin/activity')).body.entries.map((e: ActivityEntry) => `${e.kind} ${e.business?.name}`);
    expect(activity.slice(0, 2)).toEqual(['purge Austin Bagels', 'restore Austin Donuts']);
    expect(activity).toContain('restore Austin Tacos');
    expect(activity).toContain('delete Austin Tacos');
  });
});
