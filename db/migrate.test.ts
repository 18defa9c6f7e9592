import { describe, expect, it } from 'vitest';
import { useTestDb } from '../scripts/test-hooks.fixtures.js';

describe('the migrated schema', () => {
  const t = useTestDb();

  it('has every table the product stands on', async () => {
    const { rows } = await t.db.raw(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
    const names = rows.map((r: { tablename: string }) => r.tablename);
    for (const table of ['users', 'categories', 'cities', 'countries', 'businesses', 'sessions', 'imports', 'sitemap_files']) {
      expect(names).toContain(table);
    }
  });

  it('keeps the rating at precision 3, scale 2 and refuses a duplicate slug', async () => {
    await t.db('businesses').insert({ name: 'A', slug: 'a', address: 'x', rating: 4.567, identity_key: 'n:a|x' });
    const row = await t.db('businesses').where({ slug: 'a' }).first();
    expect(row.rating).toBe(4.57);
    await expect(t.db('businesses').insert({ name: 'B', slug: 'a', address: 'y', identity_key: 'n:b|y' })).rejects.toThrow(/duplicate key/);
  });

  it('finds a business by a word of its services through the full-text vector', async () => {
    await t.db('businesses').insert({ name: 'Usta Tesisat', slug: 'usta', address: 'z', services: ['plumbing', 'heating'], identity_key: 'n:usta|z' });
    const { rows } = await t.db.raw(`SELECT slug FROM businesses WHERE search_vector @@ plainto_tsquery('simple', 'heating')`);
    expect(rows.map((r: { slug: string }) => r.slug)).toEqual(['usta']);
  });
});
