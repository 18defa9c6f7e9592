import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../db/test-db.js';
import { qualityOf, SEARCH_CANDIDATES, type ListFilters, type ListPage } from '../../domain/search.js';
import { searchBusinesses } from './search.js';
import { seedSearch, type SearchSeed } from './search.fixtures.js';
import { editBusiness } from '../store/business-writes.js';
import { newMemos } from './search-memo.js';

/**
 * The ranking rules on a directory broader than the bound: 1,200 businesses holding 'coffee'
 * (in their name, category, place or description), imported before the best of them, a business
 * named exactly 'Coffee', 5.0 from 9,999 reviews. The bound is made small through the
 * environment (SEARCH_CANDIDATES), so the broad path is taken; the default bound reads the
 * first thousand in index order, which hold neither the planted business nor the best ones.
 */
let t: TestDb;
const FILLERS = 1200;

const SEEDS: SearchSeed[] = [
  { name: 'Espresso Lab', category: 'Coffeehouse', city: 'Austin', rating: 4.0, reviews: 10 },
  { name: 'Espresso Yard', category: 'Coffeehouse', city: 'Austin', rating: 4.0, reviews: 10 },
  { name: 'Roast Bar Zero', category: 'Bakery', city: 'Denver', rating: 5.0, reviews: 0 },
  { name: 'Roast Bar Many', category: 'Bakery', city: 'Denver', rating: 4.9, reviews: 1142 },
  { name: 'Roast Bar Few', category: 'Bakery', city: 'Denver', rating: 5.0, reviews: 2 },
];

beforeAll(async () => {
  t = await createTestDb();
  await seedSearch(t.db, SEEDS);
  // The one that holds its words without a place: approximate coordinates.
  await t.db.raw(`UPDATE businesses SET coordinates_approximate = true WHERE name = 'Espresso Lab'`);
  // Fillers in every tier, 'coffee' in the name of a third, the category, the city or the text of the others.
  await t.db.raw(`INSERT INTO categories (name, slug) VALUES ('Coffee Roaster', 'coffee-roaster')`);
  await t.db.raw(`INSERT INTO cities (name, slug, country, alt_names) VALUES ('Coffee Springs', 'coffee-springs', 'United States', '|coffee springs|')`);
  await t.db.raw(
    `INSERT INTO businesses (name, slug, address, identity_key, category_id, city_id, country, about, rating, review_count, coordinates_approximate)
     SELECT CASE WHEN i % 3 = 0 THEN 'Coffee Stop ' || i ELSE 'Stop ' || i END, 'stop-' || i, i || ' Road', 'n:stop' || i,
            CASE WHEN i % 3 = 1 THEN (SELECT id FROM categories WHERE slug = 'coffee-roaster') ELSE (SELECT id FROM categories WHERE slug = 'bakery') END,
            CASE WHEN i % 3 = 2 AND i % 2 = 0 THEN (SELECT id FROM cities WHERE slug = 'coffee-springs') ELSE (SELECT id FROM cities WHERE slug = CASE WHEN i % 2 = 0 THEN 'austin' ELSE 'denver' END) END,
            'United States', CASE WHEN i % 3 = 2 THEN 'Fresh coffee daily.' END,
            (i % 51) / 10.0, (i * 7) % 300, i % 4 = 0
       FROM generate_series(1, ${FILLERS}) i`,
  );
  // Planted last: what a best match looks like, after everything in index order.
  await t.db.raw(
    `INSERT INTO businesses (name, slug, address, identity_key, category_id, city_id, country, rating, review_count)
     VALUES ('Coffee', 'coffee-planted', '1 Main Street', 'n:planted', (SELECT id FROM categories WHERE slug = 'bakery'),
             (SELECT id FROM cities WHERE slug = 'denver'), 'United States', 5.0, 9999)`,
  );
  await t.db.raw('ANALYZE businesses');
});
afterAll(() => t.drop());
afterEach(() => {
  delete process.env.SEARCH_CANDIDATES;
});

const names = (p: ListPage) => p.items.map((b) => b.name);
const search = (q: string, location = '', filters: ListFilters = {}, page = 1, limit = 10) => searchBusinesses(t.db, { q, location, filters, page, limit });

/** The first `pages` pages of a search under the bound `bound` (the environment's). */
async function pagesUnder(bound: number, q: string, location = '', filters: ListFilters = {}, pages = 3): Promise<string[]> {
  process.env.SEARCH_CANDIDATES = String(bound);
  const out: string[] = [];
  for (let page = 1; page <= pages; page++) out.push(...names(await search(q, location, filters, page)));
  return out;
}

describe('relevance whatever the number of matches', () => {
  it('puts the business named exactly as the words first, found however many hold them and wherever it was imported', async () => {
    for (const bound of [SEARCH_CANDIDATES, 40]) {
      process.env.SEARCH_CANDIDATES = String(bound);
      expect(names(await search('coffee'))[0], `bound ${bound}`).toBe('Coffee');
      expect(names(await search('coffee', 'Denver'))[0], `bound ${bound}, Denver`).toBe('Coffee');
      expect(names(await search('coffee denver'))[0], `bound ${bound}, one box`).toBe('Coffee');
      expect(names(await search('coffee', '', { city: 'denver' }))[0], `bound ${bound}, city filter`).toBe('Coffee');
    }
  });

  it('ranks by tier then quality: every word in the name, then the category, the place, the rest', async () => {
    process.env.SEARCH_CANDIDATES = '40';
    const first = (await search('coffee', '', {}, 1, 20)).items;
    expect(first[0].name).toBe('Coffee');
    // Then names holding the word, best quality first: 5.0 stars from most reviews.
    for (const b of first.slice(1)) expect(b.name).toMatch(/^Coffee Stop/);
    const q = first.slice(1).map((b) => qualityOf(Number(b.rating), b.reviewCount));
    expect(q).toEqual([...q].sort((a, b) => b - a));
  });

  it('puts a name equal to the words before better rated names that hold more words, however they were typed', async () => {
    await t.db.raw(
      `INSERT INTO businesses (name, slug, address, identity_key, category_id, city_id, country, rating, review_count)
       VALUES ('Röast Bar', 'roast-bar-plain', '2 Main Street', 'n:roastbar', (SELECT id FROM categories WHERE slug = 'bakery'),
               (SELECT id FROM cities WHERE slug = 'denver'), 'United States', 3.1, 4)`,
    );
    try {
      for (const bound of [SEARCH_CANDIDATES, 40]) {
        process.env.SEARCH_CANDIDATES = String(bound);
        expect(names(await search('roast bar')), `bound ${bound}`).toEqual(['Röast Bar', 'Roast Bar Many', 'Roast Bar Few', 'Roast Bar Zero']);
        expect(names(await search('ROAST  bar', 'Denver'))[0], `bound ${bound}, Denver`).toBe('Röast Bar');
      }
    } finally {
      await t.db('businesses').where({ slug: 'roast-bar-plain' }).delete();
    }
  });

  it('weighs a rating by its reviews: 4.9 from 1,142 before 5.0 from 2 and from none', async () => {
    expect(names(await search('roast bar'))).toEqual(['Roast Bar Many', 'Roast Bar Few', 'Roast Bar Zero']);
  });

  it('puts precise coordinates before approximate ones when a place is asked', async () => {
    expect(names(await search('espresso', 'Austin'))).toEqual(['Espresso Yard', 'Espresso Lab']);
  });

  it('gives the same first pages under any bound: the best N are the first N', async () => {
    for (const [q, location, filters] of [
      ['coffee', '', {}],
      ['coffee', 'Denver', {}],
      ['coffee', '', { city: 'austin' }],
      ['coffee', '', { minRating: 4 }],
      ['stop', '', {}],
      // No name holds these: the page comes from the other tiers.
      ['daily', '', {}],
      ['fresh', 'Denver', {}],
      ['coffee', '', { sort: 'rating' }],
      ['coffee', '', { sort: 'reviews' }],
      ['coffee', 'Austin', { sort: 'name' }],
    ] as [string, string, ListFilters][]) {
      const exact = await pagesUnder(100_000, q, location, filters);
      expect(exact.length, q).toBe(30);
      expect(await pagesUnder(40, q, location, filters), `${q} ${location} ${JSON.stringify(filters)}`).toEqual(exact);
    }
  });

  it('says an exact total when it counted the matches, and about how many from statistics past the bound', async () => {
    const narrow = await search('roast bar');
    expect([narrow.pagination.total, narrow.totalApprox]).toEqual([3, undefined]);
    process.env.SEARCH_CANDIDATES = '100000';
    const counted = await search('coffee');
    expect(counted.totalApprox).toBeUndefined();
    const matches = counted.pagination.total;
    expect(matches).toBeGreaterThan(FILLERS);
    process.env.SEARCH_CANDIDATES = '40';
    const broad = await search('coffee');
    expect(broad.totalApprox).toBe(true);
    // An estimate: near the count, never the bound.
    expect(broad.pagination.total).toBeGreaterThan(matches / 2);
    expect(broad.pagination.total).toBeLessThan(matches * 2);
    // Its facets are estimates too, of the same size.
    const cities = broad.facets!.cities.reduce((n, c) => n + c.count, 0);
    expect(cities).toBeGreaterThan(matches / 2);
  });

  it('asked again at the same data version, a search sends no statement, broad or narrow', async () => {
    const asked: [string, string, ListFilters, number][] = [
      // Broad: more than the bound, and (under a bound of 40) more than four times it by the estimate.
      ['coffee', '', {}, SEARCH_CANDIDATES],
      ['coffee', '', {}, 40],
      ['coffee', 'Denver', {}, 40],
      ['coffee', '', { city: 'austin', minRating: 3 }, 40],
      // Narrow, more than a hundred matches and a few.
      ['coffee', 'Austin', {}, SEARCH_CANDIDATES],
      ['roast bar', '', {}, SEARCH_CANDIDATES],
      ['roast bar', '', { minRating: 4.5 }, SEARCH_CANDIDATES],
    ];
    for (const [q, location, filters, bound] of asked) {
      process.env.SEARCH_CANDIDATES = String(bound);
      const scope = { ...newMemos(), version: '1' };
      const first = await searchBusinesses(t.db, { q, location, filters }, scope);
      const sent: string[] = [];
      const heard = (query: { sql: string }) => void sent.push(query.sql);
      t.db.on('query', heard);
      try {
        expect(await searchBusinesses(t.db, { q, location, filters }, scope)).toEqual(first);
      } finally {
        t.db.removeListener('query', heard);
      }
      expect(sent, `${q} ${location} ${JSON.stringify(filters)} under ${bound}`).toEqual([]);
    }
  });

  it('keeps the quality true through an edit, which logs the rating it changed and not the quality', async () => {
    const id: number = (await t.db('businesses').where({ name: 'Roast Bar Zero' }).first('id')).id;
    await editBusiness(t.db, id, { fields: { rating: '3' } }, null);
    const row = await t.db('businesses').where({ id }).first('quality');
    expect(row.quality).toBeCloseTo(qualityOf(3, 0), 5);
    const [logged] = await t.db('business_versions').where({ business_id: id, action: 'edit' });
    for (const side of [logged.before, logged.after]) {
      expect(Object.keys(side)).toContain('rating');
      expect(Object.keys(side)).not.toContain('quality');
    }
    expect(names(await search('roast bar'))).toEqual(['Roast Bar Many', 'Roast Bar Few', 'Roast Bar Zero']);
  });
});
