import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { down, up } from './20261208G-add-city-category-counts.js';

describe('migration 20261208G: the kept counts per category in a city', () => {
  const t = useTestDb();
  const counts = async () =>
    (await t.db.raw('SELECT city_id, category_id, country, n FROM city_category_counts WHERE n <> 0 ORDER BY 1, 2')).rows as Array<{ country: string; n: number }>;

  it('counts the stored businesses when made, follows a city moved to another country, and empties with the businesses', async () => {
    const [city] = await t.db('cities').insert({ name: 'Moveton', slug: 'moveton', country: 'Oldland' }).returning('id');
    const kinds = await t.db('categories').insert([{ name: 'Bakery', slug: 'bakery' }, { name: 'Cafe', slug: 'cafe' }]).returning('id');
    await t.db.raw(
      `INSERT INTO businesses (name, slug, address, identity_key, city_id, category_id, is_active)
       SELECT 'Shop ' || i, 'shop-' || i, i || ' Road', 'n:shop' || i, ?, CASE WHEN i % 3 = 0 THEN ?::int ELSE ?::int END, i <> 4 FROM generate_series(1, 9) i`,
      [city.id, kinds[0].id, kinds[1].id],
    );
    const kept = await counts();
    expect(kept.map((r) => [r.country, r.n])).toEqual([
      ['Oldland', 3],
      ['Oldland', 5],
    ]);
    // Made again from the facet counts, as on a database that had businesses before it.
    await down(t.db);
    await up(t.db);
    expect(await counts()).toEqual(kept);
    await t.db('cities').where({ id: city.id }).update({ country: 'Newland' });
    expect((await counts()).map((r) => r.country)).toEqual(['Newland', 'Newland']);
    await t.db.raw('TRUNCATE businesses CASCADE');
    expect(await counts()).toEqual([]);
  });
});
