import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { down, up } from './20261216P-add-category-plural-name.js';

const columns = async (t: ReturnType<typeof useTestDb>): Promise<string[]> =>
  (await t.db('information_schema.columns').where({ table_schema: t.db.raw('current_schema()'), table_name: 'categories' }).pluck('column_name')) as string[];

describe("migration 20261216P: a category's plural", () => {
  const t = useTestDb();

  it('adds a nullable plural_name to categories, dropped by its down and added again by its up', async () => {
    expect(await columns(t)).toContain('plural_name');
    await t.db('categories').insert({ name: 'Plumber', slug: 'plumber' });
    expect((await t.db('categories').where({ slug: 'plumber' }).first('plural_name')).plural_name).toBeNull();
    await down(t.db);
    expect(await columns(t)).not.toContain('plural_name');
    await up(t.db);
    expect(await columns(t)).toContain('plural_name');
  });
});
