import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test-db.js';
import { businessesById, listFacetsAndPage, listPage, readWhole, SPARSE_LIST_MATCHES, WALK_SHARE } from './search.js';
import { PUBLIC_PAGE_SIZE } from '../../domain/constants.js';

/**
 * A list's plain first view reads its page's rows in its counts' statement, and a later view with
 * its page's ids: they must be the rows businessesById reads, value for value (numbers, dates,
 * arrays, JSON). A list few businesses match is read whole and sorted: the same rows in the same
 * order as the walk.
 */
let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
  await t.db.raw(`INSERT INTO cities (name, slug, country, time_zone) VALUES ('Izmir', 'izmir', 'Türkiye', 'Europe/Istanbul'), ('Bursa', 'bursa', 'Türkiye', NULL)`);
  await t.db.raw(`INSERT INTO categories (name, slug) VALUES ('Bakery', 'bakery'), ('Cafe', 'cafe')`);
  await t.db.raw(
    `INSERT INTO businesses (name, slug, address, identity_key, city_id, category_id, rating, review_count, phone, country_code, images,
                            business_hours, services, latitude, longitude, district, is_verified, website, email)
     SELECT 'Shop ' || i, 'shop-' || i, i || ' Road', 'n:shop' || i,
            (SELECT id FROM cities WHERE slug = CASE WHEN i % 3 = 0 THEN 'bursa' ELSE 'izmir' END),
            (SELECT id FROM categories WHERE slug = CASE WHEN i % 2 = 0 THEN 'cafe' ELSE 'bakery' END),
            (i % 50) / 10.0 + 0.05, i % 97, CASE WHEN i % 4 = 0 THEN NULL ELSE '0232 555 ' || lpad(i::text, 4, '0') END, 'TR',
            CASE WHEN i % 5 = 0 THEN ARRAY['https://example.com/' || i || '.jpg'] ELSE '{}'::text[] END,
            CASE WHEN i % 2 = 0 THEN '{"monday": [{"open": "09:00", "close": "18:00"}]}'::jsonb ELSE '{}'::jsonb END,
            CASE WHEN i % 3 = 0 THEN ARRAY['delivery', 'wifi'] ELSE '{}'::text[] END,
            38.4 + i / 1000.0, 27.1 + i / 1000.0, CASE WHEN i % 2 = 0 THEN 'Konak' END, i % 7 = 0, 'https://shop' || i || '.example', NULL
       FROM generate_series(1, 120) i`,
  );
}, 120_000);

afterAll(async () => {
  await t?.drop();
});

describe("a list's first view", () => {
  it("reads the page's rows with its counts as businessesById reads them, in the page's order", async () => {
    const [izmir, bakery] = await Promise.all([t.db('cities').where({ slug: 'izmir' }).first('id'), t.db('categories').where({ slug: 'bakery' }).first('id')]);
    for (const [fixed, f, sort, page, limit] of [
      [{ cityId: izmir.id }, { cityId: izmir.id }, 'relevance', 1, PUBLIC_PAGE_SIZE],
      [{ cityId: izmir.id, categoryId: bakery.id }, { cityId: izmir.id, categoryId: bakery.id }, 'relevance', 1, PUBLIC_PAGE_SIZE],
      [{ cityId: izmir.id, categoryId: bakery.id }, { cityId: izmir.id, categoryId: bakery.id, minRating: 2 }, 'name', 2, 10],
    ] as const) {
      const read = await listFacetsAndPage(t.db, fixed, f, sort, page, limit);
      const later = await listPage(t.db, fixed, f, sort, page, limit, read.total);
      expect(read.page!.ids.length).toBeGreaterThan(0);
      const byId = new Map((await businessesById(t.db, read.page!.ids)).rows.map((b) => [b.id, b]));
      expect(read.page!.rows).toEqual(read.page!.ids.map((id) => byId.get(id)));
      expect(later.rows).toEqual(read.page!.rows);
      expect(later.version).toBe(read.version);
    }
  });

  it('under a filter no listing index carries, walks a page once its counts are known; one few match is read whole and sorted, as the walk orders it', async () => {
    const [izmir, bakery] = await Promise.all([t.db('cities').where({ slug: 'izmir' }).first('id'), t.db('categories').where({ slug: 'bakery' }).first('id')]);
    for (const [fixed, f, sort, page] of [
      [{ cityId: izmir.id }, { cityId: izmir.id, verified: false }, 'relevance', 2],
      [{ categoryId: bakery.id }, { categoryId: bakery.id, hasPhone: true }, 'reviews', 1],
      [{}, { hasPhone: false }, 'rating', 1],
      [{}, { verified: true, hasPhone: true }, 'name', 2],
    ] as const) {
      const read = await listFacetsAndPage(t.db, fixed, f, sort, page, 10);
      expect(read.page).toBeNull();
      expect(read.total).toBeLessThanOrEqual(SPARSE_LIST_MATCHES);
      const walked = await listPage(t.db, fixed, f, sort, page, 10);
      const sent: string[] = [];
      const heard = (q: { sql: string }) => void sent.push(q.sql);
      t.db.on('query', heard);
      const sparse = await listPage(t.db, fixed, f, sort, page, 10, read.total).finally(() => t.db.off('query', heard));
      expect(sent.some((q) => q.includes('enable_indexscan = off'))).toBe(true);
      expect(walked.rows.length).toBeGreaterThan(0);
      expect(sparse.rows).toEqual(walked.rows);
      expect(sparse.version).toBe(walked.version);
    }
  });

  it('reads a set whole when few pass, or when the wanted matches lie past a tenth of it; else walks it', () => {
    expect(readWhole(SPARSE_LIST_MATCHES, 24)).toBe(true);
    expect(readWhole(5_000, 24)).toBe(false);
    // Page 201 of 24: the walk would reach its matches near the end of the set.
    expect(readWhole(5_000, 201 * 24)).toBe(true);
    expect(readWhole(100_000, 10_000)).toBe(false);
    expect(readWhole(100_000 - 1, 10_000)).toBe(true);
    expect(WALK_SHARE).toBe(10);
  });

  it('reads no rows for a page past the last, and still its counts', async () => {
    const izmir = await t.db('cities').where({ slug: 'izmir' }).first('id');
    const read = await listFacetsAndPage(t.db, { cityId: izmir.id }, { cityId: izmir.id }, 'relevance', 50, 10);
    expect(read.page).toEqual({ ids: [], rows: [] });
    expect(read.total).toBe(80);
    expect((await listPage(t.db, { cityId: izmir.id }, { cityId: izmir.id }, 'relevance', 50, 10)).rows).toEqual([]);
    expect((await listPage(t.db, { cityId: izmir.id }, { cityId: izmir.id }, 'relevance', 50, 10, read.total)).rows).toEqual([]);
  });
});
