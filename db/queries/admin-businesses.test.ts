import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { createTestDb } from '../test-db.js';
import { ANCHOR_EVERY, broadSearchPage, countryStats, narrowSearchPage, NEWEST_PAGE, SEARCH_COUNT_CAP } from './admin-businesses.js';
import { tsqueries } from '../../data/reads/tsqueries.js';
import { allOf } from '../../data/reads/query-reading.js';
import { newMemos } from '../../data/reads/search-memo.js';
import { adminBusinessesJson, listAdminBusinesses } from '../../data/reads/admin-list.js';
import { seedBusinesses } from './admin-businesses.fixtures.js';
import { plansOf, withCountryShops } from './bitmap-scans.fixtures.js';

const t = useTestDb();
beforeAll(async () => {
  await seedBusinesses(t.db, [
    { name: 'Kadıköy Fırını', address: 'Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye', city: 'Kadıköy', country: 'Türkiye', category: 'Bakery', rating: 4.5, isVerified: true },
    { name: 'Boston Plumbing', address: '12 Main St, Boston, MA 02108, United States', city: 'Boston', state: 'MA', country: 'United States', category: 'Plumber' },
    { name: 'Cambridge Cafe', address: '1 Harvard Sq', city: 'Boston', state: 'MA', country: 'United States' },
    { name: '100% Natural_Foods', address: 'Nowhere 5', country: 'United States' },
    { name: 'No Country', address: 'Somewhere 1' },
  ]);
});

describe('listAdminBusinesses', () => {
  it('pages newest first with the total', async () => {
    const p1 = await listAdminBusinesses(t.db, { page: 1, limit: 2 });
    expect(p1.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3 });
    expect(p1.businesses.map((b) => b.name)).toEqual(['No Country', '100% Natural_Foods']);
    const p3 = await listAdminBusinesses(t.db, { page: 3, limit: 2 });
    expect(p3.businesses.map((b) => b.name)).toEqual(['Kadıköy Fırını']);
    expect(p3.businesses[0]).toMatchObject({ city: { name: 'Kadıköy' }, category: { name: 'Bakery' }, country: 'Türkiye', rating: 4.5, isVerified: true });
  });

  it('finds a business by a word or the start of a word of its name, address or city, accents and case aside', async () => {
    const names = async (search: string) => (await listAdminBusinesses(t.db, { page: 1, limit: 50, search })).businesses.map((b) => b.name).sort();
    expect(await names('plumb')).toEqual(['Boston Plumbing']);
    expect(await names('harvard')).toEqual(['Cambridge Cafe']);
    expect(await names('boston')).toEqual(['Boston Plumbing', 'Cambridge Cafe']);
    expect(await names('MODA cd')).toEqual(['Kadıköy Fırını']);
    expect(await names('kadıköy')).toEqual(['Kadıköy Fırını']);
    expect(await names('nothing like this')).toEqual([]);
  });

  it('reads the prefix of the last word as the words of the vocabulary it starts, when they are few', async () => {
    const bound: string[] = [];
    // The words' look-ups (word-lookups.ts) bind each term as typed; the searches' tsqueries are asked about.
    const heard = (q: { sql: string; bindings?: unknown[] }) => void (/@@/.test(q.sql) && !/ WITH ORDINALITY u\(q, i\)/.test(q.sql) && bound.push(...(q.bindings ?? []).filter((b): b is string => typeof b === 'string')));
    t.db.on('query', heard);
    try {
      const r = await listAdminBusinesses(t.db, { page: 1, limit: 50, search: 'boston plumb' }, { ...newMemos(), version: '1' });
      expect(r.businesses.map((b) => b.name)).toEqual(['Boston Plumbing']);
    } finally {
      t.db.removeListener('query', heard);
    }
    const asked = bound.filter((b) => b.includes('plumb'));
    expect(asked.length).toBeGreaterThan(0);
    // 'plumb' stands for 'plumbing' and the category's 'plumber', each a word: no prefix is read.
    for (const tsquery of asked) expect([tsquery.includes("'plumbing'"), tsquery.includes("'plumber'"), tsquery.includes(':*')]).toEqual([true, true, false]);
  });

  it('searches the words of a search, punctuation aside', async () => {
    const r = await listAdminBusinesses(t.db, { page: 1, limit: 50, search: '100%' });
    expect(r.businesses.map((b) => b.name)).toEqual(['100% Natural_Foods']);
    expect((await listAdminBusinesses(t.db, { page: 1, limit: 50, search: 'natural_foods' })).pagination.total).toBe(1);
    // No word at all is no search.
    expect((await listAdminBusinesses(t.db, { page: 1, limit: 50, search: '%' })).pagination.total).toBe(5);
  });

  it('shows an empty result as one page', async () => {
    const r = await listAdminBusinesses(t.db, { page: 1, limit: 50, search: 'zzzz' });
    expect(r.pagination).toEqual({ page: 1, limit: 50, total: 0, totalPages: 1 });
  });

  it('counts the matches of a page past the last one', async () => {
    const r = await listAdminBusinesses(t.db, { page: 3, limit: 1, search: 'boston' });
    expect([r.businesses, r.pagination]).toEqual([[], { page: 3, limit: 1, total: 2, totalPages: 2 }]);
    const last = await listAdminBusinesses(t.db, { page: 2, limit: 1, search: 'boston' });
    expect(last.businesses.map((b) => [b.name, b.city?.name])).toEqual([['Boston Plumbing', 'Boston']]);
  });
});

describe('a broad search', () => {
  it('says about how many it matches, from the statistics, beyond SEARCH_COUNT_CAP past the page; a narrow one is exact', async () => {
    const b = await createTestDb();
    try {
      await b.db.raw(`INSERT INTO businesses (name, slug, address, identity_key)
                      SELECT 'Bulk ' || i, 'bulk-' || i, i || ' Long Road', 'n:bulk' || i FROM generate_series(1, ${SEARCH_COUNT_CAP + 100}) i`);
      await b.db.raw('ANALYZE businesses');
      const p1 = await listAdminBusinesses(b.db, { page: 1, limit: 50, search: 'bulk' });
      expect(p1.businesses).toHaveLength(50);
      expect(p1.businesses[0].name).toBe(`Bulk ${SEARCH_COUNT_CAP + 100}`);
      // Every row holds the word: the statistics know it, and the total says so, not 'at least 1,000'.
      expect(p1).toMatchObject({ totalApprox: true, pagination: { total: SEARCH_COUNT_CAP + 100, totalPages: 22 } });
      expect(p1.totalCapped).toBeUndefined();
      const p3 = await listAdminBusinesses(b.db, { page: 3, limit: 50, search: 'long road' });
      // From page 3 the count reaches the end of the matches: exact.
      expect(p3.pagination).toEqual({ page: 3, limit: 50, total: 100 + SEARCH_COUNT_CAP, totalPages: 22 });
      expect(p3.totalApprox).toBeUndefined();
      expect(p3.businesses[0].name).toBe(`Bulk ${SEARCH_COUNT_CAP}`);
      const p2 = await listAdminBusinesses(b.db, { page: 2, limit: 50, search: 'long road' });
      expect(p2).toMatchObject({ totalApprox: true, pagination: { total: SEARCH_COUNT_CAP + 100 } });
      const narrow = await listAdminBusinesses(b.db, { page: 1, limit: 50, search: 'Bulk 1000' });
      expect(narrow.totalApprox).toBeUndefined();
      expect(narrow.pagination.total).toBe(1);
      const all = await listAdminBusinesses(b.db, { page: 23, limit: 50 });
      expect(all.pagination).toEqual({ page: 23, limit: 50, total: SEARCH_COUNT_CAP + 100, totalPages: 22 });
      expect(all.businesses).toEqual([]);
    } finally {
      await b.drop();
    }
  });

  it('reads the same page by a walk of the newest businesses or by the index, and a short page is the last, counted', async () => {
    const b = await createTestDb();
    try {
      await b.db.raw(`INSERT INTO businesses (name, slug, address, identity_key)
                      SELECT CASE WHEN i % 3 = 0 THEN 'Thirds ' ELSE 'Other ' END || i, 'b-' || i, i || ' Road', 'n:b' || i FROM generate_series(1, 400) i`);
      const [match] = await tsqueries(b.db, [allOf(['thirds'])]);
      const names = (r: { businesses: { name: string }[] }) => r.businesses.map((x) => x.name);
      // Dense (every match among the newest): walked; sparse (a match in thousands): from the bitmap.
      const walked = await broadSearchPage(b.db, 2, 10, match, { matches: 1e6, businesses: 1e6 }, 0);
      const fromIndex = await broadSearchPage(b.db, 2, 10, match, { matches: 1, businesses: 1e6 }, 0);
      expect(names(walked)).toEqual(Array.from({ length: 10 }, (_, i) => `Thirds ${399 - 3 * (10 + i)}`));
      expect(names(fromIndex)).toEqual(names(walked));
      expect(walked).toMatchObject({ totalApprox: true, pagination: { total: 1e6 } });
      // 133 matches: page 14 holds the last 3, and the total is then known.
      for (const estimated of [{ matches: 1e6, businesses: 1e6 }, { matches: 1, businesses: 1e6 }]) {
        const last = await broadSearchPage(b.db, 14, 10, match, estimated, 0);
        expect([names(last), last.pagination.total, last.totalApprox]).toEqual([['Thirds 9', 'Thirds 6', 'Thirds 3'], 133, undefined]);
      }
    } finally {
      await b.drop();
    }
  });
});

describe('a broad search of few recent matches', () => {
  it('reads its page from the bitmap once the newest window shows them too sparse, without walking a wider one', () =>
    withCountryShops(async (db) => {
      // '7' is in one business, the seventh: far older than the newest 20,000; the planner's guess may still call it broad.
      const [match] = await tsqueries(db, [allOf(['7'])]);
      const sent: { sql: string; options?: { name?: string } }[] = [];
      const heard = (q: (typeof sent)[number]) => void sent.push(q);
      db.on('query', heard);
      let r: Awaited<ReturnType<typeof broadSearchPage>>;
      try {
        r = await broadSearchPage(db, 1, 50, match, { matches: 1e6, businesses: 1e6 }, 0);
      } finally {
        db.removeListener('query', heard);
      }
      expect(r.businesses.map((b) => b.name)).toEqual(['Shop 7']);
      expect(r.pagination.total).toBe(1);
      expect(sent.filter((q) => q.options?.name === NEWEST_PAGE.name)).toHaveLength(1);
      expect(sent.filter((q) => /enable_seqscan = off/.test(q.sql))).toHaveLength(1);
    }));
});

describe('a broad search of a few thousand matches', () => {
  it("reads its page from its words' bitmap ANDed with the ids' range index over a window of the newest, not by walking them", async () => {
    const b = await createTestDb();
    try {
      // 20,000 businesses, ids 10 apart (200,000 ids, as many rows would give the ids' range;
      // rows long enough for a few to a page), one in 30 holding 'sparse': 667, spread evenly.
      // Their documents are given (the name's words), as an import gives them.
      const count = 20_000;
      await b.db.transaction(async (trx) => {
        await trx.raw(`SET LOCAL rehber.document_given = 'on'`);
        await trx.raw(`INSERT INTO businesses (id, name, slug, address, identity_key, description, search_vector)
                       SELECT 10 * i, n, 'b-' || i, i || ' Road', 'n:b' || i, (SELECT string_agg(md5(i || '-' || j), '') FROM generate_series(1, 40) j), to_tsvector('simple', lower(n))
                         FROM generate_series(1, ${count}) i, LATERAL (SELECT CASE WHEN i % 30 = 0 THEN 'Sparse ' ELSE 'Dense ' END || i AS n) x`);
      });
      await b.db.raw('VACUUM ANALYZE businesses');
      const [match] = await tsqueries(b.db, [allOf(['sparse'])]);
      const names = (r: { businesses: { name: string }[] }) => r.businesses.map((x) => x.name);
      // Estimated at 900 of 200,000: a walk would pass about 11,000 ids to fill page 1; the window
      // of the newest that should hold it is three times that (33,333 ids: 111 matches).
      const estimated = { matches: 900, businesses: 10 * count };
      const sent: { sql: string; options?: { name?: string } }[] = [];
      const heard = (q: (typeof sent)[number]) => void sent.push(q);
      let r: Awaited<ReturnType<typeof broadSearchPage>>;
      const plans = await plansOf(b.db, async () => {
        b.db.on('query', heard);
        try {
          r = await broadSearchPage(b.db, 2, 50, match, estimated, 0);
        } finally {
          b.db.removeListener('query', heard);
        }
      });
      expect(names(r!)).toEqual(Array.from({ length: 50 }, (_, i) => `Sparse ${30 * (666 - 50 - i)}`));
      expect(r!).toMatchObject({ totalApprox: true });
      expect(sent.filter((q) => q.options?.name === NEWEST_PAGE.name)).toEqual([]);
      expect(plans).toHaveLength(1);
      expect(plans[0]).toMatch(/BitmapAnd/);
      expect(plans[0]).toContain('businesses_id_range_idx');
      expect(plans[0]).toContain('businesses_search_idx');
      // Only the window's pages are read, a fraction of the table's.
      const pages = Number((await b.db.raw(`SELECT relpages FROM pg_class WHERE relname = 'businesses'`)).rows[0].relpages);
      const read = [...plans[0].matchAll(/Heap Blocks:(?: exact=(\d+))?(?: lossy=(\d+))?/g)].reduce((sum, m) => sum + Number(m[1] ?? 0) + Number(m[2] ?? 0), 0);
      expect(read).toBeGreaterThan(0);
      expect(read).toBeLessThan(pages / 4);
    } finally {
      await b.drop();
    }
  });
});

describe('a deep page of the whole list', () => {
  it('is read from the nearest anchor, never past every id before it, and moves with a write', async () => {
    const b = await createTestDb();
    try {
      const count = 3 * ANCHOR_EVERY + 70;
      await b.db.raw(`INSERT INTO businesses (name, slug, address, identity_key)
                      SELECT 'Row ' || i, 'row-' || i, i || ' Road', 'n:row' || i FROM generate_series(1, ${count}) i`);
      await b.db.raw('VACUUM ANALYZE businesses');
      const names = (r: { businesses: { name: string }[] }) => r.businesses.map((x) => x.name);
      // Newest first: page p of 50 starts at row count - 50 (p - 1).
      const expected = (page: number, gone = 0) => Array.from({ length: 50 }, (_, i) => `Row ${count - gone - 50 * (page - 1) - i}`);
      const sent: { sql: string; bindings: unknown[] }[] = [];
      const heard = (q: (typeof sent)[number]) => void sent.push(q);
      b.db.on('query', heard);
      const scope = { ...newMemos(), version: '1' };
      let deep: Awaited<ReturnType<typeof listAdminBusinesses>>;
      try {
        deep = await listAdminBusinesses(b.db, { page: 60, limit: 50 }, scope);
      } finally {
        b.db.removeListener('query', heard);
      }
      expect(names(deep)).toEqual(expected(60));
      expect(deep.pagination).toEqual({ page: 60, limit: 50, total: count, totalPages: Math.ceil(count / 50) });
      // The page's walk of the ids, analyzed: it reads at most ANCHOR_EVERY ids (an OFFSET reads 3,000).
      const walk = sent.find((q) => /offset/i.test(q.sql))!;
      const [{ 'QUERY PLAN': plan }] = (await b.db.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${walk.sql.replace(/\$\d+/g, '?')}`, walk.bindings as never)).rows;
      const scans: { 'Relation Name'?: string; 'Index Name'?: string; 'Actual Rows': number }[] = [];
      const visit = (node: { Plans?: unknown[] } & (typeof scans)[number]) => {
        if (node['Index Name'] === 'businesses_pkey') scans.push(node);
        for (const child of node.Plans ?? []) visit(child as typeof node);
      };
      visit((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan);
      expect(scans.length).toBeGreaterThan(0);
      for (const scan of scans) expect(scan['Actual Rows']).toBeLessThanOrEqual(ANCHOR_EVERY);
      // Every page read from its anchor is the one an OFFSET gives, the last one too.
      expect(names(await listAdminBusinesses(b.db, { page: 21, limit: 50 }, scope))).toEqual(expected(21));
      expect(names(await listAdminBusinesses(b.db, { page: 62, limit: 50 }, scope))).toEqual(Array.from({ length: 20 }, (_, i) => `Row ${20 - i}`));
      // A write starts a new data version: its pages are read from anchors of the list as it now is.
      await b.db.raw(`DELETE FROM businesses WHERE name IN ('Row ${count}', 'Row ${count - 1}')`);
      expect(names(await listAdminBusinesses(b.db, { page: 60, limit: 50 }, { ...scope, version: '2' }))).toEqual(expected(60, 2));
    } finally {
      await b.drop();
    }
  });
});

describe('the matches of a search', () => {
  it('are counted through the document index, never by a sequential scan', () =>
    // Under the LIMIT the planner would scan the table for them, slow at a million.
    withCountryShops(async (db) => {
      const [match] = await tsqueries(db, [allOf(['china'])]);
      let r: Awaited<ReturnType<typeof narrowSearchPage>> | undefined;
      const plans = await plansOf(db, async () => (r = await narrowSearchPage(db, 1, 50, match)));
      // More than SEARCH_COUNT_CAP: broad.
      expect(r).toBeNull();
      expect(plans).toHaveLength(1);
      expect(plans[0]).toContain('businesses_search_idx');
      expect(plans[0]).not.toMatch(/Seq Scan on businesses/);
    }));

  it('of a broad search: its page is one prepared statement, whose plan for any words walks the newest ids, and is kept for the data version', () =>
    withCountryShops(async (db) => {
      const scope = { ...newMemos(), version: '1' };
      const sent: { sql: string; options?: { name?: string } }[] = [];
      const heard = (q: (typeof sent)[number]) => void sent.push(q);
      db.on('query', heard);
      try {
        const first = await listAdminBusinesses(db, { page: 1, limit: 50, search: 'china' }, scope);
        // A fifth of the directory: its page walked.
        // (The words' look-ups are prepared statements of their own.)
        expect(sent.map((q) => q.options?.name).filter((n) => n && !n.startsWith('rehber_lookup_'))).toEqual([NEWEST_PAGE.name]);
        sent.length = 0;
        const again = await listAdminBusinesses(db, { page: 1, limit: 50, search: 'china' }, scope);
        expect([again.businesses[0].name, again.businesses.length, again.totalApprox]).toEqual(['Shop 60000', 50, true]);
        expect(again).toEqual(first);
        // Sent as bytes kept for the data version: the same bytes again, built once.
        const bytes = await adminBusinessesJson(db, { page: 1, limit: 50, search: 'china' }, scope);
        expect(JSON.parse(bytes.toString())).toEqual(first);
        expect(await adminBusinessesJson(db, { page: 1, limit: 50, search: 'china' }, scope)).toBe(bytes);
      } finally {
        db.removeListener('query', heard);
      }
      expect(sent).toEqual([]);
      await db.transaction(async (trx) => {
        const native = trx.raw(NEWEST_PAGE.sql, ['china', 20_000, 50, 0]).toSQL().toNative();
        await trx.raw(`PREPARE newest_plan AS ${native.sql}`);
        await trx.raw('SET LOCAL plan_cache_mode = force_generic_plan');
        const plan = (await trx.raw(`EXPLAIN EXECUTE newest_plan('china', 20000, 50, 0)`)).rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
        expect(plan).toContain('Index Scan Backward using businesses_pkey on businesses b');
        expect(plan).not.toMatch(/Seq Scan on businesses|Sort/);
        await trx.raw('DEALLOCATE newest_plan');
      });
    }));
});

describe('countryStats', () => {
  it('counts businesses per country, most first, leaving out those without one', async () => {
    expect(await countryStats(t.db)).toEqual([
      { country: 'United States', count: 3 },
      { country: 'Türkiye', count: 1 },
    ]);
  });
});
