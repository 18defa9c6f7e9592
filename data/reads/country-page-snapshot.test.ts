import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { publicReads } from './public-reads.js';

describe("a country's page", () => {
  const t = useTestDb();

  /** Resolves once a statement waits for a lock on `table`. */
  async function waiting(table: string): Promise<void> {
    for (let i = 0; i < 500; i++) {
      const { rows } = await t.db.raw('SELECT count(*)::int AS n FROM pg_locks WHERE relation = ?::regclass AND NOT granted', [table]);
      if (rows[0].n > 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no statement waited for ${table}`);
  }

  it('is read in one snapshot: a write committed between its statements is in none of it', async () => {
    await t.db('countries').insert({ name: 'Oldland', slug: 'oldland' });
    const [city] = await t.db('cities').insert({ name: 'Oldton', slug: 'oldton', country: 'Oldland' }).returning('id');
    const [bakery, cafe] = await t.db('categories').insert([{ name: 'Bakery', slug: 'bakery' }, { name: 'Cafe', slug: 'cafe' }]).returning('id');
    const shops = (category: number, from: number) =>
      t.db.raw(
        `INSERT INTO businesses (name, slug, address, identity_key, city_id, category_id, country)
         SELECT 'Shop ' || i, 'shop-' || i, i || ' Road', 'n:shop' || i, ?, ?, 'Oldland' FROM generate_series(?::int, ?::int) i`,
        [city.id, category, from, from + 3],
      );
    await shops(bakery.id, 1);
    const before = await publicReads(t.db).country('oldland');
    expect(before!.countryCategories.map((l) => l.categorySlug)).toEqual(['bakery']);

    // A write that holds the kept counts per category in a country until it commits: the page's
    // read of them, its last statement, waits for it, and the others have run before it.
    const writer = await t.db.transaction();
    try {
      await writer.raw('LOCK TABLE country_category_counts IN ACCESS EXCLUSIVE MODE');
      await writer.raw(
        `INSERT INTO businesses (name, slug, address, identity_key, city_id, category_id, country)
         SELECT 'Cafe ' || i, 'cafe-' || i, i || ' Road', 'n:cafe' || i, ?, ?, 'Oldland' FROM generate_series(1, 4) i`,
        [city.id, cafe.id],
      );
      const during = publicReads(t.db).country('oldland');
      await waiting('country_category_counts');
      await writer.commit();
      // All of it as before the write: its cities' counts, its links and its categories in it of one version.
      expect(await during).toEqual(before);
    } finally {
      if (!writer.isCompleted()) await writer.rollback();
    }
    const after = await publicReads(t.db).country('oldland');
    expect(after!.countryCategories.map((l) => [l.categorySlug, l.count])).toEqual([
      ['bakery', 4],
      ['cafe', 4],
    ]);
    expect(after).not.toEqual(before);
  });
});
