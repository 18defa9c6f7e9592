import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-app.js';
import { type AdminClient, signedInAdmin } from '../../admin-client.fixtures.js';
import { importCsvText } from '../../../data/import/import.fixtures.js';
import type { ActivityEntry, ActivityPage } from '../../../domain/activity.js';

describe('the activity log', () => {
  let app: TestApp;
  let call: AdminClient['call'];
  let importId: number;
  const log = async (query = ''): Promise<ActivityPage> => {
    const res = await call('GET', `/api/admin/activity${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const idOf = async (placeId: string) => Number((await app.db('businesses').where({ place_id: placeId }).first('id')).id);

  beforeAll(async () => {
    app = await startTestApp();
    ({ call } = await signedInAdmin(app));
    const rows = ['name,category,full_address,rating,place_id'];
    for (let i = 1; i <= 30; i++) rows.push(`Shop ${i},Cafe,"${i} Main St, Austin, TX 78701, United States",4,P${i}`);
    ({ importId } = await importCsvText(app.db, rows.join('\n'), { source: 'web', mode: 'upsert', username: 'admin', fileName: 'shops.csv' }));
  });
  afterAll(() => app.close());

  it("shows an import's new businesses as one entry credited to the admin who ran it", async () => {
    const { entries } = await log();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'import', username: 'admin', count: 30, import: { id: importId, fileName: 'shops.csv', undone: false }, business: null });
  });

  it('shows an edit with labels and values before and after, and nothing for a save that changed nothing', async () => {
    const id = await idOf('P1');
    expect((await call('PUT', `/api/admin/businesses/${id}`, { fields: { category: 'Bakery', rating: '4.5' } })).status).toBe(200);
    const [edit] = (await log()).entries;
    expect(edit).toMatchObject({ kind: 'edit', username: 'admin', business: { id, name: 'Shop 1' } });
    expect(edit.changes).toEqual([
      { field: 'category_id', label: 'Category', before: 'Cafe', after: 'Bakery' },
      { field: 'rating', label: 'Rating', before: '4', after: '4.5' },
    ]);
    expect((await call('PUT', `/api/admin/businesses/${id}`, { fields: { category: 'Bakery', rating: '4.5' } })).status).toBe(200);
    expect((await log()).entries[0].id).toBe(edit.id);
  });

  it("credits a re-import's changes to the admin who ran it, with their values", async () => {
    // Three changes in one statement: one instant, which paging must still tell apart.
    const fix = ['name,category,full_address,rating,place_id', ...[2, 3, 4].map((i) => `Shop ${i},Cafe,"${i} Main St, Austin, TX 78701, United States",3,P${i}`)];
    const { importId: again } = await importCsvText(app.db, fix.join('\n'), {
      source: 'web',
      mode: 'upsert',
      username: 'admin',
      fileName: 'fix.csv',
    });
    const changes = (await log()).entries.slice(0, 3);
    expect(changes.map((e) => e.business?.name).sort()).toEqual(['Shop 2', 'Shop 3', 'Shop 4']);
    const change = changes[0];
    expect(change).toMatchObject({ kind: 'import', username: 'admin', import: { id: again, fileName: 'fix.csv' } });
    expect(change.changes).toEqual([{ field: 'rating', label: 'Rating', before: '4', after: '3' }]);
  });

  it('shows renames and merges of categories and their undo', async () => {
    const cafe = Number((await app.db('categories').where({ name: 'Cafe' }).first('id')).id);
    const bakery = Number((await app.db('categories').where({ name: 'Bakery' }).first('id')).id);
    await call('PUT', `/api/admin/categories/${bakery}`, { name: 'Bakehouse' });
    const { mergeId } = (await call('POST', `/api/admin/categories/${bakery}/merge`, { into: cafe })).body;
    await call('POST', `/api/admin/merges/${mergeId}/undo`);
    const { entries } = await log('?limit=3');
    expect(entries.map((e) => [e.kind, e.username, e.group, e.count])).toEqual([
      ['unmerge', 'admin', { kind: 'category', name: 'Bakehouse', slug: 'bakehouse', into: { name: 'Cafe', slug: 'cafe' }, undone: false }, 1],
      ['merge', 'admin', { kind: 'category', name: 'Bakehouse', slug: 'bakehouse', into: { name: 'Cafe', slug: 'cafe' }, undone: true }, 1],
      ['rename', 'admin', { kind: 'category', name: 'Bakery', slug: 'bakery', into: { name: 'Bakehouse', slug: 'bakehouse' }, undone: false }, null],
    ]);
  });

  it("shows a category's plural set, changed and cleared, with who and the plural before and after, under its own kind", async () => {
    const cafe = Number((await app.db('categories').where({ name: 'Cafe' }).first('id')).id);
    for (const pluralName of ['Cafés', 'Coffee Shops', 'Coffee Shops', null]) {
      expect((await call('PUT', `/api/admin/categories/${cafe}`, { pluralName })).status).toBe(200);
    }
    const plural = (before: string | null, after: string | null) => [
      'plural',
      'admin',
      { kind: 'category', name: 'Cafe', slug: 'cafe', into: null, undone: false },
      [{ field: 'plural_name', label: 'Plural', before, after }],
    ];
    const expected = [plural('Coffee Shops', null), plural('Cafés', 'Coffee Shops'), plural(null, 'Cafés')];
    const shown = (entries: ActivityEntry[]) => entries.map((e) => [e.kind, e.username, e.group, e.changes]);
    expect(shown((await log('?limit=3')).entries)).toEqual(expected);
    expect(shown((await log('?kind=plural')).entries)).toEqual(expected);
    expect((await log('?kind=rename')).entries.map((e) => e.kind)).toEqual(['rename']);
  });

  it("shows the plural a rename cleared on the rename's entry", async () => {
    const cafe = Number((await app.db('categories').where({ name: 'Cafe' }).first('id')).id);
    expect((await call('PUT', `/api/admin/categories/${cafe}`, { pluralName: 'Cafés' })).status).toBe(200);
    expect((await call('PUT', `/api/admin/categories/${cafe}`, { name: 'Coffee Shop' })).status).toBe(200);
    expect((await call('PUT', `/api/admin/categories/${cafe}`, { name: 'Cafe' })).status).toBe(200);
    const [back, renamed] = (await log('?kind=rename&limit=2')).entries;
    expect(renamed.group).toMatchObject({ name: 'Cafe', into: { name: 'Coffee Shop' } });
    expect(renamed.changes).toEqual([{ field: 'plural_name', label: 'Plural', before: 'Cafés', after: null }]);
    // Nothing to clear the second time.
    expect(back.changes).toEqual([]);
  });

  it('filters by business, admin, kind and time', async () => {
    const id = await idOf('P1');
    const mine = (await log(`?business=${id}`)).entries;
    // Its edit, and the import that created it.
    expect(mine.map((e) => e.kind)).toEqual(['edit', 'import']);
    expect(mine[1]).toMatchObject({ import: { id: importId }, count: 30 });
    expect((await log('?kind=merge')).entries.map((e) => e.kind)).toEqual(['merge']);
    expect((await log('?kind=import')).entries.map((e) => e.import?.fileName)).toEqual(['fix.csv', 'fix.csv', 'fix.csv', 'shops.csv']);
    expect((await log('?admin=someone-else')).entries).toEqual([]);
    expect((await log('?admin=admin')).entries.length).toBe((await log()).entries.length);
    const future = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await log(`?since=${future}`)).entries).toEqual([]);
    expect((await log(`?until=${future}`)).entries.length).toBe((await log()).entries.length);
  });

  it('pages through all of it, each entry once, newest first', async () => {
    const all = (await log('?limit=200')).entries;
    const seen: ActivityEntry[] = [];
    let next: string | null = '';
    do {
      const page: ActivityPage = await log(`?limit=2${next ? `&before=${encodeURIComponent(next)}` : ''}`);
      seen.push(...page.entries);
      next = page.next;
    } while (next);
    expect(seen.map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
  });

  it('refuses a bad filter with a message', async () => {
    for (const q of ['?kind=nope', '?before=yesterday', '?since=soon', '?business=x', '?limit=0']) {
      const res = await call('GET', `/api/admin/activity${q}`);
      expect([q, res.status, typeof res.body.message]).toEqual([q, 400, 'string']);
    }
  });
});
