import { beforeAll, describe, expect, it } from 'vitest';
import { cityCategoryPath, countryCategoryPath, slugPath } from '../domain/paths.js';
import { CITY_CATEGORY_MIN_BUSINESSES } from '../domain/constants.js';
import { attr, decode, expectNamesWithoutLinks, expectOneListUnder, fetchHtml, jsonLd, jsonLds } from './public-helpers.js';
import { publicSession } from './public-session.js';
import { renameGroup } from '../data/store/group-writes.js';
import { insertGeneratedBusinesses } from '../data/sitemap/sitemap-fixtures.js';

/**
 * A category in a country (/country/:country/:category): its server-rendered HTML as a crawler gets
 * it, the links that lead to it, its redirects, and a visitor's way to it from its country.
 */

// 'ctry land': 2 cities × 3 categories, 2 businesses in each combination, so each category has 4 in
// the country (a page) and 2 in each city (thin there). 'thin land': 2 businesses of one category.
const s = publicSession({
  app: {
    sample: false,
    seed: async (app) => {
      await insertGeneratedBusinesses(app.db, { businesses: 2 * 3 * 2, cities: 2, categories: 3, prefix: 'ctry' });
      await insertGeneratedBusinesses(app.db, { businesses: 2, cities: 1, categories: 1, prefix: 'thin' });
      await app.settle();
    },
  },
});

interface Combo {
  countrySlug: string;
  countryName: string;
  categorySlug: string;
  categoryName: string;
}

let combo: Combo;
const page = () => countryCategoryPath(combo.countrySlug, combo.categorySlug);
const thin = countryCategoryPath('thin-land', 'thin-category-1');

beforeAll(async () => {
  const category = (await s.app.db('categories').where('slug', 'like', 'ctry-%').orderBy('id').first('slug', 'name')) as { slug: string; name: string };
  combo = { countrySlug: 'ctry-land', countryName: 'ctry land', categorySlug: category.slug, categoryName: category.name };
});

const html = (path: string) => fetchHtml(s.app.url + path);

describe('a category in a country, server-rendered', () => {
  it('has its title and H1 "{Category} in {Country}", a true description, a self canonical, its JSON-LD and its listing without JavaScript', async () => {
    const { status, body } = await html(page());
    expect(status).toBe(200);
    const title = decode(attr(body, /<title>([^<]*)<\/title>/));
    expect(title).toBe(`${combo.categoryName} in ${combo.countryName} | rehber`);
    expect(decode(attr(body, /<h1[^>]*>([\s\S]*?)<\/h1>/)?.replace(/<[^>]+>/g, ''))).toBe(`${combo.categoryName} in ${combo.countryName}`);
    const best = (await s.app.db('businesses').where('slug', 'like', 'ctry-%').where({ category_id: s.app.db('categories').where({ slug: combo.categorySlug }).select('id') }).orderBy([{ column: 'rating', order: 'desc' }, { column: 'review_count', order: 'desc' }, 'id']).first('name', 'rating')) as { name: string; rating: number };
    // Its cities, most businesses first (two each: then by the city's id); the closing words only when they fit whole.
    const said = `${combo.categoryName} in ${combo.countryName}: 4 businesses, in ctry city 1 and ctry city 2. Best rated: ${best.name} (${Number(best.rating).toFixed(1)}).`;
    const whole = `${said} Ratings, addresses, phone numbers and working hours.`;
    expect(decode(attr(body, /<meta name="description" content="([^"]*)"/))).toBe(whole.length <= 150 ? whole : said);
    expect(attr(body, /<link rel="canonical" href="([^"]*)"/)).toBe(s.app.url + page());
    expect(body).not.toContain('content="noindex"');
    const ld = jsonLd(body);
    expect(ld.BreadcrumbList.itemListElement.map((c) => c.name)).toEqual(['Home', combo.countryName, combo.categoryName]);
    expect(ld.BreadcrumbList.itemListElement.map((c) => c.item).slice(1)).toEqual([s.app.url + slugPath('country', combo.countrySlug), s.app.url + page()]);
    // The category's four businesses over both cities of the country, and only those.
    const listed = ld.ItemList.itemListElement.map((i) => decodeURIComponent(new URL(String(i.url)).pathname.replace('/details/', '')));
    expect(listed).toHaveLength(4);
    const theirs = (await s.app.db('businesses as b').join('categories as k', 'k.id', 'b.category_id').join('cities as c', 'c.id', 'b.city_id').whereIn('b.slug', listed).select('k.slug as k', 'c.country as country', 'c.slug as city')) as Array<{ k: string; country: string; city: string }>;
    expect(new Set(theirs.map((r) => `${r.country}/${r.k}`))).toEqual(new Set([`${combo.countryName}/${combo.categorySlug}`]));
    expect(new Set(theirs.map((r) => r.city)).size).toBe(2);
    // The listing itself is in the HTML, each business a link to its page.
    const items = [...body.matchAll(/data-business-item=""[\s\S]*?href="\/details\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]));
    expect(new Set(items)).toEqual(new Set(listed));
  });

  it("carries its country and its category in its data island without their links, which it does not draw", async () => {
    const { status, body } = await html(page());
    expect(status).toBe(200);
    expectNamesWithoutLinks(body, [['api', 'countries', combo.countrySlug, 'summary'], ['api', 'categories', combo.categorySlug, 'summary']]);
  });

  it('carries its list once in its data island when the view spells out its default sort, as its plain page does', async () => {
    await expectOneListUnder(s.app.url + page(), ['sort=rating', 'sort=rating&page=1', 'sort=relevance', 'page=1&verified=false']);
  });

  it('keeps its filters and sort on its own canonical', async () => {
    const filtered = await html(`${page()}?minRating=1&sort=name&city=ctry-city-1`);
    expect(filtered.status).toBe(200);
    expect(attr(filtered.body, /<link rel="canonical" href="([^"]*)"/)).toBe(s.app.url + page());
  });

  it('is a 404 for an unknown country or category, a category without businesses there and a page past the last', async () => {
    for (const path of [countryCategoryPath('nowhere', combo.categorySlug), countryCategoryPath(combo.countrySlug, 'no-such-category'), countryCategoryPath(combo.countrySlug, 'thin-category-1'), `${page()}?page=2`]) {
      expect((await html(path)).status, path).toBe(404);
    }
    const api = await fetch(`${s.app.url}/api/countries/nowhere/summary`);
    expect([api.status, await api.json()]).toEqual([404, { message: 'Country not found' }]);
  });

  it(`is served with noindex under ${CITY_CATEGORY_MIN_BUSINESSES} active businesses`, async () => {
    const { status, body } = await html(thin);
    expect(status).toBe(200);
    expect(body).toContain('<meta name="robots" content="noindex" />');
  });
});

/** The links of a page's list marked `data-country-categories`. */
const countryCategoryLinks = (body: string) => [...(/<ul[^>]*data-country-categories=""[^>]*>([\s\S]*?)<\/ul>/.exec(body)?.[1] ?? '').matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

describe('links to a category in a country', () => {
  it('its country links every one of its categories that is a page, and no thinner one', async () => {
    const slugs = (await s.app.db('categories').where('slug', 'like', 'ctry-%').pluck('slug')) as string[];
    expect(new Set(countryCategoryLinks((await html(slugPath('country', combo.countrySlug))).body))).toEqual(new Set(slugs.map((k) => countryCategoryPath(combo.countrySlug, k))));
    expect(countryCategoryLinks((await html(slugPath('country', 'thin-land'))).body)).toEqual([]);
  });

  it('its category links its countries where it is a page', async () => {
    expect(countryCategoryLinks((await html(slugPath('category', combo.categorySlug))).body)).toEqual([page()]);
    expect(countryCategoryLinks((await html(slugPath('category', 'thin-category-1'))).body)).toEqual([]);
  });
});

describe("a business page's trails", () => {
  it('go down to it through its country, city and category, and through its category in its country', async () => {
    const b = (await s.app.db('businesses as b')
      .join('cities as c', 'c.id', 'b.city_id')
      .join('categories as k', 'k.id', 'b.category_id')
      .where({ 'k.slug': combo.categorySlug })
      .orderBy('b.id')
      .first('b.slug', 'b.name', 'c.slug as city', 'c.name as cityName')) as { slug: string; name: string; city: string; cityName: string };
    const { body } = await html(slugPath('details', b.slug));
    const [country, inCountry, self] = [slugPath('country', combo.countrySlug), page(), slugPath('details', b.slug)];
    const inCity = cityCategoryPath(b.city, combo.categorySlug);
    // Two BreadcrumbLists, one for each way down to it.
    const trails = jsonLds(body).filter((o) => o['@type'] === 'BreadcrumbList') as Array<{ itemListElement: Array<{ name: string; item: string }> }>;
    expect(trails.map((t) => t.itemListElement.map((c) => [c.name, c.item.slice(s.app.url.length)]))).toEqual([
      [['Home', '/'], [combo.countryName, country], [b.cityName, slugPath('city', b.city)], [combo.categoryName, inCity], [b.name, self]],
      [['Home', '/'], [combo.countryName, country], [combo.categoryName, inCountry], [b.name, self]],
    ]);
    // The page shows the first as its trail (the business itself not a link) and links the category in its country.
    const trail = /<nav aria-label="Breadcrumb"[^>]*>([\s\S]*?)<\/nav>/.exec(body)?.[1] ?? '';
    expect([...trail.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1])).toEqual(['/', country, slugPath('city', b.city), inCity]);
    expect(decode(trail.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim())).toBe(['Home', combo.countryName, b.cityName, combo.categoryName, b.name].join(' '));
    // (React's server render separates the text's parts with empty comments.)
    expect(body.replace(/<!-- -->/g, '')).toMatch(new RegExp(`<a [^>]*data-more-in-country="" href="${inCountry}"[^>]*>More ${combo.categoryName} in ${combo.countryName}</a>`));
  });
});

describe('a visitor', () => {
  it('goes from a country to one of its categories and sees its businesses there', async () => {
    await s.page.goto(s.app.url + slugPath('country', combo.countrySlug));
    await s.page.locator('[data-country-categories] a', { hasText: `${combo.categoryName} in ${combo.countryName}` }).click();
    await s.page.waitForURL(`**${page()}`);
    await s.page.getByRole('heading', { level: 1, name: `${combo.categoryName} in ${combo.countryName}` }).waitFor();
    await s.page.locator('[data-business-item]').first().waitFor();
    expect(await s.page.locator('[data-business-item]').count()).toBe(4);
  });
});

describe('a renamed category or country', () => {
  it('sends the old path to the new one with a 301', async () => {
    const before = page();
    const { id } = (await s.app.db('categories').where({ slug: combo.categorySlug }).first('id')) as { id: number };
    const { slug } = await renameGroup(s.app.db, 'category', id, `${combo.categoryName} Renamed`);
    await s.app.settle();
    const res = await fetch(`${s.app.url}${before}?page=1`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get('location')!, s.app.url).pathname).toBe(countryCategoryPath(combo.countrySlug, slug));
    expect((await fetch(s.app.url + countryCategoryPath(combo.countrySlug, slug))).status).toBe(200);

    // A country's former slug redirects as its own page's does (a country renamed by a migration).
    const country = (await s.app.db('countries').where({ slug: combo.countrySlug }).first('id')) as { id: number };
    await s.app.db('countries').where({ id: country.id }).update({ slug: 'ctry-land-new' });
    await s.app.db('page_redirects').insert({ kind: 'country', slug: combo.countrySlug, target_id: country.id });
    await s.app.settle();
    const moved = await fetch(s.app.url + countryCategoryPath(combo.countrySlug, slug), { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(new URL(moved.headers.get('location')!, s.app.url).pathname).toBe(countryCategoryPath('ctry-land-new', slug));
  });
});
