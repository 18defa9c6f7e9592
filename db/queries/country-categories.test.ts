/** A country's links to its categories, and the categories its page's read names (what its change keys name). */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { listCountryCategories } from './country-categories.js';
import { getCountryPage } from './countries.js';

describe("a country's categories", () => {
  const t = useTestDb();
  /** Oldland's bakery, café and deli, one business each in Oldton, by ascending id. */
  let ids: number[] = [];
  beforeAll(async () => {
    await t.db('countries').insert({ name: 'Oldland', slug: 'oldland' });
    const [city] = await t.db('cities').insert({ name: 'Oldton', slug: 'oldton', country: 'Oldland' }).returning('id');
    const rows = await t.db('categories').insert(['Bakery', 'Cafe', 'Deli'].map((name) => ({ name, slug: name.toLowerCase() }))).returning('id');
    ids = rows.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b);
    await t.db.raw(
      `INSERT INTO businesses (name, slug, address, identity_key, city_id, category_id, country)
       SELECT 'Shop ' || c, 'shop-' || c, c || ' Road', 'n:shop' || c, ?, c, 'Oldland' FROM unnest(?::int[]) c`,
      [city.id, ids],
    );
  });
  const slugsOf = async () => (await listCountryCategories(t.db, { country: 'Oldland' }, 1, 2)).map((l) => l.categorySlug);

  it('at the limit, among equal counts the lower ids make it: a category left out and renamed to sort first stays out', async () => {
    const [bakery, cafe] = await t.db('categories').whereIn('id', ids.slice(0, 2)).orderBy('id').pluck('slug');
    expect(await slugsOf()).toEqual([bakery, cafe].sort());
    await t.db('categories').where({ id: ids[2] }).update({ name: 'Apotheke', slug: 'apotheke' });
    expect(await slugsOf()).toEqual([bakery, cafe].sort());
  });

  it("the page's read names the categories of its links beside its answer, which keeps the API's shape", async () => {
    const read = await getCountryPage(t.db, 'oldland', 1, { cities: 1, countries: 2 });
    // Its one link in a city is the lowest id's, and its links in it the two lowest ids'.
    expect(read.categoryIds).toEqual(ids.slice(0, 2));
    const links = [...read.country!.cityCategories, ...read.country!.countryCategories];
    expect([links.length, links.some((l) => 'categoryId' in l)]).toEqual([3, false]);
  });
});
