import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { publicReads } from './public-reads.js';
import { newMemos, newReadTrace } from './search-memo.js';

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

  it('is read in one snapshot: a write committed while it is read is in all of it or in none of it', async () => {
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
    // read of them waits for it, and whatever of the page was read before it must not be mixed
    // with what is read after.
    const writer = await t.db.transaction();
    let during: Promise<unknown> | undefined;
    try {
      await writer.raw('LOCK TABLE country_category_counts IN ACCESS EXCLUSIVE MODE');
      await writer.raw(
        `INSERT INTO businesses (name, slug, address, identity_key, city_id, category_id, country)
         SELECT 'Cafe ' || i, 'cafe-' || i, i || ' Road', 'n:cafe' || i, ?, ?, 'Oldland' FROM generate_series(1, 4) i`,
        [city.id, cafe.id],
      );
      during = publicReads(t.db).country('oldland');
      await waiting('country_category_counts');
      await writer.commit();
    } finally {
      if (!writer.isCompleted()) await writer.rollback();
    }
    const after = await publicReads(t.db).country('oldland');
    expect(after!.countryCategories.map((l) => [l.categorySlug, l.count])).toEqual([
      ['bakery', 4],
      ['cafe', 4],
    ]);
    expect(after).not.toEqual(before);
    // Its cities' counts, its links and its categories in it of one version, whichever.
    expect([before, after]).toContainEqual(await during);
  });

  it('is read in one statement, which reports the data version it saw', async () => {
    await t.db('countries').insert([{ name: 'Newland', slug: 'newland' }, { name: 'Otherland', slug: 'otherland' }]);
    const [city, other] = await t.db('cities').insert([{ name: 'Newton', slug: 'newton', country: 'Newland' }, { name: 'Otherton', slug: 'otherton', country: 'Otherland' }]).returning('id');
    const [kind] = await t.db('categories').insert([{ name: 'Deli', slug: 'deli' }]).returning('id');
    // Delis in another country too: none of its links is this country's page's.
    for (const [at, country, from] of [[city.id, 'Newland', 1], [other.id, 'Otherland', 11]] as const) {
      await t.db.raw(
        `INSERT INTO businesses (name, slug, address, identity_key, city_id, category_id, country)
         SELECT 'Deli ' || i, 'deli-' || i, i || ' Road', 'n:deli' || i, ?, ?, ? FROM generate_series(?::int, ?::int) i`,
        [at, kind.id, country, from, from + 3],
      );
    }
    const sent: string[] = [];
    const heard = (q: { sql: string }) => void sent.push(q.sql);
    const trace = newReadTrace();
    t.db.on('query', heard);
    try {
      const memos = newMemos();
      const page = await publicReads(t.db, async () => ({ ...memos, version: '1', trace })).country('newland');
      expect(page!.cityCategories.map((l) => [l.citySlug, l.categorySlug, l.count])).toEqual([['newton', 'deli', 4]]);
      expect(page!.countryCategories.map((l) => [l.countrySlug, l.categorySlug, l.count])).toEqual([['newland', 'deli', 4]]);
    } finally {
      t.db.removeListener('query', heard);
    }
    expect(sent).toHaveLength(1);
    const { version } = (await t.db('data_version').where({ id: 1 }).first('version')) as { version: string };
    expect(trace.seen).toEqual([String(version)]);
  });
});
