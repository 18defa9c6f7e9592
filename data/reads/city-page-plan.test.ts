import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../db/test-db.js';
import { insertSpreadDirectory, plansOfStatements } from './plan.fixtures.js';
import { publicReads } from './public-reads.js';
import { listCityCategories } from '../../db/queries/city-categories.js';
import { listCountryCategories } from '../../db/queries/country-categories.js';
import { CITY_CATEGORY_LINKS, CITY_CATEGORY_MIN_BUSINESSES, COUNTRY_CATEGORY_LINKS } from '../../domain/constants.js';

/**
 * A city's and a category's page read their kept facet counts (the page's total and facets) from an
 * index alone: the rows of one city lie scattered over the table's pages, one page each, and a city
 * page nobody read since the data changed read them all. The categories in a city a country or a
 * category links are the first entries of an index of the kept counts per category in a city.
 */
let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
  await insertSpreadDirectory(t.db);
  // As autovacuum leaves it: every page all-visible, so an index-only scan needs no heap.
  await t.db.raw('VACUUM ANALYZE business_facets, city_category_counts');
}, 120_000);

afterAll(async () => {
  await t?.drop();
});

/** The plans of the statements on `table` that `read` sends, with the table's own pages priced out. */
const plansOn = (table: string, read: () => Promise<unknown>) => plansOfStatements(t.db, new RegExp(`\\b${table}\\b`), read);

describe('the kept facet counts of a page', () => {
  it('of a city (its total and facets) are read from its index alone', async () => {
    const plans = await plansOn('business_facets', async () => {
      const reads = publicReads(t.db);
      await reads.groupBusinesses('city', (await reads.group('city', 'city-3'))!, {});
    });
    expect(plans).toHaveLength(1);
    for (const plan of plans) {
      expect(plan).toMatch(/Index Only Scan using business_facets_city_idx on business_facets/);
      expect(plan).not.toMatch(/(Heap|Seq) Scan on business_facets/);
    }
  });

  it("of a city's first view: the city and the categories it links come in one statement", async () => {
    const sent: string[] = [];
    const heard = (q: { sql: string }) => void sent.push(q.sql);
    t.db.on('query', heard);
    try {
      const city = await publicReads(t.db).group('city', 'city-3');
      expect(city!.cityCategories.length).toBeGreaterThan(0);
      expect(city!.cityCategories.map((l) => l.count)).toEqual([...city!.cityCategories.map((l) => l.count)].sort((a, b) => b - a));
    } finally {
      t.db.removeListener('query', heard);
    }
    expect(sent).toHaveLength(1);
    expect(await publicReads(t.db).group('city', 'no-such-city')).toBeNull();
  });

  it("of a category's first view: the category, its top cities and its top countries come in one statement", async () => {
    // Kind 3 is in City 3 and City 23 (150 businesses each): City 3 moved to Greece, and City 5 (none of kind 3) to Cyprus.
    await t.db('countries').insert([
      { name: 'Türkiye', slug: 'turkiye' },
      { name: 'Greece', slug: 'greece' },
      { name: 'Cyprus', slug: 'cyprus' },
    ]);
    await t.db('cities').where({ slug: 'city-3' }).update({ country: 'Greece' });
    await t.db('cities').where({ slug: 'city-5' }).update({ country: 'Cyprus' });
    const sent: string[] = [];
    const heard = (q: { sql: string }) => void sent.push(q.sql);
    t.db.on('query', heard);
    try {
      const category = await publicReads(t.db).group('category', 'kind-3');
      t.db.removeListener('query', heard);
      expect(sent).toHaveLength(1);
      // The links the reads of each gave apart, most businesses first, a tie by the country's name.
      expect(category!.cityCategories).toEqual(await listCityCategories(t.db, { categoryId: category!.id }, CITY_CATEGORY_MIN_BUSINESSES, CITY_CATEGORY_LINKS.category));
      expect(category!.countryCategories).toEqual(await listCountryCategories(t.db, { categoryId: category!.id }, CITY_CATEGORY_MIN_BUSINESSES, COUNTRY_CATEGORY_LINKS.category));
      expect(category!.countryCategories.map((l) => [l.countrySlug, l.country, l.categorySlug, l.category, l.count])).toEqual([
        ['greece', 'Greece', 'kind-3', 'Kind 3', 150],
        ['turkiye', 'Türkiye', 'kind-3', 'Kind 3', 150],
      ]);
      expect(await publicReads(t.db).group('category', 'no-such-kind')).toBeNull();
    } finally {
      t.db.removeListener('query', heard);
      await t.db('cities').update({ country: 'Türkiye' });
      await t.db('countries').delete();
    }
  });

  it('of a category are read from its index alone', async () => {
    const plans = await plansOn('business_facets', async () => {
      const reads = publicReads(t.db);
      await reads.groupBusinesses('category', (await reads.group('category', 'kind-3'))!, {});
    });
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(plan).toMatch(/Index Only Scan using business_facets_category_city_idx on business_facets/);
      expect(plan).not.toMatch(/(Heap|Seq) Scan on business_facets/);
    }
  });
});

describe('the links to categories in a city', () => {
  it("of a country and of a category are the first entries of their index of the kept counts, no facet row grouped", async () => {
    for (const [read, index] of [
      [() => listCityCategories(t.db, { country: 'Türkiye' }, CITY_CATEGORY_MIN_BUSINESSES, CITY_CATEGORY_LINKS.country), 'city_category_counts_country_idx'],
      [async () => listCityCategories(t.db, { categoryId: (await t.db('categories').where({ slug: 'kind-3' }).first('id')).id }, CITY_CATEGORY_MIN_BUSINESSES, CITY_CATEGORY_LINKS.category), 'city_category_counts_category_idx'],
    ] as const) {
      const links = await plansOn('city_category_counts', read);
      expect(links).toHaveLength(1);
      expect(links[0]).toMatch(new RegExp(`Index (Only )?Scan using ${index} on city_category_counts`));
      // The limit takes the index's first rows: nothing is sorted before it.
      expect(links[0].slice(links[0].indexOf('Limit'))).not.toMatch(/Sort/);
      expect(await plansOn('business_facets', read)).toEqual([]);
    }
    // Their links to categories in a country read the kept counts per category in a country, a row
    // each, and sum no count per category in a city.
    for (const read of [
      () => listCountryCategories(t.db, { country: 'Türkiye' }, CITY_CATEGORY_MIN_BUSINESSES, COUNTRY_CATEGORY_LINKS.country),
      async () => listCountryCategories(t.db, { categoryId: (await t.db('categories').where({ slug: 'kind-3' }).first('id')).id }, CITY_CATEGORY_MIN_BUSINESSES, COUNTRY_CATEGORY_LINKS.category),
    ]) {
      expect(await plansOn('city_category_counts', read)).toEqual([]);
      expect(await plansOn('country_category_counts', read)).toHaveLength(1);
    }
    // A category's page (its top cities, its top countries) groups no facet row either.
    expect(await plansOn('business_facets', () => publicReads(t.db).group('category', 'kind-3'))).toEqual([]);
    expect(await listCityCategories(t.db, { country: 'Türkiye' }, CITY_CATEGORY_MIN_BUSINESSES, CITY_CATEGORY_LINKS.country)).toHaveLength(CITY_CATEGORY_LINKS.country);
  });
});
