import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { down, up } from './20261209D-add-country-category-counts.js';

describe('migration 20261209D: the kept counts per category in a country', () => {
  const t = useTestDb();
  const counts = async () => (await t.db.raw('SELECT country, category_id, n FROM country_category_counts WHERE n <> 0 ORDER BY 1, 2')).rows as Array<{ country: string; n: number }>;

  it('counts the stored businesses when made, follows writes and a city moved to another country, and empties with the businesses', async () => {
    const cities = await t.db('cities').insert([{ name: 'Oldton', slug: 'oldton', country: 'Oldland' }, { name: 'Farton', slug: 'farton', country: 'Oldland' }]).returning('id');
    const kinds = await t.db('categories').insert([{ name: 'Bakery', slug: 'bakery' }, { name: 'Cafe', slug: 'cafe' }]).returning('id');
    // Nine businesses in each city: every third a bakery, the fourth hidden.
    await t.db.raw(
      `INSERT INTO businesses (name, slug, address, identity_key, city_id, category_id, is_active)
       SELECT 'Shop ' || c || '-' || i, 'shop-' || c || '-' || i, i || ' Road', 'n:shop' || c || '-' || i, c, CASE WHEN i % 3 = 0 THEN ?::int ELSE ?::int END, i <> 4
         FROM unnest(?::int[]) c, generate_series(1, 9) i`,
      [kinds[0].id, kinds[1].id, cities.map((c: { id: number }) => c.id)],
    );
    const made = [
      { country: 'Oldland', category_id: kinds[0].id, n: 6 },
      { country: 'Oldland', category_id: kinds[1].id, n: 10 },
    ];
    expect(await counts()).toEqual(made);
    // Made again from the kept counts per category in a city, as on a database that had businesses before it.
    await down(t.db);
    await up(t.db);
    expect(await counts()).toEqual(made);
    // A hide and a move of category, one statement each.
    await t.db('businesses').where({ slug: `shop-${cities[0].id}-3` }).update({ is_active: false });
    await t.db('businesses').where({ slug: `shop-${cities[0].id}-1` }).update({ category_id: kinds[0].id });
    expect((await counts()).map((r) => r.n)).toEqual([6, 9]);
    // One of its two cities moves to another country: its counts go with it.
    await t.db('cities').where({ id: cities[1].id }).update({ country: 'Newland' });
    expect(await counts()).toEqual([
      { country: 'Newland', category_id: kinds[0].id, n: 3 },
      { country: 'Newland', category_id: kinds[1].id, n: 5 },
      { country: 'Oldland', category_id: kinds[0].id, n: 3 },
      { country: 'Oldland', category_id: kinds[1].id, n: 4 },
    ]);
    await t.db.raw('TRUNCATE businesses CASCADE');
    expect(await counts()).toEqual([]);
  });
});
