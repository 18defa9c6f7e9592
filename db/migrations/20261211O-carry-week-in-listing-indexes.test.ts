import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { down, up } from './20261211O-carry-week-in-listing-indexes.js';

const listingDefinitions = async (t: ReturnType<typeof useTestDb>) =>
  Object.fromEntries(
    (
      (await t.db('pg_indexes').where('tablename', 'businesses').whereIn('indexname', ['businesses_city_listing_idx', 'businesses_category_listing_idx']).select('indexname', 'indexdef')) as {
        indexname: string;
        indexdef: string;
      }[]
    ).map((r) => [r.indexname, r.indexdef.replace(/^.* USING /, '')]),
  );

describe("migration 20261211O: the week carried in a city's and a category's listing index", () => {
  const t = useTestDb();

  it("carries the week (and a category its rows' city) beside the same keys", async () => {
    expect(await listingDefinitions(t)).toEqual({
      businesses_city_listing_idx: 'btree (city_id, rating DESC, review_count DESC, id) INCLUDE (open_week) WHERE is_active',
      businesses_category_listing_idx: 'btree (category_id, rating DESC, review_count DESC, id) INCLUDE (city_id, open_week) WHERE is_active',
    });
  });

  it('is undone by its down and done again by its up', async () => {
    const after = await listingDefinitions(t);
    await t.db.transaction((trx) => down(trx));
    expect(await listingDefinitions(t)).toEqual({
      businesses_city_listing_idx: 'btree (city_id, rating DESC, review_count DESC, id) WHERE is_active',
      businesses_category_listing_idx: 'btree (category_id, rating DESC, review_count DESC, id) WHERE is_active',
    });
    await t.db.transaction((trx) => up(trx));
    expect(await listingDefinitions(t)).toEqual(after);
  });
});
