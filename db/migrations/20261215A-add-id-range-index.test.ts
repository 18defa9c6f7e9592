import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { down, up } from './20261215A-add-id-range-index.js';

const indexNames = async (t: ReturnType<typeof useTestDb>) => (await t.db('pg_indexes').where('tablename', 'businesses').pluck('indexname')).sort();

describe("migration 20261215A: the businesses' ids indexed by block range", () => {
  const t = useTestDb();

  it('adds a BRIN index of the id', async () => {
    const { rows } = await t.db.raw(`SELECT indexdef FROM pg_indexes WHERE indexname = 'businesses_id_range_idx'`);
    expect(rows[0]?.indexdef).toMatch(/ON public\.businesses USING brin \(id\)$/);
  });

  it('is undone by its down and done again by its up', async () => {
    const after = await indexNames(t);
    await t.db.transaction((trx) => down(trx));
    expect(await indexNames(t)).not.toContain('businesses_id_range_idx');
    await t.db.transaction((trx) => up(trx));
    expect(await indexNames(t)).toEqual(after);
  });
});
