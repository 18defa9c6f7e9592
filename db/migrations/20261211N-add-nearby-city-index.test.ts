import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { down, up } from './20261211N-add-nearby-city-index.js';

const indexNames = async (t: ReturnType<typeof useTestDb>) => (await t.db('pg_indexes').where('tablename', 'businesses').pluck('indexname')).sort();

describe("migration 20261211N: a city's businesses with a spot of their own indexed by (city, point)", () => {
  const t = useTestDb();

  it('adds a GiST index on the city and the point of the precise ones', async () => {
    const { rows } = await t.db.raw(`SELECT indexdef FROM pg_indexes WHERE indexname = 'businesses_nearby_city_idx'`);
    expect(rows[0]?.indexdef).toMatch(/USING gist \(city_id, rehber_earth_point\(latitude, longitude\)\) WHERE .*NOT coordinates_approximate/);
  });

  it('is undone by its down and done again by its up', async () => {
    const after = await indexNames(t);
    await t.db.transaction((trx) => down(trx));
    expect(await indexNames(t)).not.toContain('businesses_nearby_city_idx');
    await t.db.transaction((trx) => up(trx));
    expect(await indexNames(t)).toEqual(after);
  });
});
