import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { getServedFile, sourceQuery } from '../../db/queries/sitemaps.js';
import { generateSitemaps } from './sitemap.js';
import { getSitemapStats } from './sitemap-status.js';
import { extractLocs, validateSitemaps } from './sitemap-validate.js';

const BASE = 'https://rehber.example';

describe('sitemaps of the categories in a city', () => {
  const t = useTestDb();
  beforeAll(async () => {
    await t.db('countries').insert({ name: 'Combo land', slug: 'combo-land' });
    const [city] = await t.db('cities').insert({ name: 'Austin', country: 'Combo land', slug: 'austin' }).returning('id');
    const [plumbers, bakers] = await t.db('categories').insert([{ name: 'Plumbers', slug: 'plumbers' }, { name: 'Bakers', slug: 'bakers' }]).returning('id');
    const business = (n: number, categoryId: number, updatedAt: string, active = true) => ({
      name: `Combo ${n}`,
      slug: `combo-${n}`,
      address: `${n} Main Street`,
      country: 'Combo land',
      city_id: city.id,
      category_id: categoryId,
      identity_key: `n:combo:${n}`,
      is_active: active,
      updated_at: updatedAt,
    });
    await t.db('businesses').insert([
      // Three plumbers: at the threshold, dated by the newest of them.
      business(1, plumbers.id, '2026-03-01T08:00:00Z'),
      business(2, plumbers.id, '2026-05-17T09:30:00Z'),
      business(3, plumbers.id, '2026-04-02T10:00:00Z'),
      // Two active bakers and one inactive: under it.
      business(4, bakers.id, '2026-06-01T00:00:00Z'),
      business(5, bakers.id, '2026-06-02T00:00:00Z'),
      business(6, bakers.id, '2026-06-03T00:00:00Z', false),
    ]);
  });

  it('lists a combination with COMBO_MIN_BUSINESSES active businesses, dated by its newest, and leaves a thinner one out', async () => {
    const result = await generateSitemaps(t.db, { baseUrl: BASE, cityCategoryMin: 3 });
    expect(result.files.filter((f) => f.type === 'city-categories').map((f) => [f.name, f.count])).toEqual([['city-categories-1.xml', 1]]);
    const content = (await getServedFile(t.db, 'city-categories-1.xml'))!.content;
    expect(extractLocs(content)).toEqual([`${BASE}/city/austin/plumbers`]);
    expect(content).toContain('<lastmod>2026-05-17T09:30:00Z</lastmod>');
    expect(extractLocs((await getServedFile(t.db, 'sitemap.xml'))!.content)).toContain(`${BASE}/sitemaps/city-categories-1.xml`);

    const stats = await getSitemapStats(t.db, { baseUrl: BASE, cityCategoryMin: 3 });
    expect(stats.totalCityCategories).toBe(1);
    expect(await validateSitemaps(t.db, { baseUrl: BASE })).toEqual({ validFiles: result.files.length, errors: [] });
  });

  it('follows the threshold it is given', async () => {
    expect((await getSitemapStats(t.db, { baseUrl: BASE, cityCategoryMin: 2 })).totalCityCategories).toBe(2);
    await generateSitemaps(t.db, { baseUrl: BASE, cityCategoryMin: 2 });
    expect(extractLocs((await getServedFile(t.db, 'city-categories-1.xml'))!.content)).toEqual([`${BASE}/city/austin/plumbers`, `${BASE}/city/austin/bakers`]);
    expect((await getSitemapStats(t.db, { baseUrl: BASE, cityCategoryMin: 4 })).totalCityCategories).toBe(0);
  });

  it('reads the combinations in one grouped pass over the businesses, not one query per combination', async () => {
    const { rows } = await t.db.raw(`EXPLAIN (FORMAT JSON) ${sourceQuery('city-categories', { cityCategoryMin: 3 })}`);
    const plan = JSON.stringify(rows[0]['QUERY PLAN']);
    expect(plan.match(/"Relation Name":"businesses"/g)).toHaveLength(1);
    expect(plan).toMatch(/"Node Type":"Aggregate"/);
    expect(plan).not.toMatch(/Subplan Name|SubPlan/);
  });
});
