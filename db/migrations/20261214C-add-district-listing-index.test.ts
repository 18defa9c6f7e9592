import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { down, up } from './20261214C-add-district-listing-index.js';

const indexNames = async (t: ReturnType<typeof useTestDb>) => (await t.db('pg_indexes').where('tablename', 'businesses').pluck('indexname')).sort();

describe("migration 20261214C: a district's active businesses indexed in the listing's order", () => {
  const t = useTestDb();

  it('adds a btree on (city, category, district, the listing order) of the businesses with a district', async () => {
    const { rows } = await t.db.raw(`SELECT indexdef FROM pg_indexes WHERE indexname = 'businesses_district_listing_idx'`);
    expect(rows[0]?.indexdef).toMatch(/\(city_id, category_id, district, rating DESC, review_count DESC, id\) INCLUDE \(open_week\) WHERE \(is_active AND \(district IS NOT NULL\)\)/);
  });

  it('is undone by its down and done again by its up', async () => {
    const after = await indexNames(t);
    await t.db.transaction((trx) => down(trx));
    expect(await indexNames(t)).not.toContain('businesses_district_listing_idx');
    await t.db.transaction((trx) => up(trx));
    expect(await indexNames(t)).toEqual(after);
  });
});
