import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { down, up } from './20261214N-cover-nearby-index.js';

const definition = async (t: ReturnType<typeof useTestDb>) =>
  (await t.db.raw(`SELECT indexdef FROM pg_indexes WHERE indexname = 'businesses_nearby_idx'`)).rows[0]?.indexdef as string | undefined;

describe("migration 20261214N: the precise points' index carries the walk's columns", () => {
  const t = useTestDb();

  it('rebuilds the GiST index of the precise points with the columns of a candidate included', async () => {
    expect(await definition(t)).toMatch(
      /USING gist \(rehber_earth_point\(latitude, longitude\)\) INCLUDE \(id, name, rating, review_count, city_id, category_id, district, is_verified, phone, coordinates_approximate, latitude, longitude\) WHERE .*NOT coordinates_approximate/,
    );
  });

  it('is undone by its down (the index without them) and done again by its up', async () => {
    const after = await definition(t);
    await t.db.transaction((trx) => down(trx));
    expect(await definition(t)).toMatch(/USING gist \(rehber_earth_point\(latitude, longitude\)\) WHERE /);
    expect(await definition(t)).not.toMatch(/INCLUDE/);
    await t.db.transaction((trx) => up(trx));
    expect(await definition(t)).toBe(after);
  });
});
