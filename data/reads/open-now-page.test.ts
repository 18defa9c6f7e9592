import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, statementsSent, type TestDb } from '../../db/test-db.js';
import { insertSpreadDirectory } from './plan.fixtures.js';
import type { ListPage } from '../../domain/search.js';
import { listBusinessesIn } from './search.js';
import { deepestPage } from '../../db/queries/paging.js';

const capped = (page: ListPage) => (page as ListPage & { totalCapped?: boolean }).totalCapped;

/**
 * A city's and a category's open-now page: its businesses open at the minute, in the list's order,
 * counted up to ten pages past the page (`totalCapped` beyond), read with the page in one statement.
 */
let t: TestDb;
let cityId: number;
let categoryId: number;

// Saturday 28 November 2026, 12:00 UTC: 15:00 in Istanbul, when only the round-the-clock week is open.
const SATURDAY = new Date('2026-11-28T12:00:30Z');
// Monday 30 November 2026, 06:30 UTC: 09:30 in Istanbul, when the weekday week is open too.
const MONDAY = new Date('2026-11-30T06:30:00Z');

beforeAll(async () => {
  t = await createTestDb();
  await insertSpreadDirectory(t.db);
  await t.db.raw(`UPDATE cities SET time_zone = 'Europe/Istanbul'`);
  // Round the clock, weekdays 09:00-18:00, or never (no hours).
  await t.db.raw(`UPDATE businesses SET open_week = CASE WHEN id % 3 = 0 THEN '{[0,10080)}'
                    WHEN id % 3 = 1 THEN '{[540,1080),[1980,2520),[3420,3960),[4860,5400),[6300,6840)}' END::int4multirange`);
  cityId = (await t.db('cities').where({ slug: 'city-3' }).first('id')).id;
  categoryId = (await t.db('categories').where({ slug: 'kind-3' }).first('id')).id;
}, 120_000);

afterAll(async () => {
  await t?.drop();
});

/** The open ones of a list at `weekdays`' minute (weekday hours open or not), in the list's order, worked out here. */
async function openInOrder(column: 'city_id' | 'category_id', id: number, weekdays: boolean): Promise<number[]> {
  const rows = (await t.db('businesses').where({ [column]: id, is_active: true }).orderBy([{ column: 'rating', order: 'desc' }, { column: 'review_count', order: 'desc' }, 'id']).select('id')) as { id: string }[];
  return rows.map((r) => Number(r.id)).filter((n) => n % 3 === 0 || (weekdays && n % 3 === 1));
}

describe("an open-now list's page and total", () => {
  for (const [kind, column] of [
    ['city', 'city_id'],
    ['category', 'category_id'],
  ] as const) {
    it(`of a ${kind}: its open ones in order, exact below the cap, the cap with totalCapped above it, a page past the end empty`, async () => {
      const id = kind === 'city' ? cityId : categoryId;
      const fixed = kind === 'city' ? { cityId: id } : { categoryId: id };
      for (const [now, weekdays] of [
        [SATURDAY, false],
        [MONDAY, true],
      ] as const) {
        const open = await openInOrder(column, id, weekdays);
        expect(open.length).toBeGreaterThan(40);
        // A page of 20: every open one counted (the cap, 220, is past them all).
        const first = await listBusinessesIn(t.db, fixed, { page: 2, limit: 20 }, { openNow: true }, undefined, now);
        expect(first.items.map((b) => b.id)).toEqual(open.slice(20, 40));
        expect(first.pagination.total).toBe(open.length);
        expect(capped(first)).toBeUndefined();
        // Pages of 2: counted to ten pages past the page, 26 for page 3.
        const small = await listBusinessesIn(t.db, fixed, { page: 3, limit: 2 }, { openNow: true }, undefined, now);
        expect(small.items.map((b) => b.id)).toEqual(open.slice(4, 6));
        expect(small.pagination).toMatchObject({ total: 26, totalPages: 13 });
        expect(capped(small)).toBe(true);
        // A page past the end: no businesses, the whole count.
        const past = await listBusinessesIn(t.db, fixed, { page: 99, limit: 20 }, { openNow: true }, undefined, now);
        expect(past.items).toEqual([]);
        expect(past.pagination.total).toBe(open.length);
      }
    });
  }

  it("answers a page past the deepest with the first page's count and no business, walking no further than the first page's count", async () => {
    for (const page of [deepestPage(20) + 1, Number.MAX_SAFE_INTEGER]) {
      let deep!: ListPage;
      const sent = await statementsSent(t.db, async () => (deep = await listBusinessesIn(t.db, { cityId }, { page, limit: 20 }, { openNow: true }, undefined, MONDAY)));
      const first = await listBusinessesIn(t.db, { cityId }, { page: 1, limit: 20 }, { openNow: true }, undefined, MONDAY);
      expect([deep.items, deep.pagination]).toEqual([[], { ...first.pagination, page }]);
      // The walk's limit is the first page's count's cap (eleven pages), its window the first page.
      const walks = sent.filter((s) => s.sql.includes('open_rank')).map((s) => s.bindings.slice(-3));
      expect(walks).toEqual([[11 * 20 + 1, 0, 20]]);
    }
  });

  it('under a filter its walk does not carry: none passing walks nothing, a few are read whole and sorted, its open ones in order', async () => {
    await t.db.raw(`UPDATE businesses SET is_verified = (id % 7 = 0)`);
    try {
      const verified = new Set(((await t.db('businesses').where({ is_verified: true }).pluck('id')) as string[]).map(Number));
      const open = (await openInOrder('city_id', cityId, true)).filter((id) => verified.has(id));
      expect(open.length).toBeGreaterThan(8);
      let few!: ListPage;
      const sent = await statementsSent(t.db, async () => (few = await listBusinessesIn(t.db, { cityId }, { page: 2, limit: 4 }, { openNow: true, verified: true }, undefined, MONDAY)));
      expect(few.items.map((b) => b.id)).toEqual(open.slice(4, 8));
      expect(few.pagination.total).toBe(open.length);
      expect(sent.some((s) => s.sql.includes('enable_indexscan = off') && s.sql.includes('open_rank'))).toBe(true);
      // Verified and with a phone: none (no business of the fixture has one).
      const { rows } = await t.db.raw(`SELECT count(*)::int AS n FROM businesses WHERE city_id = ? AND is_active AND is_verified AND coalesce(phone, '') <> ''`, [cityId]);
      expect(rows[0].n).toBe(0);
      let none!: ListPage;
      const walked = await statementsSent(t.db, async () => (none = await listBusinessesIn(t.db, { cityId }, { page: 1, limit: 4 }, { openNow: true, verified: true, hasPhone: true }, undefined, MONDAY)));
      expect([none.items, none.pagination.total]).toEqual([[], 0]);
      expect(walked.filter((s) => s.sql.includes('open_rank'))).toEqual([]);
    } finally {
      await t.db.raw(`UPDATE businesses SET is_verified = false`);
    }
  });

  it('reads its page, its count and its rows in one statement on businesses', async () => {
    const sent = await statementsSent(t.db, () => listBusinessesIn(t.db, { cityId }, { page: 1, limit: 20 }, { openNow: true }, undefined, SATURDAY));
    expect(sent.filter((s) => /\bfrom "?businesses"?(?!_)/i.test(s.sql))).toHaveLength(1);
  });
});
