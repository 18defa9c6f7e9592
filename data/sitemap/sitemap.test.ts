import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { createDb } from '../../db/index.js';
import { getServedFile } from '../../db/queries/sitemaps.js';
import { loadSample } from '../samples/sample.js';
import { SitemapBusyError, generateSitemaps } from './sitemap.js';
import { insertGeneratedBusinesses, startHeldGeneration } from './sitemap-fixtures.js';
import { getSitemapFiles, getSitemapProgress, getSitemapStats } from './sitemap-status.js';
import { validateSitemaps } from './sitemap-validate.js';
import { extractLocs } from './sitemap-validate.js';
import { formatLastmod } from './sitemap-xml.js';

const BASE = 'https://rehber.example';

function names(files: { name: string }[]) {
  return files.map((f) => f.name);
}

describe('sitemap generation for the sample directory', () => {
  const t = useTestDb();
  beforeAll(async () => {
    await loadSample(t.db);
  });

  it('writes one file per type plus the index, every URL absolute, and they validate', async () => {
    expect((await getSitemapFiles(t.db)).length).toBe(0);
    expect(await getSitemapProgress(t.db)).toEqual({ progress: 0 });
    const result = await generateSitemaps(t.db, { baseUrl: `${BASE}/` });
    expect(names(result.files)).toEqual(['sitemap.xml', 'businesses-1.xml', 'cities-1.xml', 'categories-1.xml', 'countries-1.xml', 'city-categories-1.xml', 'district-categories-1.xml', 'country-categories-1.xml', 'pages-1.xml']);

    const stats = await getSitemapStats(t.db, { baseUrl: 'http://localhost:3000' });
    expect(stats.baseUrl).toBe(BASE);
    const { n: active } = (await t.db('businesses').where({ is_active: true }).count({ n: '*' }).first()) as { n: number };
    expect(stats.totalBusinesses).toBe(Number(active));
    expect(result.files.find((f) => f.type === 'businesses')!.count).toBe(stats.totalBusinesses);
    expect(result.files.find((f) => f.type === 'cities')!.count).toBe(stats.totalCities);
    expect(result.files.find((f) => f.type === 'categories')!.count).toBe(stats.totalCategories);
    expect(result.files.find((f) => f.type === 'countries')!.count).toBe(stats.totalCountries);
    expect(result.files.find((f) => f.type === 'city-categories')!.count).toBe(stats.totalCityCategories);
    // Counted per spelling of a district; written once per page (the sample spells each one way).
    expect(result.files.find((f) => f.type === 'district-categories')!.count).toBe(stats.totalDistrictCategories);
    expect(result.files.find((f) => f.type === 'country-categories')!.count).toBe(stats.totalCountryCategories);
    expect(stats.lastGenerated).not.toBeNull();
    expect(await getSitemapProgress(t.db)).toEqual({ progress: 100 });

    const businesses = await getServedFile(t.db, 'businesses-1.xml');
    const locs = extractLocs(businesses!.content);
    expect(locs.every((l) => l.startsWith(`${BASE}/details/`))).toBe(true);
    expect(businesses!.content).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
    const index = await getServedFile(t.db, 'sitemap.xml');
    expect(extractLocs(index!.content)).toEqual(result.files.slice(1).map((f) => `${BASE}/sitemaps/${f.name}`));

    const files = await getSitemapFiles(t.db);
    expect(files[0]).toMatchObject({ name: 'sitemap.xml', type: 'index', status: 'ready', url: '/sitemap.xml', count: 8 });
    expect(files[1]).toMatchObject({ name: 'businesses-1.xml', status: 'ready', url: '/sitemaps/businesses-1.xml' });
    expect(files[1].size).toMatch(/^\d+(\.\d)? (B|KB|MB)$/);

    expect(await validateSitemaps(t.db, { baseUrl: BASE })).toEqual({ validFiles: 9, errors: [] });
    const wrongBase = await validateSitemaps(t.db, { baseUrl: 'https://elsewhere.example' });
    expect(wrongBase.validFiles).toBe(0);
    expect(wrongBase.errors.some((e) => e.startsWith('businesses-1.xml: ') && e.includes('outside https://elsewhere.example'))).toBe(true);
    // Each file keeps what the validation found, until the next one finds it clean.
    const flagged = await getSitemapFiles(t.db);
    expect(flagged.every((f) => f.status === 'error')).toBe(true);
    expect(flagged.find((f) => f.name === 'businesses-1.xml')?.errors).toEqual([expect.stringContaining('outside https://elsewhere.example')]);
    await validateSitemaps(t.db, { baseUrl: BASE });
    expect((await getSitemapFiles(t.db)).map((f) => [f.status, f.errors])).toEqual(flagged.map(() => ['ready', undefined]));
  });

  it('lists the home page, /cities, /categories and /about, and dates each page by its businesses\' newest change', async () => {
    await generateSitemaps(t.db, { baseUrl: BASE });
    const pages = (await getServedFile(t.db, 'pages-1.xml'))!.content;
    expect(extractLocs(pages)).toEqual([`${BASE}/`, `${BASE}/cities`, `${BASE}/categories`, `${BASE}/about`]);
    const { newest } = (await t.db('businesses').max({ newest: 'updated_at' }).first()) as { newest: Date };
    // The three that show the directory's data carry its newest change; /about shows none.
    expect(pages.match(/<lastmod>[^<]+<\/lastmod>/g)).toEqual(Array(3).fill(`<lastmod>${formatLastmod(newest)}</lastmod>`));
    expect(pages).toContain(`<loc>${BASE}/about</loc></url>`);
    for (const name of ['cities-1.xml', 'categories-1.xml', 'countries-1.xml', 'city-categories-1.xml']) {
      const content = (await getServedFile(t.db, name))!.content;
      expect(content.match(/<url>/g)?.length, name).toBe(content.match(/<lastmod>/g)?.length);
    }
    // A city's date is its businesses' newest change.
    const city = (await t.db('cities as c').join('businesses as b', 'b.city_id', 'c.id').where('b.is_active', true).groupBy('c.slug').orderBy('c.slug').first('c.slug', t.db.raw('max(b.updated_at) AS newest'))) as { slug: string; newest: Date };
    expect((await getServedFile(t.db, 'cities-1.xml'))!.content).toContain(`<loc>${BASE}/city/${city.slug}</loc><lastmod>${formatLastmod(city.newest)}</lastmod>`);
  });

  it('leaves inactive businesses out', async () => {
    const slug = (await t.db('businesses').orderBy('id').first('slug')).slug as string;
    await t.db('businesses').where({ slug }).update({ is_active: false });
    await generateSitemaps(t.db, { baseUrl: BASE });
    const content = (await getServedFile(t.db, 'businesses-1.xml'))!.content;
    expect(content).not.toContain(`/details/${slug}<`);
    await t.db('businesses').where({ slug }).update({ is_active: true });
  });
});

describe('sitemap file boundaries', () => {
  const t = useTestDb();

  it('9,000 businesses fill one file; the 9,001st starts a second; the new set replaces the old', async () => {
    await insertGeneratedBusinesses(t.db, { businesses: 9000, prefix: 'a', cities: 3, categories: 2 });
    const first = await generateSitemaps(t.db, { baseUrl: BASE });
    expect(first.files.filter((f) => f.type === 'businesses').map((f) => [f.name, f.count])).toEqual([['businesses-1.xml', 9000]]);

    await insertGeneratedBusinesses(t.db, { businesses: 1, prefix: 'b', cities: 1, categories: 1 });
    const second = await generateSitemaps(t.db, { baseUrl: BASE });
    expect(second.files.filter((f) => f.type === 'businesses').map((f) => [f.name, f.count])).toEqual([
      ['businesses-1.xml', 9000],
      ['businesses-2.xml', 1],
    ]);
    expect(second.files.find((f) => f.type === 'countries')!.count).toBe(2);

    const statuses = await t.db('sitemap_generations').orderBy('id').pluck('status');
    expect(statuses).toEqual(['replaced', 'ready']);
    const stored = await t.db('sitemap_files').distinct('generation_id').pluck('generation_id');
    expect(stored).toEqual([second.generationId]);
    const v = await validateSitemaps(t.db, { baseUrl: BASE });
    expect(v).toEqual({ validFiles: second.files.length, errors: [] });
  });
});

describe('sitemap generation for more than 20,000 businesses', () => {
  const t = useTestDb();
  beforeAll(async () => {
    await insertGeneratedBusinesses(t.db, { businesses: 20_500, cities: 120, categories: 30 });
  });

  it('splits businesses into files of 9,000 and reports real progress', async () => {
    const seen: number[] = [];
    const result = await generateSitemaps(t.db, {
      baseUrl: BASE,
      onProgress: (p) => {
        if (p.phase === 'writing' && p.file) seen.push(p.done);
      },
    });
    const business = result.files.filter((f) => f.type === 'businesses');
    expect(business.map((f) => [f.name, f.count])).toEqual([
      ['businesses-1.xml', 9000],
      ['businesses-2.xml', 9000],
      ['businesses-3.xml', 2500],
    ]);
    expect(seen.slice(0, 3)).toEqual([9000, 18000, 20500]);
    // Each of the 120 cities holds one of the 30 categories (120 is a multiple of 30): 120
    // combinations; the 30 categories in its one country; and the four pages without a slug.
    expect(result.urls).toBe(20_500 + 120 + 30 + 1 + 120 + 30 + 4);
    const g = await t.db('sitemap_generations').where({ id: result.generationId }).first();
    expect([g.work_planned, g.work_done, g.status]).toEqual([result.urls, result.urls, 'ready']);
    expect(await validateSitemaps(t.db, { baseUrl: BASE })).toEqual({ validFiles: result.files.length, errors: [] });
  });

  it('keeps the old set served while a new one runs, and refuses a second generation from any connection', async () => {
    const before = (await getServedFile(t.db, 'sitemap.xml'))!.content;
    const held = await startHeldGeneration(t.db, 'https://new.example', 'businesses-2.xml');
    expect((await getServedFile(t.db, 'sitemap.xml'))!.content).toBe(before);
    expect((await getServedFile(t.db, 'businesses-1.xml'))!.content).toContain(`${BASE}/details/`);
    const progress = (await getSitemapProgress(t.db)).progress;
    expect(progress).toBeGreaterThan(0);
    expect(progress).toBeLessThan(100);

    await expect(generateSitemaps(t.db, { baseUrl: BASE })).rejects.toBeInstanceOf(SitemapBusyError);
    const other = createDb(t.url, { max: 2 });
    try {
      await expect(generateSitemaps(other, { baseUrl: BASE })).rejects.toMatchObject({ status: 409, message: 'A sitemap generation is already running' });
    } finally {
      await other.destroy();
    }

    await held.finish();
    expect((await getServedFile(t.db, 'sitemap.xml'))!.content).toContain('https://new.example/sitemaps/businesses-1.xml');
  });

  it('a generation that fails leaves the old set served', async () => {
    const before = (await getServedFile(t.db, 'sitemap.xml'))!.content;
    await expect(
      generateSitemaps(t.db, {
        baseUrl: BASE,
        afterFile: () => {
          throw new Error('disk on fire');
        },
      }),
    ).rejects.toThrow('disk on fire');
    expect((await getServedFile(t.db, 'sitemap.xml'))!.content).toBe(before);
    const latest = await t.db('sitemap_generations').orderBy('id', 'desc').first();
    expect([latest.status, latest.error]).toEqual(['error', 'disk on fire']);
    expect(await t.db('sitemap_files').where({ generation_id: latest.id }).count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(await getSitemapProgress(t.db)).toEqual({ progress: 0 });
  });
});

describe('a local base URL over a public site', () => {
  const t = useTestDb();
  beforeAll(async () => {
    await insertGeneratedBusinesses(t.db, { businesses: 20, cities: 2, categories: 2 });
    await generateSitemaps(t.db, { baseUrl: 'https://example.com' });
  });

  it('is refused in every spelling of this machine, and the served set stays', async () => {
    const served = await getServedFile(t.db, 'businesses-1.xml');
    for (const local of ['http://localhost:3000', 'http://LOCALHOST.:3000', 'http://app.localhost', 'http://127.1:3000', 'http://0.0.0.0:3000', 'http://[::1]:3000', 'http://[::ffff:127.0.0.1]']) {
      await expect(generateSitemaps(t.db, { baseUrl: local }), local).rejects.toThrow(/^The served sitemaps use https:\/\/example\.com; .* set PUBLIC_BASE_URL$/);
    }
    expect(await getServedFile(t.db, 'businesses-1.xml')).toEqual(served);
  });

  it('is written when the caller names it, and then a local set may replace a local one', async () => {
    await generateSitemaps(t.db, { baseUrl: 'http://localhost:3000', baseUrlChosen: true });
    await generateSitemaps(t.db, { baseUrl: 'http://127.0.0.1:3001' });
    expect((await getServedFile(t.db, 'businesses-1.xml'))!.content).toContain('<loc>http://127.0.0.1:3001/');
  });
});
