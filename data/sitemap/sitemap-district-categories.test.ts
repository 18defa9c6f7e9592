import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { countQuery, countSource, getServedFile, groupBusinessesOnce, readSource, sourceQuery, type SitemapSource } from '../../db/queries/sitemaps.js';
import { generateSitemaps } from './sitemap.js';
import { getSitemapStats } from './sitemap-status.js';
import { extractLocs, validateSitemaps } from './sitemap-validate.js';

const BASE = 'https://rehber.example';

describe('sitemaps of the categories in a district', () => {
  const t = useTestDb();
  beforeAll(async () => {
    await t.db('countries').insert({ name: 'District land', slug: 'district-land' });
    const [city] = await t.db('cities').insert({ name: 'İstanbul', country: 'District land', slug: 'istanbul' }).returning('id');
    const [cafes, bakers] = await t.db('categories').insert([{ name: 'Cafés', slug: 'cafes' }, { name: 'Bakers', slug: 'bakers' }]).returning('id');
    let n = 0;
    const business = (categoryId: number, district: string | null, updatedAt = '2026-03-01T08:00:00Z') => ({
      name: `District ${++n}`,
      slug: `district-${n}`,
      address: `${n} Main Street`,
      country: 'District land',
      city_id: city.id,
      category_id: categoryId,
      district,
      identity_key: `n:district:${n}`,
      updated_at: updatedAt,
    });
    await t.db('businesses').insert([
      // Three cafés in Kadıköy, two of them spelled without its marks: one page, listed once.
      business(cafes.id, 'Kadıköy'),
      business(cafes.id, 'Kadıköy', '2026-05-17T09:30:00Z'),
      business(cafes.id, 'Kadıköy'),
      business(cafes.id, 'Kadikoy'),
      business(cafes.id, 'Kadikoy'),
      business(cafes.id, 'Kadikoy'),
      // Two bakers in Moda: thin. A district of nothing the slug rule keeps has no page.
      business(bakers.id, 'Moda'),
      business(bakers.id, 'Moda'),
      business(bakers.id, 'Бейоглу'),
      business(bakers.id, 'Бейоглу'),
      business(bakers.id, 'Бейоглу'),
      // No district: in none.
      business(bakers.id, null),
      business(bakers.id, null),
      business(bakers.id, null),
    ]);
  });

  it('lists a category in a district with COMBO_MIN_BUSINESSES active businesses once, dated by its newest; thinner ones and districts without a slug are left out', async () => {
    const result = await generateSitemaps(t.db, { baseUrl: BASE, cityCategoryMin: 3 });
    expect(result.files.filter((f) => f.type === 'district-categories').map((f) => [f.name, f.count])).toEqual([['district-categories-1.xml', 1]]);
    const content = (await getServedFile(t.db, 'district-categories-1.xml'))!.content;
    expect(extractLocs(content)).toEqual([`${BASE}/city/istanbul/kadikoy/cafes`]);
    expect(content).toContain('<lastmod>2026-05-17T09:30:00Z</lastmod>');
    expect(extractLocs((await getServedFile(t.db, 'sitemap.xml'))!.content)).toContain(`${BASE}/sitemaps/district-categories-1.xml`);
    expect(await validateSitemaps(t.db, { baseUrl: BASE })).toEqual({ validFiles: result.files.length, errors: [] });
  });

  it('are counted on the admin page under the threshold it is given', async () => {
    // Per spelling: Kadıköy and Kadikoy, and Бейоглу, which has no page.
    expect((await getSitemapStats(t.db, { baseUrl: BASE, cityCategoryMin: 3 })).totalDistrictCategories).toBe(3);
    expect((await getSitemapStats(t.db, { baseUrl: BASE, cityCategoryMin: 2 })).totalDistrictCategories).toBe(4);
    await generateSitemaps(t.db, { baseUrl: BASE, cityCategoryMin: 2 });
    expect(extractLocs((await getServedFile(t.db, 'district-categories-1.xml'))!.content)).toEqual([`${BASE}/city/istanbul/kadikoy/cafes`, `${BASE}/city/istanbul/moda/bakers`]);
  });

  it('a generation groups the businesses once: every grouped type reads the same groups from that pass, none reads the businesses again, nor counts them', async () => {
    // The pages without a slug too: the newest change of every business, active or not, is a group of the pass.
    await t.db('businesses').where('slug', 'district-1').update({ is_active: false, updated_at: new Date('2099-01-02T03:04:05.678Z') });
    const grouped: SitemapSource[] = ['cities', 'categories', 'countries', 'city-categories', 'district-categories', 'pages'];
    const trx = await t.db.transaction();
    try {
      await groupBusinessesOnce(trx);
      for (const source of grouped) {
        const rowsOf = async (options: { cityCategoryMin: number; grouped?: boolean }) => {
          const all = [];
          for await (const rows of readSource(trx, source, 1000, options)) all.push(...rows);
          return all;
        };
        expect(await countSource(trx, source, { cityCategoryMin: 2, grouped: true }), source).toBe(await countSource(trx, source, { cityCategoryMin: 2 }));
        expect(await rowsOf({ cityCategoryMin: 2, grouped: true }), source).toEqual(await rowsOf({ cityCategoryMin: 2 }));
        const { rows } = await trx.raw(`EXPLAIN (FORMAT JSON) ${sourceQuery(source, { cityCategoryMin: 2, grouped: true })}`);
        expect(JSON.stringify(rows[0]['QUERY PLAN']), source).not.toMatch(/"Relation Name":"businesses"/);
      }
      expect(await countSource(trx, 'businesses', { cityCategoryMin: 2, grouped: true })).toBe(await countSource(trx, 'businesses'));
      const { rows: counted } = await trx.raw(`EXPLAIN (FORMAT JSON) ${countQuery('businesses', { cityCategoryMin: 2, grouped: true })}`);
      expect(JSON.stringify(counted[0]['QUERY PLAN'])).not.toMatch(/"Relation Name":"businesses"/);
      const pages = [];
      for await (const rows of readSource(trx, 'pages', 1000, { cityCategoryMin: 2, grouped: true })) pages.push(...rows);
      expect(pages.find((p) => p.slug === 'home')).toEqual({ slug: 'home', lastmod: '2099-01-02T03:04:05Z' });
    } finally {
      await trx.rollback();
    }
  });
});
