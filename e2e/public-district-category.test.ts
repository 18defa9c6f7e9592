import { beforeAll, describe, expect, it } from 'vitest';
import { cityCategoryPath, districtCategoryPath } from '../domain/paths.js';
import { CITY_CATEGORY_MIN_BUSINESSES } from '../domain/constants.js';
import { attr, decode, expectNamesWithoutLinks, expectOneListUnder, fetchHtml, jsonLd } from './public-helpers.js';
import { publicSession } from './public-session.js';
import { renameGroup } from '../data/store/group-writes.js';
import { insertGeneratedBusinesses } from '../data/sitemap/sitemap-fixtures.js';

/**
 * A category in a district (/city/:city/:district/:category): its server-rendered HTML as a crawler
 * gets it, the links that lead to it, and a visitor's way to it from its category in the city.
 */

// 2 cities × 3 categories, 6 businesses in each combination: the first four of each in Kadıköy
// (a page), the fifth in Moda (thin), the last in no district.
const s = publicSession({
  app: {
    sample: false,
    seed: async (app) => {
      await insertGeneratedBusinesses(app.db, { businesses: 2 * 3 * 6, cities: 2, categories: 3, prefix: 'dist' });
      await app.db.raw(`UPDATE businesses SET district = CASE WHEN n / 6 < 4 THEN 'Kadıköy' WHEN n / 6 = 4 THEN 'Moda' END
                          FROM (SELECT id, split_part(slug, '-', 3)::int - 1 AS n FROM businesses) g WHERE g.id = businesses.id`);
      await app.settle();
    },
  },
});

interface Combo {
  citySlug: string;
  cityName: string;
  categorySlug: string;
  categoryName: string;
}

let combo: Combo;
const kadikoy = () => districtCategoryPath(combo.citySlug, 'kadikoy', combo.categorySlug);
const moda = () => districtCategoryPath(combo.citySlug, 'moda', combo.categorySlug);

beforeAll(async () => {
  combo = (await s.app.db('cities as c').crossJoin('categories as k' as never).orderBy(['c.id', 'k.id']).first('c.slug as citySlug', 'c.name as cityName', 'k.slug as categorySlug', 'k.name as categoryName')) as Combo;
});

const html = (path: string) => fetchHtml(s.app.url + path);

describe('a category in a district, server-rendered', () => {
  it('has its title and H1 "{Category} in {District}, {City}", a true description, a self canonical and its JSON-LD', async () => {
    const { status, body } = await html(kadikoy());
    expect(status).toBe(200);
    const title = decode(attr(body, /<title>([^<]*)<\/title>/));
    expect(title).toBe(`${combo.categoryName} in Kadıköy, ${combo.cityName}, dist land | rehber`);
    expect(decode(attr(body, /<h1[^>]*>([\s\S]*?)<\/h1>/)?.replace(/<[^>]+>/g, ''))).toBe(title?.replace(/ \| .*$/, ''));
    expect(decode(attr(body, /<meta name="description" content="([^"]*)"/))).toMatch(new RegExp(`^${combo.categoryName} in Kadıköy, ${combo.cityName}, dist land: 4 businesses\\.`));
    expect(attr(body, /<link rel="canonical" href="([^"]*)"/)).toBe(s.app.url + kadikoy());
    expect(body).not.toContain('content="noindex"');
    const ld = jsonLd(body);
    expect(ld.BreadcrumbList.itemListElement.map((c) => c.name)).toEqual(['Home', 'dist land', combo.cityName, combo.categoryName, 'Kadıköy']);
    expect(ld.BreadcrumbList.itemListElement.map((c) => c.item).slice(-2)).toEqual([s.app.url + cityCategoryPath(combo.citySlug, combo.categorySlug), s.app.url + kadikoy()]);
    // Only the category's businesses in the district are listed.
    const listed = ld.ItemList.itemListElement.map((i) => decodeURIComponent(new URL(String(i.url)).pathname.replace('/details/', '')));
    expect(listed).toHaveLength(4);
    const theirs = (await s.app.db('businesses as b').join('categories as k', 'k.id', 'b.category_id').join('cities as c', 'c.id', 'b.city_id').whereIn('b.slug', listed).select('k.slug as k', 'c.slug as c', 'b.district as d')) as Array<{ k: string; c: string; d: string }>;
    expect(new Set(theirs.map((r) => `${r.c}/${r.d}/${r.k}`))).toEqual(new Set([`${combo.citySlug}/Kadıköy/${combo.categorySlug}`]));
  });

  it("carries its city and its category in its data island without their links, which it does not draw", async () => {
    const { status, body } = await html(kadikoy());
    expect(status).toBe(200);
    expectNamesWithoutLinks(body, [['api', 'cities', combo.citySlug, 'summary'], ['api', 'categories', combo.categorySlug, 'summary']]);
  });

  it('carries its list once in its data island when the view spells out its default sort, as its plain page does', async () => {
    await expectOneListUnder(s.app.url + kadikoy(), ['sort=rating', 'sort=rating&page=1', 'sort=relevance', 'page=1&verified=false']);
  });

  it('keeps its filters and sort on its own canonical', async () => {
    const filtered = await html(`${kadikoy()}?minRating=1&sort=name&district=Moda`);
    expect(filtered.status).toBe(200);
    expect(attr(filtered.body, /<link rel="canonical" href="([^"]*)"/)).toBe(s.app.url + kadikoy());
  });

  it('is a 404 for an unknown district or category and a page past the last', async () => {
    for (const path of [districtCategoryPath(combo.citySlug, 'nowhere', combo.categorySlug), districtCategoryPath(combo.citySlug, 'kadikoy', 'no-such-category'), `${kadikoy()}?page=99`]) {
      expect((await html(path)).status, path).toBe(404);
    }
  });

  it(`is served with noindex under ${CITY_CATEGORY_MIN_BUSINESSES} active businesses`, async () => {
    const { status, body } = await html(moda());
    expect(status).toBe(200);
    expect(body).toContain('<meta name="robots" content="noindex" />');
  });
});

describe('links to a category in a district', () => {
  it('its category in the city links each of its districts that is a page, and no thinner one', async () => {
    const { body } = await html(cityCategoryPath(combo.citySlug, combo.categorySlug));
    const list = /<ul[^>]*data-district-categories=""[^>]*>([\s\S]*?)<\/ul>/.exec(body)?.[1] ?? '';
    expect([...list.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([kadikoy()]);
  });

  it('a business page links its category in its district, in its text and its trail', async () => {
    const b = (await s.app.db('businesses as b').join('cities as c', 'c.id', 'b.city_id').join('categories as k', 'k.id', 'b.category_id').where({ 'b.district': 'Moda', 'c.slug': combo.citySlug, 'k.slug': combo.categorySlug }).first('b.slug')) as { slug: string };
    const { body } = await html(`/details/${b.slug}`);
    expect(body).toContain(`href="${moda()}"`);
    expect(jsonLd(body).BreadcrumbList.itemListElement.map((c) => c.item)).toContain(s.app.url + moda());
  });
});

describe('a visitor', () => {
  it('goes from a category in a city to one of its districts and sees only its businesses there', async () => {
    await s.page.goto(s.app.url + cityCategoryPath(combo.citySlug, combo.categorySlug));
    await s.page.locator('[data-district-categories] a', { hasText: `${combo.categoryName} in Kadıköy` }).click();
    await s.page.waitForURL(`**${kadikoy()}`);
    await s.page.getByRole('heading', { level: 1, name: `${combo.categoryName} in Kadıköy, ${combo.cityName}, dist land` }).waitFor();
    await s.page.locator('[data-business-item]').first().waitFor();
    expect(await s.page.locator('[data-business-item]').count()).toBe(4);
  });
});

describe('a renamed city', () => {
  it('sends its old district paths to the new ones with a 301', async () => {
    const before = kadikoy();
    const { id } = (await s.app.db('cities').where({ slug: combo.citySlug }).first('id')) as { id: number };
    const { slug } = await renameGroup(s.app.db, 'city', id, `${combo.cityName} Renamed`);
    await s.app.settle();
    const res = await fetch(`${s.app.url}${before}?page=1`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get('location')!, s.app.url).pathname).toBe(districtCategoryPath(slug, 'kadikoy', combo.categorySlug));
    expect((await fetch(s.app.url + districtCategoryPath(slug, 'kadikoy', combo.categorySlug))).status).toBe(200);
  });
});
