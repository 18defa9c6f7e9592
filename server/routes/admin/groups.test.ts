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
    // The confirmation's figures, before anything moves.
    expect(await call('GET', `/api/admin/categories/${accent}/merge?into=${cafe}`)).toEqual({
      status: 200,
      body: { businesses: 1, from: { name: 'Café', slug: expect.any(String) }, into: { name: 'Cafe', slug: 'cafe' } },
    });
    const merged = await call('POST', `/api/admin/categories/${accent}/merge`, { into: cafe });
    expect(merged).toEqual({ status: 200, body: { moved: 1, mergeId: expect.any(Number) } });
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

  it("sets a category's plural, which its pages' headings follow, clears it, refuses a bad one with 400 {message}, and a rename clears it", async () => {
    await importCsvText(app.db, ['name,category,full_address,place_id', 'P,Plumber,"9 Main St, Austin, TX 78701, United States",P9'].join('\n'), { source: 'cli', mode: 'upsert' });
    const plumber = await idOf('categories', 'Plumber');
    const city = (await app.db('businesses as b').join('cities as c', 'c.id', 'b.city_id').where('b.place_id', 'P9').first('c.slug', 'c.name')) as { slug: string; name: string };
    const h1 = async (category = 'plumber') => {
      await app.settle();
      const body = await (await fetch(`${app.url}/city/${city.slug}/${category}`)).text();
      return /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(body)?.[1].replace(/<[^>]+>/g, '');
    };
    const listed = async () => (await call('GET', '/api/admin/categories?search=plumb')).body.map((c: { name: string; pluralName: string | null }) => [c.name, c.pluralName]);
    // Without one, the rule's.
    expect(await h1()).toMatch(new RegExp(`^Plumbers in ${city.name}`));
    expect(await listed()).toEqual([['Plumber', null]]);
    expect(await call('PUT', `/api/admin/categories/${plumber}`, { pluralName: '  Pipe   Fitters ' })).toEqual({ status: 200, body: { pluralName: 'Pipe Fitters' } });
    expect(await listed()).toEqual([['Plumber', 'Pipe Fitters']]);
    expect(await h1()).toMatch(new RegExp(`^Pipe Fitters in ${city.name}`));
    // Empty or null clears it.
    expect(await call('PUT', `/api/admin/categories/${plumber}`, { pluralName: ' ' })).toEqual({ status: 200, body: { pluralName: null } });
    expect(await h1()).toMatch(new RegExp(`^Plumbers in ${city.name}`));
    for (const body of [{ pluralName: 5 }, { pluralName: ['Plumbers'] }, { pluralName: 'x'.repeat(201) }, {}, { name: 7, pluralName: 'Plumbers' }]) {
      const answer = await call('PUT', `/api/admin/categories/${plumber}`, body);
      expect(answer, JSON.stringify(body)).toEqual({ status: 400, body: { message: expect.any(String) } });
    }
    expect((await call('PUT', `/api/admin/cities/${await idOf('cities', city.name)}`, { pluralName: 'Austins' })).status).toBe(400);
    expect((await call('PUT', '/api/admin/categories/999999', { pluralName: 'Plumbers' })).status).toBe(404);
    expect(await listed()).toEqual([['Plumber', null]]);
    // A rename and a plural in one call; a later rename alone clears the plural written for the old name.
    expect((await call('PUT', `/api/admin/categories/${plumber}`, { name: 'Pipe Fitter', pluralName: 'Pipefitters' })).body).toEqual({ slug: 'pipe-fitter', pluralName: 'Pipefitters' });
    expect(await h1('pipe-fitter')).toMatch(new RegExp(`^Pipefitters in ${city.name}`));
    expect((await call('PUT', `/api/admin/categories/${plumber}`, { name: 'Plumber' })).body).toEqual({ slug: 'plumber' });
    expect(await listed()).toEqual([['Plumber', null]]);
  });

  it('renames and sets the plural given with it in one transaction, refused whole; the same plural again records nothing, and is no merge to undo', async () => {
    const plumber = await idOf('categories', 'Plumber');
    const events = () => app.db('group_events').where({ kind: 'category', group_id: plumber }).orderBy('id').select('id', 'action', 'before', 'after', 'username');
    const stored = () => app.db('categories').where({ id: plumber }).first('name', 'slug', 'plural_name');
    const earlier = (await events()).length;
    // A plural too long refuses the rename with it; a name taken refuses the plural with it.
    const tooLong = await call('PUT', `/api/admin/categories/${plumber}`, { name: 'Drain Expert', pluralName: 'x'.repeat(201) });
    expect(tooLong).toEqual({ status: 400, body: { message: 'The plural must be at most 200 characters' } });
    const taken = await call('PUT', `/api/admin/categories/${plumber}`, { name: 'Coffee Shop', pluralName: 'Drain Experts' });
    expect([taken.status, typeof taken.body.message]).toEqual([409, 'string']);
    expect(await stored()).toEqual({ name: 'Plumber', slug: 'plumber', plural_name: null });
    expect(await events()).toHaveLength(earlier);

    expect((await call('PUT', `/api/admin/categories/${plumber}`, { name: 'Drain Expert', pluralName: 'Drain Experts' })).body).toEqual({ slug: 'drain-expert', pluralName: 'Drain Experts' });
    // The same again, alone or with the same name: nothing to write.
    expect((await call('PUT', `/api/admin/categories/${plumber}`, { pluralName: ' Drain  Experts ' })).body).toEqual({ pluralName: 'Drain Experts' });
    expect((await call('PUT', `/api/admin/categories/${plumber}`, { name: 'Drain Expert', pluralName: 'Drain Experts' })).body).toEqual({ slug: 'drain-expert', pluralName: 'Drain Experts' });
    expect(await stored()).toEqual({ name: 'Drain Expert', slug: 'drain-expert', plural_name: 'Drain Experts' });
    const written = (await events()).slice(earlier);
    expect(written.map(({ id: _, ...e }) => e)).toEqual([
      { action: 'rename', before: { name: 'Plumber', slug: 'plumber' }, after: { name: 'Drain Expert', slug: 'drain-expert' }, username: 'admin' },
      { action: 'plural', before: { name: 'Drain Expert', slug: 'drain-expert', pluralName: null }, after: { name: 'Drain Expert', slug: 'drain-expert', pluralName: 'Drain Experts' }, username: 'admin' },
    ]);
    // Set again by hand, a plural is not taken back: only a merge is.
    expect(await call('POST', `/api/admin/merges/${written[1].id}/undo`)).toEqual({ status: 404, body: { message: 'Merge not found' } });
    expect((await call('GET', '/api/admin/merges/last')).body.merge?.id).not.toBe(Number(written[1].id));
  });

  it('undoes the last merge: the group, its slug, its businesses and counts come back', async () => {
    await importCsvText(app.db, [
      'name,category,full_address,place_id',
      'D,Bakery,"4 Main St, Austin, TX 78701, United States",P4',
      'E,Bakery,"5 Main St, Austin, TX 78701, United States",P5',
      'F,Bakerie,"6 Main St, Austin, TX 78701, United States",P6',
    ].join('\n'), { source: 'cli', mode: 'upsert' });
    const bakery = await idOf('categories', 'Bakery');
    const bakerie = await idOf('categories', 'Bakerie');
    // Its plural comes back with it (the merged one's own, not the one it went into).
    await call('PUT', `/api/admin/categories/${bakerie}`, { pluralName: 'Bakeries (old)' });
    const { mergeId } = (await call('POST', `/api/admin/categories/${bakerie}/merge`, { into: bakery })).body;
    expect((await call('GET', '/api/admin/merges/last')).body.merge).toMatchObject({ id: mergeId, kind: 'category', from: { name: 'Bakerie', slug: 'bakerie' }, into: { id: bakery, name: 'Bakery' }, moved: 1, username: 'admin' });
    expect((await fetch(`${app.url}/category/bakerie`, { redirect: 'manual' })).status).toBe(301);

    expect(await call('POST', `/api/admin/merges/${mergeId}/undo`)).toEqual({ status: 200, body: { restored: 1, stayed: 0, slug: 'bakerie' } });
    expect(await app.db('categories').where({ id: bakerie }).first('name', 'slug', 'business_count', 'plural_name')).toEqual({ name: 'Bakerie', slug: 'bakerie', business_count: 1, plural_name: 'Bakeries (old)' });
    expect(await app.db('categories').where({ id: bakery }).first('business_count')).toEqual({ business_count: 2 });
    expect((await app.db('businesses').where({ place_id: 'P6' }).first('category_id')).category_id).toBe(bakerie);
    expect((await fetch(`${app.url}/category/bakerie`, { redirect: 'manual' })).status).toBe(200);
    expect(await app.db('group_merges').where({ kind: 'category', from_id: bakerie }).first()).toBeUndefined();
    expect(await countDrift(app.db)).toBe(0);
    // Undone once; the merge before it is now the last one.
    expect((await call('POST', `/api/admin/merges/${mergeId}/undo`)).status).toBe(409);
    expect((await call('GET', '/api/admin/merges/last')).body.merge.from.name).toBe('Café');
  });

  it('refuses to undo a merge that is not the last, or whose name is taken again since', async () => {
    const bakery = await idOf('categories', 'Bakery');
    const bakerie = await idOf('categories', 'Bakerie');
    const first = (await call('POST', `/api/admin/categories/${bakerie}/merge`, { into: bakery })).body.mergeId;
    // An import since brings the merged-away name back as a category of its own.
    await importCsvText(app.db, ['name,category,full_address,place_id', 'G,Bakerie,"7 Main St, Austin, TX 78701, United States",P7'].join('\n'), {
      source: 'cli',
      mode: 'upsert',
    });
    const refused = await call('POST', `/api/admin/merges/${first}/undo`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Bakerie/);
    const again = await idOf('categories', 'Bakerie');
    const second = (await call('POST', `/api/admin/categories/${again}/merge`, { into: bakery })).body.mergeId;
    const notLast = await call('POST', `/api/admin/merges/${first}/undo`);
    expect([notLast.status, notLast.body.message]).toEqual([409, 'Only the last merge can be undone: undo the merge of Bakerie into Bakery first']);
    expect((await call('POST', `/api/admin/merges/${second}/undo`)).status).toBe(200);
    expect((await call('POST', '/api/admin/merges/999999/undo')).status).toBe(404);
    expect(await countDrift(app.db)).toBe(0);
  });
  it('answers parallel merges and undos of one group once, the others with a 4xx, and nothing drifts', async () => {
    await importCsvText(app.db, [
      'name,category,full_address,place_id',
      'H,Florist,"8 Main St, Austin, TX 78701, United States",P8',
      'I,Flourist,"9 Main St, Austin, TX 78701, United States",P9',
      'J,Flowers,"10 Main St, Austin, TX 78701, United States",P10',
    ].join('\n'), { source: 'cli', mode: 'upsert' });
    const [florist, flourist, flowers] = await Promise.all(['Florist', 'Flourist', 'Flowers'].map((n) => idOf('categories', n)));
    // A double-clicked merge, and the same group merged into two places at once.
    const merges = await Promise.all([
      call('POST', `/api/admin/categories/${flourist}/merge`, { into: florist }),
      call('POST', `/api/admin/categories/${flourist}/merge`, { into: florist }),
      call('POST', `/api/admin/categories/${flourist}/merge`, { into: flowers }),
    ]);
    expect(merges.map((m) => m.status).sort()).toEqual([200, 404, 404]);
    const { mergeId } = merges.find((m) => m.status === 200)!.body;
    const undos = await Promise.all([1, 2, 3].map(() => call('POST', `/api/admin/merges/${mergeId}/undo`)));
    expect(undos.map((u) => u.status).sort()).toEqual([200, 409, 409]);
    expect(await app.db('categories').where({ id: flourist }).first('business_count')).toEqual({ business_count: 1 });
    expect(await countDrift(app.db)).toBe(0);
  });
});
