import type { Knex } from 'knex';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, statementsSent, type TestDb } from '../../db/test-db.js';
import type { ListFilters, ListPage } from '../../domain/search.js';
import { plansOf } from '../../db/queries/bitmap-scans.fixtures.js';
import { insertSpreadDirectory } from './plan.fixtures.js';
import { searchBusinesses } from './search.js';
import { bestMatches, candidateRows, estimateAndCandidates, firstSplitFinding, searchCandidates, type StatisticsOf } from '../../db/queries/search.js';
import type { FacetFilters } from '../../db/queries/facets.js';
import { allOf, readBox } from './query-reading.js';
import { tsqueries } from './tsqueries.js';
import { openAtOf } from './open-now.js';
import { OpenAt } from '../../db/queries/open-at.js';
import { openingMinute } from '../../domain/opening-status.js';
import { newMemos } from './search-memo.js';

/**
 * A broad search reads the best of each tier band by band in the indexes of the search documents
 * (their words, their names' words, their places), which hold each document under its quality
 * band, instead of walking the quality index and testing each business's document on the way; and the pages are the same as when every match is ranked.
 * The spread directory's ratings and review counts fall in many bands; the bound is made small
 * (SEARCH_CANDIDATES) so that a word of thousands of matches is broad.
 */
let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
  await insertSpreadDirectory(t.db);
  await t.db.raw('ANALYZE');
}, 120_000);

afterAll(async () => {
  await t?.drop();
});

afterEach(() => {
  delete process.env.SEARCH_CANDIDATES;
});

const names = (p: ListPage) => p.items.map((b) => b.name);

/** The first `pages` pages of 10 of a search under the bound `bound`. */
async function pagesUnder(bound: number, q: string, location = '', filters: ListFilters = {}, pages = 3): Promise<string[]> {
  process.env.SEARCH_CANDIDATES = String(bound);
  const out: string[] = [];
  for (let page = 1; page <= pages; page++) out.push(...names(await searchBusinesses(t.db, { q, location, filters, page, limit: 10 })));
  return out;
}

describe('a broad search on a few thousand businesses', () => {
  it('reads its tiers by quality band in the search index, not down the quality index past the first few hundred of a common word', async () => {
    process.env.SEARCH_CANDIDATES = '40';
    // Every name holds 'shop' (the names' tier); 'road' is in every address (the rest); 'kind'
    // in every category; 'city' in every place.
    for (const [q, location] of [['shop', ''], ['road', ''], ['kind', ''], ['', 'city'], ['road', 'city 3']]) {
      let page: ListPage | undefined;
      const plans = (await plansOf(t.db, async () => (page = await searchBusinesses(t.db, { q, location })))).join('\n');
      expect(page!.totalApprox, `${q} ${location}`).toBe(true);
      expect(plans, `${q} ${location}`).toMatch(/Bitmap Index Scan on businesses_(search|name_words|place)_idx[^\n]*\n\s+Index Cond: \(+rehber_quality_band\(quality\) = g\.band\)/);
      // A common word's walk of the quality index stops within its first few hundred (walkedFirst).
      const uncapped = plans.replace(/Limit [^\n]*\n(?:\s+Buffers:[^\n]*\n)?\s+-> {2}Index Scan using businesses_quality_idx on businesses b_1 [^\n]*/g, '');
      expect(uncapped, `${q} ${location}`).not.toMatch(/Index Scan using businesses_quality_idx|Seq Scan on businesses/);
    }
  });

  it('gives the pages every match ranked would give, under a small bound', async () => {
    for (const [q, location, filters] of [
      ['shop', '', {}],
      ['road', '', {}],
      ['kind', '', {}],
      ['kind 3', '', {}],
      ['', 'city', {}],
      ['road', 'city 3', {}],
      ['shop', '', { category: 'kind-4' }],
      ['shop', '', { city: 'city-7', minRating: 3 }],
    ] as [string, string, ListFilters][]) {
      const exact = await pagesUnder(100_000, q, location, filters);
      expect(exact.length, `${q} ${location}`).toBe(30);
      expect(await pagesUnder(40, q, location, filters), `${q} ${location} ${JSON.stringify(filters)}`).toEqual(exact);
    }
  });
});

describe('the first matches of a common word, for its facets', () => {
  /** A bitmap of one of the documents' indexes built (GIN has no order to stop in: built whole). */
  // The words' bitmap (not the one probe of the names' index that tells the exact names).
  const BITMAP_BUILT = /Bitmap Index Scan on businesses_(?!name_prefix_idx)\w+ +\(cost=[^)]*\) \(actual/;
  /** The table's first pages read. */
  const TABLE_START = /Tid Range Scan on businesses b\S* +\(cost=[^)]*\) \(actual/;
  const firstOf = async (text: string, f: FacetFilters = {}, n = 200, statistics?: StatisticsOf) => {
    const [what] = await tsqueries(t.db, [allOf(text.split(' '))]);
    const asked = { text, what, where: null };
    let read: Awaited<ReturnType<typeof estimateAndCandidates>> | undefined;
    const [plan] = await plansOf(t.db, async () => (read = await estimateAndCandidates(t.db, asked, f, n, undefined, statistics)));
    // The same first n as the documents' bitmap gives (table order), read by it alone.
    const bitmap = await searchCandidates(t.db, asked, f, n - 1);
    return { plan, ids: read!.columns.id, bitmapIds: bitmap.id };
  };

  it('are read from the table start when every document holds the word, not from its whole bitmap', async () => {
    // 'road' is in every address: its index entry holds all 6,000 documents.
    const { plan, ids, bitmapIds } = await firstOf('road');
    expect(plan).toMatch(new RegExp(`${TABLE_START.source}[^\\n]*rows=200`));
    expect(plan).not.toMatch(BITMAP_BUILT);
    expect(ids).toEqual(bitmapIds);
  });

  it('are read from the table start when the statistics put twice their number within its first 3,500 pages, a word in one document in 47 at the million', async () => {
    // As a table of 40,000 pages would weigh 'road' (in all its 6,000 documents: 0.15 a page):
    // 525 in the first 3,500 pages, over twice the 200 asked; 225 in the first 1,500 (the gate
    // before, under which a word of 21,400 to 50,000 documents at the million built its whole bitmap).
    const sparse: StatisticsOf = async () => ({ documents: { road: 1 }, names: {}, rows: 6000, pages: 40_000 });
    const { plan, ids, bitmapIds } = await firstOf('road', {}, 200, sparse);
    expect(plan).toMatch(new RegExp(`${TABLE_START.source}[^\\n]*rows=200`));
    expect(plan).not.toMatch(BITMAP_BUILT);
    expect(ids).toEqual(bitmapIds);
  });

  it('are read from the bitmap when the words are seldom together, or a filter narrows them, the table start not scanned', async () => {
    for (const [text, f] of [['shop 4321', {}], ['road', { cityId: 1 }]] as [string, FacetFilters][]) {
      const { plan, ids, bitmapIds } = await firstOf(text, f);
      expect(plan, text).not.toMatch(TABLE_START);
      expect(plan, text).toMatch(BITMAP_BUILT);
      expect(ids, text).toEqual(bitmapIds);
    }
  });
});

describe('a word of a few hundred matches, under a bound of a hundred or two', () => {
  /** The statements of `read` that read candidates (as columns). */
  const candidateReads = async (read: () => Promise<unknown>) => (await statementsSent(t.db, read)).map((q) => q.sql).filter((sql) => sql.includes(' AS columns'));

  it('is read once when the statistics judge it narrow: its every match in the first statement, the total exact', async () => {
    // '25' is City 25's (150 businesses) and Shop 25's: 151, under the bound of 200.
    process.env.SEARCH_CANDIDATES = '200';
    let page: ListPage | undefined;
    const reads = await candidateReads(async () => (page = await searchBusinesses(t.db, { q: '25', limit: 10 })));
    expect(reads).toHaveLength(1);
    expect([page!.pagination.total, page!.totalApprox]).toEqual([151, undefined]);
    expect(await pagesUnder(200, '25')).toEqual(await pagesUnder(100_000, '25'));
  });

  it('asks the planner no estimate when the statistics judge it narrow and its read finds it so, and asks it after the read when the read passes the bound', async () => {
    // '25': 151 matches, all read under the bound of 200: their count is the total, no EXPLAIN.
    process.env.SEARCH_CANDIDATES = '200';
    const explains = async (q: string) => (await statementsSent(t.db, () => searchBusinesses(t.db, { q, limit: 10 }))).filter((s) => /EXPLAIN/.test(s.sql));
    expect(await explains('25')).toEqual([]);
    // Statistics that put 'road' (in all 6,000 documents) at 6 judge it narrow: the 101 read pass
    // the bound of 100, and the planner's estimate is asked after them, as the total of a broad set.
    const [what] = await tsqueries(t.db, [allOf(['road'])]);
    const judge = { bound: 100, broadFrom: { oneWord: 200, twoWords: 400 }, sampleFrom: 100 };
    const few: StatisticsOf = async () => ({ documents: { road: 0.001 }, names: {}, rows: 6000, pages: 100 });
    let read: Awaited<ReturnType<typeof estimateAndCandidates>> | undefined;
    const sent = await statementsSent(t.db, async () => (read = await estimateAndCandidates(t.db, { text: 'road', what, where: null }, {}, 20, judge, few)));
    expect(read!.judged).toBe('narrow');
    expect(read!.columns.id).toHaveLength(101);
    expect(sent.map((s) => /^EXPLAIN/.test(s.sql))).toEqual([false, true]);
    expect(read!.estimate).toBeGreaterThan(3000);
  });

  it('is not read up to the bound + 1 when the statistics judge one word broad, past twice the bound', async () => {
    // '7' is Kind 7's (300 businesses, City 7's among them) and Shop 7's: 301, past twice the bound of 140.
    process.env.SEARCH_CANDIDATES = '140';
    let page: ListPage | undefined;
    const reads = await candidateReads(async () => (page = await searchBusinesses(t.db, { q: '7', limit: 10 })));
    expect(page!.totalApprox).toBe(true);
    expect(reads.filter((sql) => /LIMIT 141\b/.test(sql))).toEqual([]);
    expect(await pagesUnder(140, '7')).toEqual(await pagesUnder(100_000, '7'));
  });

  it('is read as a sample first when the statistics put one word between the bound and twice it, and not up to the bound + 1 when the sample reaches past 1.1 times the bound', async () => {
    // '7': 301 matches spread through the table, which the statistics put past the bound of 200 and under twice it.
    process.env.SEARCH_CANDIDATES = '200';
    let page: ListPage | undefined;
    const reads = await candidateReads(async () => (page = await searchBusinesses(t.db, { q: '7', limit: 10 })));
    expect(reads.filter((sql) => /LIMIT 40\b/.test(sql))).toHaveLength(1);
    expect(reads.filter((sql) => /LIMIT 201\b/.test(sql))).toEqual([]);
    expect(page!.totalApprox).toBe(true);
    expect(await pagesUnder(200, '7')).toEqual(await pagesUnder(100_000, '7'));
  });

  it('is not read up to the bound + 1 when the planner puts words it cannot weigh under four times the bound but their sample reaches past 1.1 times it', async () => {
    // Every business holds the three words: 6,000 matches, which the planner puts under 4 × 2,000.
    process.env.SEARCH_CANDIDATES = '2000';
    let page: ListPage | undefined;
    const reads = await candidateReads(async () => (page = await searchBusinesses(t.db, { q: 'shop road kind', limit: 10 })));
    expect(reads.filter((sql) => /LIMIT 400\b/.test(sql))).toHaveLength(1);
    expect(reads.filter((sql) => /LIMIT 2001\b/.test(sql))).toEqual([]);
    expect(page!.totalApprox).toBe(true);
    expect(await pagesUnder(2000, 'shop road kind')).toEqual(await pagesUnder(100_000, 'shop road kind'));
  });
});

describe('the best of a common word', () => {
  /**
   * The plans of the candidates' reads `read` sends, each round trip run whole with its reads
   * explained: its reads share one transaction, where a walk tells the bands after it whether
   * they are needed.
   */
  async function roundTripPlans(read: () => Promise<unknown>): Promise<string> {
    const sent = (await statementsSent(t.db, read)).map((q) => q.sql);
    const plans: string[] = [];
    for (const text of sent.filter((s) => s.includes('SELECT json_build_object'))) {
      const results = (await t.db.raw(text.replace(/(^|; )SELECT json_build_object/g, '$1EXPLAIN ANALYZE SELECT json_build_object'))) as { rows: Record<string, string>[] }[];
      for (const r of [results].flat()) if (r.rows?.[0]?.['QUERY PLAN'] !== undefined) plans.push(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
    }
    return plans.join('\n');
  }
  const built = (index: string) => new RegExp(`Bitmap Index Scan on ${index} +\\(cost=[^)]*\\) \\(actual`);

  it('is read down the quality index when it is held by most names or documents, its bands not read, and the pages are those of every match ranked', async () => {
    // Every name holds 'shop' (the names' tier), every address 'road' (the rest).
    for (const [q, bands] of [['shop', 'businesses_name_words_idx'], ['road', 'businesses_search_idx']]) {
      process.env.SEARCH_CANDIDATES = '1000';
      let page: ListPage | undefined;
      const plans = await roundTripPlans(async () => (page = await searchBusinesses(t.db, { q, limit: 10 })));
      expect(page!.totalApprox, q).toBe(true);
      expect(plans, q).toMatch(/Index Scan using businesses_quality_idx on businesses b\S* +\(cost=[^)]*\) \(actual[^\n]*rows=[1-9]/);
      expect(plans, q).not.toMatch(built(bands));
      expect(await pagesUnder(1_000, q), q).toEqual(await pagesUnder(100_000, q));
    }
  });

  it('is read by bands when too few of the first businesses hold the words for the page, or with a place or filters', async () => {
    process.env.SEARCH_CANDIDATES = '40';
    // 'kind 3' is in about one document in thirteen (the category Kind 3, City 3, Shop 3, 3 Road):
    // of 500 businesses, too few for three pages of ten twice over.
    for (const request of [{ q: 'kind 3', page: 3 }, { q: 'shop', location: 'city 3' }, { q: 'shop', filters: { minRating: 3 } }]) {
      const plans = await roundTripPlans(() => searchBusinesses(t.db, { ...request, limit: 10 }));
      expect(plans, JSON.stringify(request)).toMatch(built('businesses_(search|name_words|place)_idx'));
      expect(plans, JSON.stringify(request)).not.toMatch(/Index Scan using businesses_quality_idx on businesses b\S* +\(cost=[^)]*\) \(actual/);
    }
  });
});
describe('the planner statistics a search weighs its words by', () => {
  it('are read once per data version and handed to the statements, which never read pg_stats themselves', async () => {
    // Common words (walked first, read from the table's start), a rarer pair, and words seldom together.
    process.env.SEARCH_CANDIDATES = '1000';
    const scope = { ...newMemos(), version: '1' };
    const sent = await statementsSent(t.db, async () => {
      for (const q of ['road', 'shop', 'kind 3', 'shop 4321']) await searchBusinesses(t.db, { q, limit: 10 }, scope);
    });
    const reads = sent.map((s) => s.sql).filter((sql) => sql.includes('pg_stats'));
    expect(reads).toHaveLength(1);
    expect(reads[0]).not.toMatch(/json_build_object|businesses b\b/);
    // A new version reads them again.
    const again = await statementsSent(t.db, () => searchBusinesses(t.db, { q: 'road', limit: 10 }, { ...scope, version: '2' }));
    expect(again.filter((s) => s.sql.includes('pg_stats'))).toHaveLength(1);
  });
});

describe('the one box of words that name no place', () => {
  it('looks at its splits first and does not build the bitmap of every word for the names', async () => {
    // 'road' is in every address and 'kind' in every category: 6,000 documents hold both, none as its place.
    const box = readBox(['road', 'kind']);
    const [anywhere, asName, ...read] = await tsqueries(t.db, [box.anywhere, box.asName, ...box.splits.map((x) => x.reading.what), ...box.splits.map((x) => x.reading.where)] as string[]);
    const asked = { asName, anywhere, whats: read.slice(0, box.splits.length), wheres: read.slice(box.splits.length), digitsOnly: box.splits.map((x) => x.digitsOnly) };
    let chosen: number | null | undefined;
    const [sent] = await statementsSent(t.db, async () => (chosen = await firstSplitFinding(t.db, asked)));
    expect(chosen).toBeNull();
    const explained = (await t.db.raw(`EXPLAIN ANALYZE ${sent.sql.replace(/\$\d+/g, '?')}`, sent.bindings as Knex.RawBinding[])).rows as { 'QUERY PLAN': string }[];
    const plan = explained.map((r) => r['QUERY PLAN']).join('\n');
    // The names' check reads the first hundred of every word's matches: never run.
    expect(plan).toMatch(/SubPlan 1\n\s+->\s+Aggregate [^\n]*\(never executed\)\n\s+->\s+Limit [^\n]*\(never executed\)/);
  });
});

describe('the one box read again and again', () => {
  it('is one statement prepared once per connection for any words, whose generic plan PostgreSQL keeps', async () => {
    const boxes = [['road', 'kind'], ['shop', 'city', '3'], ['kind', '4', 'road'], ['shop', 'kind'], ['road', 'city'], ['shop', '12', 'kind', '4'], ['city', 'road'], ['kind', 'shop'], ['shop', 'road'], ['road', 'shop']];
    const [found, plans] = await t.db.transaction(async (trx) => {
      const out: (number | null)[] = [];
      for (const ws of boxes) {
        const box = readBox(ws);
        const [anywhere, asName, ...read] = await tsqueries(trx, [box.anywhere, box.asName, ...box.splits.map((x) => x.reading.what), ...box.splits.map((x) => x.reading.where)] as string[]);
        out.push(await firstSplitFinding(trx, { asName, anywhere, whats: read.slice(0, box.splits.length), wheres: read.slice(box.splits.length), digitsOnly: box.splits.map((x) => x.digitsOnly) }));
      }
      const { rows } = await trx.raw(`SELECT generic_plans::int AS generic FROM pg_prepared_statements WHERE name = 'rehber_first_split'`);
      return [out, rows as { generic: number }[]] as const;
    });
    // 'city' is each business's place: a split whose place it is finds them; no name holds a box's every word.
    expect(found).toEqual([null, 0, null, null, 0, null, 1, null, null, null]);
    expect(plans).toHaveLength(1);
    expect(plans[0].generic).toBeGreaterThan(0);
  });
});

describe('a candidate named as the words', () => {
  it('is told by one probe of the names index, without folding the name of each candidate', async () => {
    const [what] = await tsqueries(t.db, [allOf(['shop', '4321'])]);
    let columns: Awaited<ReturnType<typeof searchCandidates>> | undefined;
    const [plan] = await plansOf(t.db, async () => (columns = await searchCandidates(t.db, { text: 'SHOP 4321', what, where: null }, {}, 1000)));
    expect(candidateRows(columns!).map((c) => [c.name, c.tier])).toEqual([['Shop 4321', 0]]);
    expect(plan).toMatch(/SubPlan[^\n]*\n(?:[^\n]*\n)*?\s+->\s+Bitmap Index Scan on businesses_name_prefix_idx[^\n]*loops=1\)/);
  });

  it('is told by folding the few candidates of a read that expects few, without a probe of the names index', async () => {
    // A name of several words (the statistics cannot weigh them), and a word with a number the
    // statistics put under a hundred matches: each read finds its one exact name by its fold.
    for (const [text, typed] of [['shop 4321 road', 'Shop 4321 Road'], ['shop 4321', 'SHOP 4321']]) {
      const [what] = await tsqueries(t.db, [allOf(text.split(' '))]);
      let read: Awaited<ReturnType<typeof estimateAndCandidates>> | undefined;
      const judge = { bound: 1000, broadFrom: { oneWord: 2000, twoWords: 4000 }, sampleFrom: 1000 };
      const [plan] = await plansOf(t.db, async () => (read = await estimateAndCandidates(t.db, { text: typed, what, where: null }, {}, 200, judge)));
      expect(plan, text).not.toContain('businesses_name_prefix_idx');
      const named = candidateRows(read!.columns).filter((c) => c.tier === 0);
      expect(named.map((c) => c.name), text).toEqual(text === 'shop 4321' ? ['Shop 4321'] : []);
    }
  });
});

describe("a search's candidates as PostgreSQL sends them", () => {
  it('carry their tier and flags in one number and their rating floor worked out by the server: the values SQL gives', async () => {
    await t.db.raw(`UPDATE businesses SET is_verified = id % 2 = 0, phone = CASE WHEN id % 3 = 0 THEN '+90 212 555 00 00' END, coordinates_approximate = id % 5 = 0`);
    try {
      // '3' is Shop 3's name and address, Kind 3's category and City 3's place (whose businesses are all of Kind 3): 'Shop 3' the exact name.
      const [what] = await tsqueries(t.db, [allOf(['3'])]);
      let columns: Awaited<ReturnType<typeof searchCandidates>> | undefined;
      const sent = await statementsSent(t.db, async () => (columns = await searchCandidates(t.db, { text: 'Shop 3', what, where: null }, {}, 1000)));
      // One number a candidate for the four, none for the floor.
      const text = sent.map((q) => q.sql).join('\n');
      expect(text).toContain(`'flags', coalesce(array_agg(`);
      expect(text).not.toMatch(/'(rating_floor|is_verified|has_phone|approximate|tier)', coalesce/);
      const { rows } = await t.db.raw(
        `SELECT b.id, b.rating, floor(b.rating * 2) / 2 AS rating_floor, b.is_verified, coalesce(b.phone, '') <> '' AS has_phone, b.coordinates_approximate AS approximate,
                CASE WHEN rehber_fold(b.name) = rehber_fold('Shop 3') THEN 0 WHEN ts_filter(b.search_vector, '{a}') @@ ?::tsquery THEN 1
                     WHEN ts_filter(b.search_vector, '{b}') @@ ?::tsquery THEN 2 WHEN ts_filter(b.search_vector, '{c}') @@ ?::tsquery THEN 3 ELSE 4 END AS tier
           FROM businesses b WHERE b.is_active AND b.search_vector @@ ?::tsquery ORDER BY b.id`,
        [what, what, what, what],
      );
      const fields = ['id', 'rating', 'rating_floor', 'is_verified', 'has_phone', 'approximate', 'tier'] as const;
      const read = candidateRows(columns!)
        .sort((a, b) => a.id - b.id)
        .map((c) => Object.fromEntries(fields.map((f) => [f, c[f]])));
      expect(read).toEqual(rows);
      expect(new Set(read.map((c) => c.tier))).toEqual(new Set([0, 2]));
    } finally {
      await t.db.raw(`UPDATE businesses SET is_verified = false, phone = NULL, coordinates_approximate = false`);
    }
  });
});

describe('the names holding a word that names cities by their other names', () => {
  it('are read by the word alone, without the city lexemes: no name holds one', async () => {
    const [city] = (await t.db.raw('SELECT (tsvector_to_array(rehber_city_lexeme(id)))[1] AS lexeme FROM cities ORDER BY id LIMIT 1')).rows as { lexeme: string }[];
    // 'kind' is every business's category, in no name; as a city's other name it would be ( 'kind' | 'city:N' ).
    const asked = { text: 'kind', what: `( 'kind' | '${city.lexeme}' )`, where: null };
    const sent: string[] = [];
    const heard = (q: { sql: string }) => void sent.push(q.sql);
    t.db.on('query', heard);
    try {
      expect(await bestMatches(t.db, asked, { minRating: 0 }, 'relevance', 10, 'names')).toEqual([]);
    } finally {
      t.db.removeListener('query', heard);
    }
    // The names' bands (a band's businesses whose names hold the words).
    const inNames = sent.join('\n').match(/= g\.band AND ts_filter\(b\.search_vector, '\{a\}'\) @@ '(?:[^']|'')*'::tsquery/g);
    expect(inNames).toEqual([`= g.band AND ts_filter(b.search_vector, '{a}') @@ '( ''kind'' )'::tsquery`]);
  });
});

describe('an open-now search of a common word', () => {
  // Two businesses in three open at every minute of the week, the third never (no hours).
  beforeAll(async () => {
    await t.db.raw(`UPDATE cities SET time_zone = 'Europe/Istanbul'`);
    await t.db.raw(`UPDATE businesses SET open_week = CASE WHEN id % 3 <> 0 THEN '{[0,10080)}'::int4multirange END`);
    await t.db.raw('ANALYZE businesses');
  });
  afterAll(async () => {
    await t.db.raw(`UPDATE cities SET time_zone = NULL`);
    await t.db.raw(`UPDATE businesses SET open_week = NULL`);
  });
  const candidateReads = async (read: () => Promise<unknown>) => (await statementsSent(t.db, read)).map((q) => q.sql).filter((sql) => sql.includes(' AS columns'));

  it('is judged broad from the planner\'s estimate of its matches holding the hour, reading none of them to judge it, and says about how many are open', async () => {
    // 'road' is in every address: 6,000 matches, 4,000 open (and holding every hour); past twice
    // the bound of 1,100, though the planner's third of the matches (2,000) is not past four times it.
    process.env.SEARCH_CANDIDATES = '1100';
    let page: ListPage | undefined;
    const reads = await candidateReads(async () => (page = await searchBusinesses(t.db, { q: 'road', limit: 10, filters: { openNow: true } })));
    expect(page!.totalApprox).toBe(true);
    expect(reads.filter((sql) => /LIMIT 1101\b/.test(sql))).toEqual([]);
    // No first open matches read (their place among the matches looked at) to learn the share open.
    expect(reads.filter((sql) => sql.includes('examined_at'))).toEqual([]);
    expect(Math.abs(page!.pagination.total - 4000)).toBeLessThan(400);
    expect(await pagesUnder(1100, 'road', '', { openNow: true })).toEqual(await pagesUnder(100_000, 'road', '', { openNow: true }));
  });

  it('reads the bound + 1 open matches at once, the hour required, when fewer than twice the bound hold the hour', async () => {
    // Under a bound of 2,500 the statistics call 'road' broad (6,000 matches), but the 4,000 holding
    // the hour are fewer than twice it: its open matches are read once, past the bound.
    process.env.SEARCH_CANDIDATES = '2500';
    let page: ListPage | undefined;
    const reads = await candidateReads(async () => (page = await searchBusinesses(t.db, { q: 'road', limit: 10, filters: { openNow: true } })));
    expect(reads.filter((sql) => sql.includes('examined_at'))).toEqual([]);
    const bounded = reads.filter((sql) => /LIMIT 2501\b/.test(sql));
    expect(bounded).toHaveLength(1);
    expect(bounded[0]).toMatch(/b\.open_hours @> '\{\d+\}'::int2\[\]/);
    expect(page!.totalApprox).toBe(true);
    expect(Math.abs(page!.pagination.total - 4000)).toBeLessThan(400);
    expect(await pagesUnder(2500, 'road', '', { openNow: true })).toEqual(await pagesUnder(100_000, 'road', '', { openNow: true }));
  });

  it('reads its first open matches no further than one open match past them, the closed ones left in the index by their hours', async () => {
    const [what] = await tsqueries(t.db, [allOf(['road'])]);
    const openAt = await openAtOf(t.db, new Date());
    const lookedAt = async (open: OpenAt) => {
      const [plan] = await plansOf(t.db, () => estimateAndCandidates(t.db, { text: 'road', what, where: null }, { openAt: open }, 200));
      return Number(plan.match(/WindowAgg [^\n]*\(actual [^)]*rows=(\d+)/)?.[1]);
    };
    // The closed third hold no open hour: only the open ones are looked at.
    expect(openAt.hour).toBeDefined();
    expect(await lookedAt(openAt)).toBeGreaterThanOrEqual(200);
    expect(await lookedAt(openAt)).toBeLessThan(202);
    // Without the hour: 200 open ones among the first 300 or so matches, not all 6,000 read. Where
    // the first match falls in the three-id cycle moves that by one or two either way.
    const looked = await lookedAt(new OpenAt(openAt.at, Int16Array.from(openAt.literal.slice(1, -1).split(','), Number)));
    expect(looked).toBeGreaterThanOrEqual(295);
    expect(looked).toBeLessThan(310);
  });

  it('is read whole and counted when fewer than the first read are open', async () => {
    process.env.SEARCH_CANDIDATES = '1100';
    // '25' is City 25's (150 businesses) and Shop 25's: 151, about 100 of them open.
    const page = await searchBusinesses(t.db, { q: '25', limit: 10, filters: { openNow: true } });
    const { rows } = await t.db.raw(`SELECT count(*)::int AS n FROM businesses b WHERE b.search_vector @@ '25'::tsquery AND b.id % 3 <> 0`);
    expect([page.pagination.total, page.totalApprox]).toEqual([rows[0].n, undefined]);
  });

  it('counts the open matches its broad page found when they are fewer than the page: the statistics took it for broad', async () => {
    // Every open business of 'road' open only for the first five minutes of this hour: each holds
    // the hour, so the planner expects 4,000 open, and none is open at half past.
    process.env.SEARCH_CANDIDATES = '1100';
    const now = new Date('2026-03-09T14:30:00Z');
    const minute = openingMinute(now, 'Europe/Istanbul')!;
    try {
      await t.db.raw(`UPDATE businesses SET open_week = CASE WHEN id % 3 <> 0 THEN int4multirange(int4range(?, ?)) END`, [minute - 30, minute - 25]);
      await t.db.raw('ANALYZE businesses');
      const page = await searchBusinesses(t.db, { q: 'road', limit: 10, filters: { openNow: true }, now });
      expect([page.items.length, page.pagination.total, page.totalApprox]).toEqual([0, 0, undefined]);
      // Five minutes earlier, every one of them is open.
      const early = await searchBusinesses(t.db, { q: 'road', limit: 10, filters: { openNow: true }, now: new Date(now.getTime() - 28 * 60_000) });
      expect([early.items.length, early.totalApprox]).toEqual([10, true]);
    } finally {
      await t.db.raw(`UPDATE businesses SET open_week = CASE WHEN id % 3 <> 0 THEN '{[0,10080)}'::int4multirange END`);
      await t.db.raw('ANALYZE businesses');
    }
  });
});
