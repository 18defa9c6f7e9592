/** Every read of the read service tells, once it answered, what its answer shows (change-keys.ts). */
import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { namesakesKey } from '../../db/data-version.js';
import { publicReads } from './public-reads.js';
import type { ChangeKeys } from './change-keys.js';

const t = useTestDb();

/** The read service of one request, with what each of its reads said it shows. */
function recorded() {
  const shown: ChangeKeys[] = [];
  return { reads: publicReads(t.db, undefined, { shown: (keys) => void shown.push(keys) }), shown };
}

/** A bakery, Alpha, in Berlin (once per file's database). */
async function seedAlpha() {
  await t.db.raw(`INSERT INTO cities (name, slug, country) VALUES ('Berlin', 'berlin', 'Deutschland') ON CONFLICT DO NOTHING`);
  await t.db.raw(`INSERT INTO categories (name, slug) VALUES ('Bakery', 'bakery') ON CONFLICT DO NOTHING`);
  await t.db.raw(`INSERT INTO businesses (name, slug, address, identity_key, city_id, category_id)
                  SELECT 'Alpha', 'alpha', 'Torstraße 1', 'n:alpha', (SELECT id FROM cities), (SELECT id FROM categories) ON CONFLICT DO NOTHING`);
}

describe('the change keys each read declares', () => {
  it('a business names itself and its page; lists, counts and searches name everything', async () => {
    await seedAlpha();
    const alpha = await t.db('businesses').where({ slug: 'alpha' }).first('id', 'city_id', 'category_id');

    const { reads, shown } = recorded();
    const business = (await reads.business('alpha'))!;
    expect(shown).toEqual([[`b:${alpha.id}`, `bc:${alpha.city_id}`, `c:${alpha.city_id}`, `k:${alpha.category_id}`, namesakesKey(alpha.city_id, 'Alpha')]]);
    // Approximate coordinates: near nothing, so its empty list depends on nothing.
    expect(await reads.moreNearby(business)).toEqual([]);
    expect(shown[1]).toEqual([]);

    for (const read of [() => reads.stats(), () => reads.cities(), () => reads.countries(), () => reads.search({ q: 'alpha', location: '', filters: {} })]) {
      shown.length = 0;
      await read();
      expect(shown).toEqual([null]);
    }
  });

  it("a city's and a category's pages name their rows and lists, and the others they name by any change to them", async () => {
    await seedAlpha();
    const [city, category] = [(await t.db('cities').first('id')).id, (await t.db('categories').first('id')).id];

    const { reads, shown } = recorded();
    const berlin = (await reads.group('city', 'berlin'))!;
    const bakery = (await reads.groupSummary('category', 'bakery'))!;
    await reads.groupBusinesses('city', berlin, { category: 'bakery' });
    await reads.groupBusinesses('category', bakery, {});
    await reads.categoryDistricts(berlin, bakery);
    expect(shown).toEqual([
      [`c:${city}`, `lc:${city}`, 'k:*'],
      // The category as a category in a city names it: its row, without its count over every city.
      [`k:${category}`],
      [`c:${city}`, `lc:${city}`, 'k:*'],
      [`k:${category}`, `lk:${category}`, 'c:*', 'y:*'],
      [`c:${city}`, `lc:${city}`],
    ]);
    // Filtered by a slug and showing nothing: the slug may name nothing yet.
    shown.length = 0;
    await reads.groupBusinesses('city', berlin, { category: 'no-such-category' });
    await reads.groupBusinesses('category', bakery, { city: 'berlin', district: 'Mitte' });
    expect(shown).toEqual([null, null]);
  });

  it("a country's page names its row and list and the categories of its links; its summary its row and list", async () => {
    await seedAlpha();
    await t.db('businesses').where({ slug: 'alpha' }).update({ country: 'Deutschland', is_active: true });
    const [germany] = await t.db('countries').insert({ name: 'Deutschland', slug: 'deutschland' }).onConflict('name').merge().returning('id');
    const category = (await t.db('categories').first('id')).id;
    const shown: ChangeKeys[] = [];
    // Every category in a city a page: the bakery is linked in Berlin and in the country.
    const reads = publicReads(t.db, undefined, { shown: (keys) => void shown.push(keys), cityCategoryMin: 1 });
    expect((await reads.country('deutschland'))!.countryCategories.map((l) => l.categorySlug)).toEqual(['bakery']);
    await reads.countrySummary('deutschland');
    // Asked again: the same answers, kept in this request, the same keys.
    await reads.country('deutschland');
    expect(shown).toEqual([
      [`y:${germany.id}`, `ly:${germany.id}`, `k:${category}`],
      [`y:${germany.id}`, `ly:${germany.id}`],
      [`y:${germany.id}`, `ly:${germany.id}`, `k:${category}`],
    ]);
    // A slug no country has: a new one may take it.
    shown.length = 0;
    await reads.country('narnia');
    await reads.countrySummary('narnia');
    expect(shown).toEqual([null, null]);
  });

  it("a category's list within a country names the country's list, not the category's everywhere", async () => {
    await seedAlpha();
    await t.db('businesses').where({ slug: 'alpha' }).update({ country: 'Deutschland', is_active: true });
    const [germany] = await t.db('countries').insert({ name: 'Deutschland', slug: 'deutschland' }).onConflict('name').merge().returning('id');
    const category = (await t.db('categories').first('id')).id;
    // Asked alone, as the API's list is: the list reads its country itself.
    const { reads, shown } = recorded();
    const bakery = (await reads.groupSummary('category', 'bakery'))!;
    shown.length = 0;
    expect((await reads.groupBusinesses('category', bakery, { country: 'deutschland' })).items.length).toBe(1);
    expect(shown).toEqual([[`k:${category}`, 'c:*', 'y:*', `ly:${germany.id}`]]);
  });

  it('a business under a slug not its own, and a read that fails, name everything', async () => {
    const { reads, shown } = recorded();
    await reads.business('no-such-business');
    expect(shown).toEqual([null]);
    shown.length = 0;
    // A group of no kind the service knows: the read throws.
    await expect(reads.group('street' as never, 'x')).rejects.toThrow();
    expect(shown).toEqual([null]);
  });
});
