import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { getServedFile } from '../../db/queries/sitemaps.js';
import { generateSitemaps } from './sitemap.js';
import { getSitemapStats } from './sitemap-status.js';
import { extractLocs, validateSitemaps } from './sitemap-validate.js';

const BASE = 'https://rehber.example';

describe('sitemaps of the categories in a country', () => {
  const t = useTestDb();
  beforeAll(async () => {
    await t.db('countries').insert([
      { name: 'Türkiye', slug: 'turkiye' },
      { name: 'Other land', slug: 'other-land' },
    ]);
    const [istanbul, ankara, elsewhere] = await t
      .db('cities')
      .insert([
        { name: 'İstanbul', country: 'Türkiye', slug: 'istanbul' },
        { name: 'Ankara', country: 'Türkiye', slug: 'ankara' },
        { name: 'Elsewhere', country: 'Other land', slug: 'elsewhere' },
      ])
      .returning('id');
    const [cafes, bakers] = await t.db('categories').insert([{ name: 'Cafés', slug: 'cafes' }, { name: 'Bakers', slug: 'bakers' }]).returning('id');
    let n = 0;
    const business = (cityId: number, categoryId: number, { updatedAt = '2026-03-01T08:00:00Z', active = true, country = 'Türkiye' } = {}) => ({
      name: `Country ${++n}`,
      slug: `country-${n}`,
      address: `${n} Main Street`,
      country,
      city_id: cityId,
      category_id: categoryId,
      identity_key: `n:country:${n}`,
      updated_at: updatedAt,
      is_active: active,
    });
    await t.db('businesses').insert([
      // Three cafés over two cities of Türkiye: a page in the country, though thin in each city.
      business(istanbul.id, cafes.id),
      business(istanbul.id, cafes.id, { updatedAt: '2026-05-17T09:30:00Z' }),
      business(ankara.id, cafes.id),
      // Two bakers and a hidden one: thin.
      business(istanbul.id, bakers.id),
      business(ankara.id, bakers.id),
      business(ankara.id, bakers.id, { active: false }),
      // Two cafés in another country: thin there, and not counted in Türkiye's.
      business(elsewhere.id, cafes.id, { country: 'Other land' }),
      business(elsewhere.id, cafes.id, { country: 'Other land' }),
    ]);
  });

  it('lists a category in a country with COMBO_MIN_BUSINESSES active businesses over its cities, dated by its newest; thinner ones are left out', async () => {
    const result = await generateSitemaps(t.db, { baseUrl: BASE, cityCategoryMin: 3 });
    expect(result.files.filter((f) => f.type === 'country-categories').map((f) => [f.name, f.count])).toEqual([['country-categories-1.xml', 1]]);
    const content = (await getServedFile(t.db, 'country-categories-1.xml'))!.content;
    expect(extractLocs(content)).toEqual([`${BASE}/country/turkiye/cafes`]);
    expect(content).toContain('<lastmod>2026-05-17T09:30:00Z</lastmod>');
    expect(extractLocs((await getServedFile(t.db, 'sitemap.xml'))!.content)).toContain(`${BASE}/sitemaps/country-categories-1.xml`);
    expect(await validateSitemaps(t.db, { baseUrl: BASE })).toEqual({ validFiles: result.files.length, errors: [] });
  });

  it('are counted on the admin page under the threshold it is given', async () => {
    expect((await getSitemapStats(t.db, { baseUrl: BASE, cityCategoryMin: 3 })).totalCountryCategories).toBe(1);
    expect((await getSitemapStats(t.db, { baseUrl: BASE, cityCategoryMin: 2 })).totalCountryCategories).toBe(3);
    await generateSitemaps(t.db, { baseUrl: BASE, cityCategoryMin: 2 });
    expect(extractLocs((await getServedFile(t.db, 'country-categories-1.xml'))!.content)).toEqual([
      `${BASE}/country/turkiye/cafes`,
      `${BASE}/country/turkiye/bakers`,
      `${BASE}/country/other-land/cafes`,
    ]);
  });
});
