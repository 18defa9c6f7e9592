import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { down, up } from './20261210N-index-city-centres-once.js';

const indexNames = async (t: ReturnType<typeof useTestDb>) =>
  (await t.db('pg_indexes').whereIn('tablename', ['businesses', 'cities']).pluck('indexname')).sort();

describe("migration 20261210N: the businesses at a city's centre indexed once a centre", () => {
  const t = useTestDb();

  it("replaces the two GiST indexes of them by the cities' centres and a btree by city and category", async () => {
    const names = await indexNames(t);
    expect(names).toEqual(expect.arrayContaining(['cities_centre_idx', 'businesses_approximate_city_idx']));
    expect(names).not.toContain('businesses_nearby_approximate_idx');
    expect(names).not.toContain('businesses_nearby_category_approximate_idx');
  });

  it('is undone by its down and done again by its up', async () => {
    const after = await indexNames(t);
    await t.db.transaction((trx) => down(trx));
    const before = await indexNames(t);
    expect(before).toEqual(expect.arrayContaining(['businesses_nearby_approximate_idx', 'businesses_nearby_category_approximate_idx']));
    expect(before).not.toContain('cities_centre_idx');
    await t.db.transaction((trx) => up(trx));
    expect(await indexNames(t)).toEqual(after);
  });
});
