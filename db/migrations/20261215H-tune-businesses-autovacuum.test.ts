import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { down, up } from './20261215H-tune-businesses-autovacuum.js';

const options = async (t: ReturnType<typeof useTestDb>): Promise<string[]> =>
  ((await t.db.raw(`SELECT coalesce(reloptions, '{}') AS o FROM pg_class WHERE relname = 'businesses' AND relkind = 'r'`)).rows[0].o as string[]).sort();

describe('migration 20261215H: autovacuum comes for businesses after 2% of its rows changed', () => {
  const t = useTestDb();

  it('sets the table its own thresholds, and takes them back down', async () => {
    expect(await options(t)).toEqual(['autovacuum_vacuum_insert_scale_factor=0.02', 'autovacuum_vacuum_scale_factor=0.02']);
    await down(t.db);
    expect(await options(t)).toEqual([]);
    await up(t.db);
    expect(await options(t)).toEqual(['autovacuum_vacuum_insert_scale_factor=0.02', 'autovacuum_vacuum_scale_factor=0.02']);
  });
});
