import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { openLoader, type BatchCounts } from './load.js';
import type { BusinessInput } from '../../domain/business-columns.js';
import type { ImportMode } from '../../domain/types.js';
import { biz, countDrift } from './load.fixtures.js';
import { TSQUERY } from '../../db/queries/word-lookups.js';
import { tsqueries } from '../reads/tsqueries.js';
import { openHoursText, zoneOffsets } from '../../domain/open-hours.js';

const t = useTestDb();
beforeEach(async () => {
  await t.db.raw('TRUNCATE businesses, cities, categories, countries RESTART IDENTITY CASCADE');
});

async function load(rows: BusinessInput[], mode: ImportMode = 'upsert', batchSize = 1000): Promise<BatchCounts> {
  const loader = await openLoader(t.db, { mode });
  const sum = { imported: 0, updated: 0, skipped: 0 };
  try {
    for (let i = 0; i < rows.length; i += batchSize) {
      const c = await loader.load(rows.slice(i, i + batchSize));
      sum.imported += c.imported;
      sum.updated += c.updated;
      sum.skipped += c.skipped;
    }
  } finally {
    await loader.close();
  }
  return sum;
}

describe('the loader', () => {
  it('imports new rows, then skips them all when loaded again unchanged', async () => {
    const rows = [biz({ name: 'Ace Plumbing', placeId: 'ChIJaaaaaaa1' }), biz({ name: 'Bolt Electric', category: 'Electrician' })];
    expect(await load(rows)).toEqual({ imported: 2, updated: 0, skipped: 0 });
    const before = await t.db('businesses').select('id', 'updated_at').orderBy('id');
    expect(await load(rows)).toEqual({ imported: 0, updated: 0, skipped: 2 });
    expect(await t.db('businesses').select('id', 'updated_at').orderBy('id')).toEqual(before);
  });

  it('updates a changed row in upsert mode and leaves it alone in insert mode', async () => {
    await load([biz({ name: 'Ace Plumbing', placeId: 'P1', rating: 4 })]);
    expect(await load([biz({ name: 'Ace Plumbing', placeId: 'P1', rating: 3 })], 'insert')).toEqual({ imported: 0, updated: 0, skipped: 1 });
    expect(Number((await t.db('businesses').first('rating')).rating)).toBe(4);
    expect(await load([biz({ name: 'Ace Plumbing', placeId: 'P1', rating: 3 })], 'upsert')).toEqual({ imported: 0, updated: 1, skipped: 0 });
    expect(Number((await t.db('businesses').first('rating')).rating)).toBe(3);
  });

  it('treats duplicate identities inside one batch like rows imported one by one', async () => {
    const rows = [
      biz({ name: 'Ace', placeId: 'P1', rating: 1 }),
      biz({ name: 'Ace', placeId: 'P1', rating: 1 }), // identical: skipped
      biz({ name: 'Ace', placeId: 'P1', rating: 2 }), // different: updated
      biz({ name: 'Ace', placeId: 'P1', rating: 2 }), // identical to the previous: skipped
    ];
    expect(await load(rows)).toEqual({ imported: 1, updated: 1, skipped: 2 });
    expect(await t.db('businesses').count({ n: '*' })).toEqual([{ n: 1 }]);
    expect(Number((await t.db('businesses').first('rating')).rating)).toBe(2);
  });

  it('keeps the first of duplicate rows in insert mode', async () => {
    const rows = [biz({ name: 'Ace', placeId: 'P1', rating: 1 }), biz({ name: 'Ace', placeId: 'P1', rating: 2 })];
    expect(await load(rows, 'insert')).toEqual({ imported: 1, updated: 0, skipped: 1 });
    expect(Number((await t.db('businesses').first('rating')).rating)).toBe(1);
  });

  it('counts duplicates that span batches the same way', async () => {
    const rows = [biz({ name: 'Ace', placeId: 'P1', rating: 1 }), biz({ name: 'Ace', placeId: 'P1', rating: 2 }), biz({ name: 'Ace', placeId: 'P1', rating: 2 })];
    expect(await load(rows, 'upsert', 1)).toEqual({ imported: 1, updated: 1, skipped: 1 });
  });

  it('gives clashing slugs without a place id a suffix and keeps slugs across re-imports', async () => {
    const rows = [
      biz({ name: 'Şişli Çiçekçi', address: 'a' }),
      biz({ name: 'Sisli Cicekci', address: 'b' }),
      biz({ name: 'sisli cicekci!', address: 'c' }),
      biz({ name: 'Ace', placeId: 'ChIJabcdefgh' }),
      biz({ name: '***' }),
    ];
    await load(rows);
    const slugs = await t.db('businesses').orderBy('slug').pluck('slug');
    expect(slugs).toEqual(['ace-chijabc', 'business', 'sisli-cicekci', 'sisli-cicekci-2', 'sisli-cicekci-3']);
    // The earlier row of the file gets the plain slug.
    expect(await t.db('businesses').where({ address: 'a' }).first('slug')).toEqual({ slug: 'sisli-cicekci' });
    expect(await t.db('businesses').where({ address: 'c' }).first('slug')).toEqual({ slug: 'sisli-cicekci-3' });
    // Renaming in a later import changes the data, not the link.
    await load([biz({ name: 'Another Name', address: 'b', identityKey: rows[1].identityKey })]);
    expect(await t.db('businesses').where({ identity_key: rows[1].identityKey }).first('slug', 'name')).toEqual({ slug: 'sisli-cicekci-2', name: 'Another Name' });
    await load([biz({ name: 'Sisli Cicekci', address: 'd' })]);
    expect(await t.db('businesses').where({ address: 'd' }).first('slug')).toEqual({ slug: 'sisli-cicekci-4' });
  });

  it('creates categories, countries and cities once and keeps their counts right', async () => {
    await load([
      biz({ name: 'A', placeId: 'P1', city: 'Austin', category: 'Plumber' }),
      biz({ name: 'B', placeId: 'P2', city: 'austin', category: 'plumber' }),
      biz({ name: 'C', placeId: 'P3', city: 'İstanbul', state: null, country: 'Türkiye', category: 'Çiçekçi' }),
      biz({ name: 'D', placeId: 'P4', city: 'Austin', state: 'MN', category: 'Electrician' }),
    ]);
    const cities = await t.db('cities').orderBy('id').select('name', 'state', 'country', 'slug', 'business_count');
    expect(cities).toEqual([
      { name: 'Austin', state: 'TX', country: 'United States', slug: 'austin', business_count: 2 },
      { name: 'İstanbul', state: null, country: 'Türkiye', slug: 'istanbul', business_count: 1 },
      { name: 'Austin', state: 'MN', country: 'United States', slug: 'austin-mn', business_count: 1 },
    ]);
    expect(await t.db('categories').orderBy('id').select('name', 'slug', 'business_count')).toEqual([
      { name: 'Plumber', slug: 'plumber', business_count: 2 },
      { name: 'Çiçekçi', slug: 'cicekci', business_count: 1 },
      { name: 'Electrician', slug: 'electrician', business_count: 1 },
    ]);
    // Moving a business to another city moves its count.
    await load([biz({ name: 'D', placeId: 'P4', city: 'İstanbul', state: null, country: 'Türkiye', category: 'Electrician' })]);
    expect(await t.db('cities').orderBy('id').pluck('business_count')).toEqual([2, 2, 0]);
    expect(await t.db('countries').orderBy('id').select('name', 'business_count')).toEqual([
      { name: 'United States', business_count: 2 },
      { name: 'Türkiye', business_count: 2 },
    ]);
  });

  it('moves the kept counts exactly with every batch, repeats and moves across batches included (no recount)', async () => {
    const rows = [
      biz({ name: 'A', placeId: 'Q1', city: 'Austin', category: 'Plumber' }),
      biz({ name: 'B', placeId: 'Q2', city: 'Dallas', category: 'Plumber' }),
      biz({ name: 'A', placeId: 'Q1', city: 'Dallas', category: 'Roofer' }),
      biz({ name: 'C', placeId: 'Q3', city: 'Bursa', state: null, country: 'Türkiye', category: null }),
      biz({ name: 'B', placeId: 'Q2', city: 'Bursa', state: null, country: 'Türkiye', category: 'Roofer' }),
      biz({ name: 'E', city: 'Austin', category: 'Plumber' }),
    ];
    await load(rows, 'upsert', 2);
    await load([biz({ name: 'C', placeId: 'Q3', city: 'Austin', category: 'Plumber' })], 'upsert', 2);
    expect(await countDrift(t.db)).toBe(0);
    expect(await t.db('cities').where({ name: 'Austin' }).first('business_count')).toEqual({ business_count: 2 });
  });

  it("moves a city's count in place: its names' indexes and the vocabulary are left alone until its names change", async () => {
    await load([
      biz({
        name: 'Kafe', placeId: 'K1', city: 'İstanbul', state: null, country: 'Türkiye', countryCode: 'TR',
        cityPlace: { id: 745044, countryCode: 'TR', latitude: 41.01, longitude: 28.95 },
      }),
    ]);
    await t.db('search_words').where({ word: 'constantinople' }).del();
    await t.db.transaction(async (trx) => {
      // HOT: each new version of the row stays on its page and no index gets an entry for it.
      const hot = async () => (await trx.raw(`SELECT pg_stat_get_xact_tuples_hot_updated('cities'::regclass)::int AS n`)).rows[0].n;
      const before = await hot();
      await trx('cities').where({ name: 'İstanbul' }).increment('business_count', 1);
      await trx('cities').where({ name: 'İstanbul' }).decrement('business_count', 1);
      expect((await hot()) - before).toBe(2);
    });
    expect(await t.db('search_words').where({ word: 'constantinople' }).first()).toBeUndefined();
    await t.db('cities').where({ name: 'İstanbul' }).update({ alt_names: t.db.raw(`alt_names || 'kostantiniyye|'`) });
    expect(await t.db('search_words').whereIn('word', ['constantinople', 'kostantiniyye']).orderBy('word').pluck('word')).toEqual(['constantinople', 'kostantiniyye']);
    const [found] = await tsqueries(t.db, ["'kostantiniyye'"]);
    expect(await t.db('businesses').whereRaw(`search_vector @@ ${TSQUERY}`, [found]).pluck('name')).toEqual(['Kafe']);
    expect(await countDrift(t.db)).toBe(0);
  });

  it('stores text with tabs, newlines, backslashes and quotes exactly', async () => {
    const about = 'line 1\nline\t2 \\ back "quoted" {braces} \r end';
    await load([biz({ name: 'Tricky', placeId: 'P9', about, services: ['a,b', 'say "hi"', 'back\\slash'], businessHours: { monday: { open: '9', close: '5' } } })]);
    const row = await t.db('businesses').first('about', 'services', 'business_hours');
    expect(row).toEqual({ about, services: ['a,b', 'say "hi"', 'back\\slash'], business_hours: { monday: { open: '9', close: '5' } } });
  });

  it('bulk-loads an empty table without its secondary indexes and rebuilds them', async () => {
    const indexes = () => t.db('pg_indexes').where({ tablename: 'businesses' }).orderBy('indexname').pluck('indexname');
    const before = await indexes();
    const loader = await openLoader(t.db, { mode: 'upsert' });
    expect(loader.bulk).toBe(true);
    await loader.load([biz({ name: 'A', placeId: 'P1' })]);
    await loader.close();
    // Every index of the schema is back (the loader reads them from the schema, not from a list).
    expect(await indexes()).toEqual(before);
    expect(before).toEqual(expect.arrayContaining(['businesses_search_idx', 'businesses_featured_idx']));
    const second = await openLoader(t.db, { mode: 'upsert' });
    expect(second.bulk).toBe(false);
    await second.close();
  });

  it("leaves a bulk load's table all-visible, so a list's index-only walk reads no row of it", async () => {
    // Autovacuum kept away, as it is from a table just loaded until its next round.
    await t.db.raw('ALTER TABLE businesses SET (autovacuum_enabled = off)');
    try {
      const loader = await openLoader(t.db, { mode: 'upsert' });
      expect(loader.bulk).toBe(true);
      await loader.load(Array.from({ length: 1500 }, (_, i) => biz({ name: `Shop ${i}`, placeId: `P${i}` })));
      await loader.close();
      const { rows } = await t.db.raw(`SELECT relpages, relallvisible FROM pg_class WHERE relname = 'businesses'`);
      expect(rows[0].relpages).toBeGreaterThan(20);
      expect(rows[0].relallvisible).toBe(rows[0].relpages);
      const city = (await t.db('cities').first('id')).id as number;
      const { rows: plan } = await t.db.raw(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT b.id FROM businesses b WHERE b.is_active AND b.city_id = ? ORDER BY b.rating DESC, b.review_count DESC, b.id`,
        [city],
      );
      const lines = (plan as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
      expect(lines).toMatch(/Index Only Scan/);
      expect(lines).toMatch(/Heap Fetches: 0\b/);
    } finally {
      await t.db.raw('ALTER TABLE businesses RESET (autovacuum_enabled)');
    }
  });

  it('writes by the bulk load\'s lane exactly what the merge writes, search documents and words, defaults, counts and clashes included', async () => {
    const rows = [
      biz({ name: 'Lane A', placeId: 'L1', rating: null as unknown as number, reviewCount: null as unknown as number, services: null as unknown as string[], businessHours: null as unknown as Record<string, never>, about: 'tab\there \\ back' }),
      biz({ name: 'Lane B', address: 'x', city: 'Dallas', category: 'Roofer', country: 'United States' }),
      biz({ name: 'Lane B', address: 'y' }), // the same slug as the row before: the usual way, suffixed
      biz({ name: 'Lane C', placeId: 'L3', city: null, category: null, country: null }),
      biz({ name: 'Lane A', placeId: 'L1', rating: 3 }), // a repeat, in a later batch: updates
      // The lane's search documents: a gazetteer city's alternate names, accents, Turkish letters...
      biz({
        name: 'Lane Çınar Kafe', placeId: 'L4', address: 'Moda Cd. 5, Kadıköy, 34710 İstanbul', city: 'İstanbul', state: null, country: 'Türkiye', countryCode: 'TR',
        cityPlace: { id: 745044, countryCode: 'TR', latitude: 41.01, longitude: 28.95 }, district: 'Kadıköy', postalCode: '34710', services: ['Çay', 'kahve'],
        about: 'Boğaz <b>manzaralı</b> & co', description: 'İyi-günler x-y-z', category: 'Kafe',
      }),
      // ...and a city whose names hold a '<' (the parser's tags may span a space).
      biz({ name: 'Lane E', placeId: 'L5', city: 'Odd <city', state: 'a>b', district: 'd>', postalCode: '99', country: 'United States' }),
    ];
    const stored = async () =>
      (await t.db('businesses').orderBy('identity_key').select('*')).map(({ id: _i, created_at: _c, updated_at: _u, created_import_id: _m, ...rest }) => rest);
    const usual = async () => {
      const loader = await openLoader(t.db, { mode: 'upsert', bulk: false });
      const sum = { imported: 0, updated: 0, skipped: 0 };
      try {
        for (let i = 0; i < rows.length; i += 2) {
          const c = await loader.load(rows.slice(i, i + 2));
          for (const k of ['imported', 'updated', 'skipped'] as const) sum[k] += c[k];
        }
      } finally {
        await loader.close();
      }
      return sum;
    };
    const byMerge = await usual();
    const merged = await stored();
    await t.db.raw('TRUNCATE businesses, cities, categories, countries, search_words RESTART IDENTITY CASCADE');
    expect(await load(rows, 'upsert', 2)).toEqual(byMerge);
    expect(await stored()).toEqual(merged);
    // The lane's search documents are the row trigger's (it recomputes them on this update)...
    const documents = () => t.db('businesses').orderBy('id').pluck('search_vector');
    const laned = await documents();
    await t.db.raw('UPDATE businesses SET name = name');
    expect(await documents()).toEqual(laned);
    // ...which name the city by its lexeme, not by its alternate names, and are found by them...
    expect(laned.join('\n')).toMatch(/'city:\d+':\d+C/);
    expect(laned.join('\n')).not.toContain("'constantinople':");
    const { rows: found } = await t.db.raw(`SELECT name FROM businesses WHERE search_vector @@ ${TSQUERY}`, await tsqueries(t.db, ["'constantinople':C"]));
    expect(found).toEqual([{ name: 'Lane Çınar Kafe' }]);
    // ...and its search words those of the documents and of the cities' names.
    const { rows: expected } = await t.db.raw(`SELECT w FROM businesses, unnest(tsvector_to_array(search_vector)) w WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]'
                                               UNION SELECT w FROM cities, unnest(tsvector_to_array(rehber_city_names(name, alt_names))) w WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]'
                                               ORDER BY w`);
    expect(await t.db('search_words').orderBy('word').pluck('word')).toEqual(expected.map((r: { w: string }) => r.w));
    expect(await countDrift(t.db)).toBe(0);
  });

  it("gives the lane's rows the offsets of their city's zone as changed during the import, not those read at its start", async () => {
    const loader = await openLoader(t.db, { mode: 'upsert' });
    expect(loader.bulk).toBe(true);
    const hours = { saturday: { open: '22:00', close: '23:00' } };
    try {
      await loader.load([biz({ name: 'Before', placeId: 'Z1', businessHours: hours })]);
      // Written behind the loader's back: Austin's new zone.
      await t.db('cities').where({ name: 'Austin' }).update({ time_zone: 'Asia/Tokyo' });
      expect(await loader.load([biz({ name: 'After', placeId: 'Z2', businessHours: hours })])).toEqual({ imported: 1, updated: 0, skipped: 0 });
    } finally {
      await loader.close();
    }
    const { rows } = await t.db.raw(`SELECT b.name, b.open_week::text AS week, b.open_hours::text AS hours FROM businesses b ORDER BY b.name`);
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['After', 'Before']);
    for (const r of rows as { name: string; week: string; hours: string }[]) expect(r.hours, r.name).toBe(openHoursText(r.week, zoneOffsets('Asia/Tokyo')));
  });

  it('sends the lane\'s rows the usual way when another import took one of their slugs meanwhile', async () => {
    const loader = await openLoader(t.db, { mode: 'upsert' });
    expect(loader.bulk).toBe(true);
    try {
      await loader.load([biz({ name: 'First', placeId: 'F1' })]);
      // Written behind the lane's back: the slug the next row asks for.
      await t.db('businesses').insert({ name: 'Other', slug: 'clash-chijcla', address: 'z', identity_key: 'n:other', content_hash: 'x' });
      expect(await loader.load([biz({ name: 'Clash', placeId: 'ChIJclash' }), biz({ name: 'Fine', placeId: 'F2' })])).toEqual({ imported: 2, updated: 0, skipped: 0 });
    } finally {
      await loader.close();
    }
    expect(await t.db('businesses').where({ place_id: 'ChIJclash' }).first('slug')).toEqual({ slug: 'clash-chijcla-2' });
    expect(await t.db('businesses').count({ n: '*' })).toEqual([{ n: 4 }]);
  });
});
