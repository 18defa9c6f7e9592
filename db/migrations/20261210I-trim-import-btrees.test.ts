import { describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { down, up } from './20261210I-trim-import-btrees.js';

const plan = async (trx: Knex.Transaction, sql: string, bindings: Knex.RawBinding[] = []) =>
  ((await trx.raw(`EXPLAIN ${sql}`, bindings)).rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');

const indexDefinitions = async (db: Knex) =>
  Object.fromEntries(((await db('pg_indexes').where({ tablename: 'businesses' }).select('indexname', 'indexdef')) as { indexname: string; indexdef: string }[]).map((r) => [r.indexname, r.indexdef]));

/** The plan of `sql` with sequential and bitmap scans off: which index, if any, can answer it. */
const indexPlan = (db: Knex, sql: string, bindings: Knex.RawBinding[] = []) =>
  db.transaction(async (trx) => {
    await trx.raw('SET LOCAL enable_seqscan = off');
    await trx.raw('SET LOCAL enable_bitmapscan = off');
    return plan(trx, sql, bindings);
  });

describe('migration 20261210I: two btrees fewer for an import, the reads served as before', () => {
  const t = useTestDb();

  it('keeps one slug index, unique and in text_pattern_ops, and the city and category btrees by their id alone', async () => {
    const indexes = await indexDefinitions(t.db);
    expect(indexes).not.toHaveProperty('businesses_slug_pattern_idx');
    expect(indexes.businesses_slug_unique).toMatch(/CREATE UNIQUE INDEX businesses_slug_unique ON public\.businesses USING btree \(slug text_pattern_ops\)$/);
    expect(indexes.businesses_city_idx).toMatch(/USING btree \(city_id\)$/);
    expect(indexes.businesses_category_idx).toMatch(/USING btree \(category_id\)$/);
  });

  it('finds a business by its slug and by a slug prefix through the one unique index', async () => {
    await t.db('businesses').insert({ name: 'Sisli Cicekci', slug: 'sisli-cicekci-chij1', address: '1 Road', identity_key: 'n:sisli' });
    const unique = /Index (Only )?Scan using businesses_slug_unique /;
    expect(await indexPlan(t.db, 'SELECT b.id FROM businesses b WHERE b.is_active AND b.slug = ?', ['sisli-cicekci-chij1'])).toMatch(unique);
    const prefix = await indexPlan(t.db, 'SELECT b.id FROM businesses b WHERE b.is_active AND b.slug LIKE ? LIMIT 2', ['sisli-cicekci-%']);
    expect(prefix).toMatch(unique);
    expect(prefix).toMatch(/Index Cond: \(\(slug ~>=~ 'sisli-cicekci-'::text\) AND \(slug ~<~ 'sisli-cicekci\.'::text\)\)/);
    expect((await t.db.raw('SELECT slug FROM businesses WHERE slug LIKE ?', ['sisli-cicekci-%'])).rows).toEqual([{ slug: 'sisli-cicekci-chij1' }]);
  });

  it('refuses a second business with a slug under the name the key had, and ON CONFLICT (slug) still finds the key', async () => {
    await t.db('businesses').insert({ name: 'Kebap', slug: 'kebap', address: '1 Road', identity_key: 'n:kebap1' });
    const clash = await t.db('businesses').insert({ name: 'Kebap', slug: 'kebap', address: '2 Road', identity_key: 'n:kebap2' }).catch((err: unknown) => err);
    expect(clash).toMatchObject({ code: '23505', constraint: 'businesses_slug_unique' });
    const skipped = await t.db.raw(`INSERT INTO businesses (name, slug, address, identity_key) VALUES ('Kebap', 'kebap', '3 Road', 'n:kebap3') ON CONFLICT (slug) DO NOTHING RETURNING id`);
    expect(skipped.rows).toEqual([]);
  });

  it('reads a city and a category by id through their btrees, and cleans up unused cities by probing the city one', async () => {
    const [city] = await t.db('cities').insert({ name: 'Ankara', slug: 'ankara', country: 'Türkiye' }).returning('id');
    const [category] = await t.db('categories').insert({ name: 'Cafe', slug: 'cafe' }).returning('id');
    await t.db.raw(
      `INSERT INTO businesses (name, slug, address, identity_key, city_id, category_id, is_active)
       SELECT 'Shop ' || i, 'shop-' || i, i || ' Road', 'n:shop' || i, ?, ?, i % 10 <> 0 FROM generate_series(1, 300) i`,
      [city.id, category.id],
    );
    await t.db.raw('ANALYZE businesses');
    // The admin's filters: every business of the city or category, hidden ones too.
    expect(await indexPlan(t.db, 'SELECT b.id FROM businesses b WHERE b.city_id = ?', [city.id])).toMatch(/Index (Only )?Scan using businesses_city_idx /);
    expect(await indexPlan(t.db, 'SELECT b.id FROM businesses b WHERE b.category_id = ?', [category.id])).toMatch(/Index (Only )?Scan using businesses_category_idx /);
    // The cleanup of cities no business names (and the foreign key's SET NULL) probe it by id.
    expect(await indexPlan(t.db, 'SELECT c.id FROM cities c WHERE NOT EXISTS (SELECT 1 FROM businesses b WHERE b.city_id = c.id)')).toMatch(
      /Index Only Scan using businesses_city_idx /,
    );
  });

  it('is undone by its down and done again by its up', async () => {
    const after = await indexDefinitions(t.db);
    await t.db.transaction(async (trx) => {
      await down(trx);
      const before = await indexDefinitions(trx);
      expect(before).toHaveProperty('businesses_slug_pattern_idx');
      expect(before.businesses_city_idx).toMatch(/\(city_id, rating DESC\)$/);
      expect(await trx('pg_constraint').where({ conname: 'businesses_slug_unique', contype: 'u' }).first('oid')).toBeDefined();
      await up(trx);
    });
    expect(await indexDefinitions(t.db)).toEqual(after);
  });
});
