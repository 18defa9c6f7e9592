/** What each move of the data version records as changed (migrations 20261205H, 20261217C and 20261218Y, readDataChanges). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from './test-db.js';
import { namesakesKey, readDataChanges, readDataVersion } from './data-version.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.drop();
});

const version = async () => BigInt((await readDataVersion(t.db))!.version);
/** What `write` changed, as a cache asks for it. */
async function changesOf(write: () => Promise<unknown>): Promise<Set<string> | null> {
  const before = await version();
  await write();
  return readDataChanges(t.db, before, await version());
}

describe('data_changes', () => {
  let cityId: number;
  let categoryId: number;
  beforeAll(async () => {
    cityId = (await t.db('cities').insert({ name: 'Köln', slug: 'koln', country: 'Germany' }).returning('id'))[0].id;
    categoryId = (await t.db('categories').insert({ name: 'Bakery', slug: 'bakery' }).returning('id'))[0].id;
  });
  const insertBusinesses = (n: number, prefix: string) =>
    t.db.raw(
      `INSERT INTO businesses (name, slug, address, identity_key, city_id, category_id)
       SELECT ? || i, ? || i, 'Hohe Str. ' || i, ? || i, ?, ? FROM generate_series(1, ?) i`,
      [`${prefix} `, `${prefix}-`, `${prefix}:`, cityId, categoryId, n],
    );

  it('names the business, its namesakes (the same hash as the server makes) and the lists of a small write', async () => {
    const changed = await changesOf(() => insertBusinesses(1, 'Bäckerei Ünal'));
    const { id } = await t.db('businesses').where({ slug: 'Bäckerei Ünal-1' }).first('id');
    expect([...changed!].sort()).toEqual([`b:${id}`, `lc:${cityId}`, `lk:${categoryId}`, namesakesKey(cityId, 'Bäckerei Ünal 1')].sort());
  });

  it('names only the cities and categories of a batch too big to list', async () => {
    const changed = await changesOf(() => insertBusinesses(300, 'Batch'));
    expect([...changed!].sort()).toEqual([`bc:${cityId}`, `lc:${cityId}`, `lk:${categoryId}`]);
  });

  it("tells a city's own change from a change of its count", async () => {
    expect(await changesOf(() => t.db('cities').where({ id: cityId }).increment('business_count', 1))).toEqual(new Set([`lc:${cityId}`]));
    // A rename also rewrites its businesses' search documents: their keys come with it.
    const renamed = await changesOf(() => t.db('cities').where({ id: cityId }).update({ name: 'Cologne' }));
    expect(renamed?.has(`c:${cityId}`)).toBe(true);
  });

  it("marks a change to any city's, category's or country's own row or its removal with the kind's '*', never a new one or a count (migration 20261217C)", async () => {
    const stars = (changed: Set<string> | null) => [...changed!].filter((k) => k.endsWith(':*'));
    expect(stars(await changesOf(() => t.db('categories').where({ id: categoryId }).update({ slug: 'backerei' })))).toEqual(['k:*']);
    expect(stars(await changesOf(() => t.db('categories').where({ id: categoryId }).increment('business_count', 1)))).toEqual([]);
    const added = await changesOf(() => t.db('countries').insert({ name: 'Türkiye', slug: 'turkiye' }));
    expect(stars(added)).toEqual([]);
    expect(stars(await changesOf(() => t.db('countries').where({ slug: 'turkiye' }).update({ slug: 'tuerkiye' })))).toEqual(['y:*']);
    expect(stars(await changesOf(() => t.db('countries').where({ slug: 'tuerkiye' }).del()))).toEqual(['y:*']);
    expect(stars(await changesOf(() => t.db('cities').where({ id: cityId }).update({ state: 'NRW' })))).toEqual(['c:*']);
    expect(await changesOf(() => t.db('cities').where({ id: -1 }).del())).toEqual(new Set());
  });

  it("names the country of a business's city and the country it names, whether or not a count moves (migration 20261218Y)", async () => {
    const germany = (await t.db('countries').insert({ name: 'Germany', slug: 'germany' }).returning('id'))[0].id;
    const austria = (await t.db('countries').insert({ name: 'Austria', slug: 'austria' }).returning('id'))[0].id;
    const countries = (changed: Set<string> | null) => [...changed!].filter((k) => k.startsWith('ly:')).sort();
    // An edit of a business of a German city, its count unchanged.
    const { id } = await t.db('businesses').where({ slug: 'Batch-1' }).first('id');
    expect(countries(await changesOf(() => t.db('businesses').where({ id }).update({ name: 'Batch Eins' })))).toEqual([`ly:${germany}`]);
    // A batch too big to list its businesses, naming Austria in their country column.
    expect(countries(await changesOf(() => t.db('businesses').where('slug', 'like', 'Batch-%').update({ country: 'Austria' })))).toEqual([`ly:${austria}`, `ly:${germany}`].sort());
    // A city's count moved alone, as a hand-written recount would.
    expect(countries(await changesOf(() => t.db('cities').where({ id: cityId }).increment('business_count', 1)))).toEqual([`ly:${germany}`]);
    // A city moved to another country: both.
    expect(countries(await changesOf(() => t.db('cities').where({ id: cityId }).update({ country: 'Austria' })))).toEqual([`ly:${austria}`, `ly:${germany}`].sort());
    // A category's statement names no country.
    expect(countries(await changesOf(() => t.db('categories').where({ id: categoryId }).increment('business_count', 1)))).toEqual([]);
  });

  it('records nothing for a statement that changed no row, and everything for a TRUNCATE or a span it no longer holds', async () => {
    expect(await changesOf(() => t.db('businesses').where({ id: -1 }).update({ name: 'x' }))).toEqual(new Set());
    expect(await changesOf(() => t.db.raw('TRUNCATE page_redirects'))).toBeNull();
    const now = await version();
    expect(await readDataChanges(t.db, now - 1n, now + 1n)).toBeNull();
  });
});
