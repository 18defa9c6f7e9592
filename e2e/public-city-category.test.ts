import { beforeAll, describe, expect, it } from 'vitest';
import { cityCategoryPath } from '../domain/paths.js';
import { CITY_CATEGORY_LINKS, CITY_CATEGORY_MIN_BUSINESSES } from '../domain/constants.js';
import { attr, decode, expectNamesWithoutLinks, expectOneListUnder, fetchHtml, islandQueries, jsonLd } from './public-helpers.js';
import { publicSession } from './public-session.js';
import { renameGroup } from '../data/store/group-writes.js';
import { categoryPlural } from '../domain/category-plural.js';

/**
 * A category in a city (/city/:city/:category): its server-rendered HTML as a crawler gets it, and
 * a visitor's way to it from the city page.
 */
const s = publicSession();

interface Combo {
  citySlug: string;
  cityName: string;
  categorySlug: string;
  categoryName: string;
  n: number;
}

/** The sample's categories in cities with their active businesses, most first. */
async function combos(): Promise<Combo[]> {
  const { rows } = await s.app.db.raw(`
    SELECT c.slug AS "citySlug", c.name AS "cityName", k.slug AS "categorySlug", k.name AS "categoryName", count(*)::int AS n
      FROM businesses b JOIN cities c ON c.id = b.city_id JOIN categories k ON k.id = b.category_id
     WHERE b.is_active GROUP BY c.id, k.id ORDER BY n DESC, c.id, k.id`);
  return rows as Combo[];
}

let big: Combo;
let thin: Combo | undefined;

beforeAll(async () => {
  const all = await combos();
  big = all[0];
  thin = all.find((c) => c.n < CITY_CATEGORY_MIN_BUSINESSES);
});

const html = (path: string) => fetchHtml(s.app.url + path);
/** A combination's category as its headings name it: the sample's categories have no plural of the admin's. */
const group = (c: Combo) => categoryPlural({ name: c.categoryName });

describe('a category in a city, server-rendered', () => {
  it('has its title and H1 "{Categories} in {City}", a true description, a self canonical and its JSON-LD', async () => {
    expect(big.n).toBeGreaterThanOrEqual(CITY_CATEGORY_MIN_BUSINESSES);
    const path = cityCategoryPath(big.citySlug, big.categorySlug);
    const { status, body } = await html(path);
    expect(status).toBe(200);
    const title = decode(attr(body, /<title>([^<]*)<\/title>/));
    expect(title).toMatch(new RegExp(`^${group(big).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} in ${big.cityName}`));
    expect(decode(attr(body, /<h1[^>]*>([\s\S]*?)<\/h1>/)?.replace(/<[^>]+>/g, ''))).toBe(title?.replace(/ \| .*$/, ''));
    expect(decode(attr(body, /<meta name="description" content="([^"]*)"/))).toMatch(new RegExp(`: ${big.n} businesses\\.`));
    expect(attr(body, /<link rel="canonical" href="([^"]*)"/)).toBe(s.app.url + path);
    expect(body).not.toContain('content="noindex"');
    const ld = jsonLd(body);
    expect(ld.BreadcrumbList.itemListElement.map((c) => c.name).slice(-2)).toEqual([big.cityName, group(big)]);
    // Only the category's businesses are listed.
    const listed = ld.ItemList.itemListElement.map((i) => new URL(String(i.url)).pathname.replace('/details/', ''));
    const theirs = await s.app.db('businesses as b').join('categories as k', 'k.id', 'b.category_id').whereIn('b.slug', listed.map(decodeURIComponent)).pluck('k.slug');
    expect(listed.length).toBe(Math.min(big.n, listed.length));
    expect(new Set(theirs)).toEqual(new Set([big.categorySlug]));
  });

  it("carries its city and its category in its data island without their links, which it does not draw", async () => {
    const { status, body } = await html(cityCategoryPath(big.citySlug, big.categorySlug));
    expect(status).toBe(200);
    expectNamesWithoutLinks(body, [['api', 'cities', big.citySlug, 'summary'], ['api', 'categories', big.categorySlug, 'summary']]);
    // The category as the browser would ask it (its summary), without its count over every city,
    // which a write in another city moves: the page is kept through such writes.
    const key = JSON.stringify(['api', 'categories', big.categorySlug, 'summary']);
    const island = islandQueries(body).find((q) => JSON.stringify(q.queryKey) === key)!.data;
    expect(island).toEqual(await (await fetch(`${s.app.url}/api/categories/${big.categorySlug}/summary`)).json());
    expect(island).not.toHaveProperty('businessCount');
  });

  it('names in its description the districts most of its businesses are in, and a filtered view says the same', async () => {
    // The sample's category in a city over the most districts.
    const [place] = (await s.app.db.raw(
      `SELECT c.slug AS city, k.slug AS category, count(*)::int AS n FROM businesses b JOIN cities c ON c.id = b.city_id JOIN categories k ON k.id = b.category_id
        WHERE b.is_active GROUP BY c.id, k.id ORDER BY count(DISTINCT nullif(b.district, '')) DESC, c.id, k.id LIMIT 1`,
    )).rows as Array<{ city: string; category: string; n: number }>;
    const { rows } = (await s.app.db.raw(
      `SELECT b.district, count(*)::int AS n FROM businesses b JOIN cities c ON c.id = b.city_id JOIN categories k ON k.id = b.category_id
        WHERE b.is_active AND c.slug = ? AND k.slug = ? AND coalesce(b.district, '') <> '' GROUP BY b.district ORDER BY n DESC, b.district`,
      [place.city, place.category],
    )) as { rows: Array<{ district: string; n: number }> };
    expect(rows.length).toBeGreaterThan(3);
    const [a, b, c] = rows.map((r) => r.district);
    const more = rows.length - 3;
    const path = cityCategoryPath(place.city, place.category);
    const description = (body: string) => decode(attr(body, /<meta name="description" content="([^"]*)"/));
    const served = description((await html(path)).body);
    expect(served).toContain(`: ${place.n} businesses, in ${a}, ${b}, ${c} and ${more} more ${more === 1 ? 'district' : 'districts'}.`);
    expect(served!.length).toBeLessThanOrEqual(150);
    // A filter narrows the list's facets, not the page's description: it stays the list's own.
    const filtered = description((await html(`${path}?minRating=4.5&sort=name`)).body);
    expect(filtered).toBe(served);
  });

  it('carries its list once in its data island when the view spells out its default sort, as its plain page does', async () => {
    await expectOneListUnder(s.app.url + cityCategoryPath(big.citySlug, big.categorySlug), ['sort=rating', 'sort=rating&page=1', 'sort=relevance', 'page=1&verified=false']);
  });

  it('keeps its filters and sort on its own canonical', async () => {
    const path = cityCategoryPath(big.citySlug, big.categorySlug);
    const filtered = await html(`${path}?minRating=4&sort=name&verified=true`);
    expect(filtered.status).toBe(200);
    expect(attr(filtered.body, /<link rel="canonical" href="([^"]*)"/)).toBe(s.app.url + path);
  });

  it('is a 404 for an unknown city or category, and for a combination without businesses', async () => {
    const empty = (await s.app.db.raw(
      `SELECT c.slug AS city, k.slug AS category FROM cities c CROSS JOIN categories k
        WHERE NOT EXISTS (SELECT 1 FROM businesses b WHERE b.city_id = c.id AND b.category_id = k.id AND b.is_active) LIMIT 1`,
    )).rows[0] as { city: string; category: string };
    for (const path of [cityCategoryPath('no-such-city', big.categorySlug), cityCategoryPath(big.citySlug, 'no-such-category'), cityCategoryPath(empty.city, empty.category), `${cityCategoryPath(big.citySlug, big.categorySlug)}?page=999`]) {
      expect((await html(path)).status, path).toBe(404);
    }
  });

  it(`is served with noindex under ${CITY_CATEGORY_MIN_BUSINESSES} active businesses`, async () => {
    expect(thin).toBeDefined();
    const { status, body } = await html(cityCategoryPath(thin!.citySlug, thin!.categorySlug));
    expect(status).toBe(200);
    expect(body).toContain('<meta name="robots" content="noindex" />');
  });
});

/** The paths a page's server-rendered links to categories in a city name, in their order. */
function comboLinks(body: string): string[] {
  const list = /<ul[^>]*data-city-categories=""[^>]*>([\s\S]*?)<\/ul>/.exec(body)?.[1] ?? '';
  return [...list.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
}

const pathOf = (c: Combo) => cityCategoryPath(c.citySlug, c.categorySlug);
const pages = (all: Combo[]) => all.filter((c) => c.n >= CITY_CATEGORY_MIN_BUSINESSES);

describe('links to a category in a city', () => {
  it('a city page links every category in it that is a page, and no thinner one', async () => {
    const all = await combos();
    const city = thin?.citySlug ?? big.citySlug;
    const { body } = await html(`/city/${city}`);
    const ofCity = all.filter((c) => c.citySlug === city);
    expect(new Set(comboLinks(body))).toEqual(new Set(pages(ofCity).map(pathOf)));
    if (thin) expect(comboLinks(body)).not.toContain(pathOf(thin));
  });

  it('a category page links its top cities where it is a page, most businesses first', async () => {
    const all = await combos();
    const { body } = await html(`/category/${big.categorySlug}`);
    const links = comboLinks(body);
    const ofCategory = pages(all.filter((c) => c.categorySlug === big.categorySlug));
    expect(links.length).toBe(Math.min(ofCategory.length, CITY_CATEGORY_LINKS.category));
    expect(ofCategory.find((c) => pathOf(c) === links[0])?.n).toBe(ofCategory[0].n);
    for (const link of links) expect(ofCategory.map(pathOf)).toContain(link);
  });

  it("a country page links its top categories in a city", async () => {
    const all = await combos();
    const country = (await s.app.db('cities as c').join('countries as n', 'n.name', 'c.country').where('c.slug', big.citySlug).first('n.slug', 'n.name')) as { slug: string; name: string };
    const inCountry = new Set((await s.app.db('cities').where('country', country.name).pluck('slug')) as string[]);
    const { body } = await html(`/country/${country.slug}`);
    const links = comboLinks(body);
    const ofCountry = pages(all.filter((c) => inCountry.has(c.citySlug)));
    expect(links.length).toBe(Math.min(ofCountry.length, CITY_CATEGORY_LINKS.country));
    expect(ofCountry.find((c) => pathOf(c) === links[0])?.n).toBe(ofCountry[0].n);
    for (const link of links) expect(ofCountry.map(pathOf)).toContain(link);
  });

  it("a business page links its category in its city, in its text and its trail", async () => {
    const b = (await s.app.db('businesses as b')
      .join('cities as c', 'c.id', 'b.city_id')
      .join('categories as k', 'k.id', 'b.category_id')
      .where('b.is_active', true)
      .orderBy('b.id')
      .first('b.slug', 'c.slug as city', 'k.slug as category')) as { slug: string; city: string; category: string };
    const { body } = await html(`/details/${b.slug}`);
    const path = cityCategoryPath(b.city, b.category);
    expect(body).toContain(`href="${path}"`);
    expect(jsonLd(body).BreadcrumbList.itemListElement.map((c) => c.item)).toContain(s.app.url + path);
  });
});

describe('a visitor', () => {
  it("goes from a city page to one of its categories and sees only that category's businesses", async () => {
    await s.page.goto(`${s.app.url}/city/${big.citySlug}`);
    const link = s.page.locator('[data-city-categories] a', { hasText: `${group(big)} in ${big.cityName}` });
    await link.click();
    await s.page.waitForURL(`**${cityCategoryPath(big.citySlug, big.categorySlug)}`);
    await s.page.getByRole('heading', { level: 1, name: new RegExp(`^${group(big)} in ${big.cityName}`) }).waitFor();
    await s.page.locator('[data-business-item]').first().waitFor();
    const links = await s.page.locator('[data-business-item] a[href^="/details/"]').evaluateAll((as) => as.map((a) => decodeURIComponent(new URL((a as HTMLAnchorElement).href).pathname.slice('/details/'.length))));
    expect(links.length).toBeGreaterThan(0);
    const categories = await s.app.db('businesses as b').join('categories as k', 'k.id', 'b.category_id').whereIn('b.slug', links).pluck('k.slug');
    expect(new Set(categories)).toEqual(new Set([big.categorySlug]));
  });

  it('can touch the "More … in …" links of a business page: each at least 24 px tall, as touch targets must be', async () => {
    const b = (await s.app.db('businesses').where({ is_active: true }).whereNotNull('district').orderBy('id').first('slug')) as { slug: string };
    await s.page.goto(`${s.app.url}/details/${b.slug}`);
    const heights = await s.page.locator('[data-more-in-city], [data-more-in-district], [data-more-in-country]').evaluateAll((as) => as.map((a) => a.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThanOrEqual(2);
    for (const h of heights) expect(h).toBeGreaterThanOrEqual(24);
  });
});

describe("a category named by its plural, as people search: 'Plumbers in Austin'", () => {
  it('heads the page, names its link on the city page and the "More … in …" of its businesses', async () => {
    const austin = (await s.app.db('cities').where({ name: 'Austin' }).first('slug')) as { slug: string };
    const path = cityCategoryPath(austin.slug, 'plumber');
    const { status, body } = await html(path);
    expect(status).toBe(200);
    expect(decode(attr(body, /<title>([^<]*)<\/title>/))).toMatch(/^Plumbers in Austin, /);
    expect(decode(attr(body, /<h1[^>]*>([\s\S]*?)<\/h1>/)?.replace(/<[^>]+>/g, ''))).toMatch(/^Plumbers in Austin, /);
    expect(decode(attr(body, /<meta name="description" content="([^"]*)"/))).toMatch(/^Plumbers in Austin, .*: 3 businesses\./);
    expect(jsonLd(body).BreadcrumbList.itemListElement.at(-1)?.name).toBe('Plumbers');
    const city = decode((await html(`/city/${austin.slug}`)).body.replace(/<!-- -->/g, ''))!;
    expect(city).toMatch(new RegExp(`href="${path}"[^>]*>Plumbers in Austin <span`));
    const plumber = (await s.app.db('businesses').where({ name: 'Austin Plumbing' }).first('slug')) as { slug: string };
    const detail = decode((await html(`/details/${plumber.slug}`)).body.replace(/<!-- -->/g, ''))!;
    expect(detail).toMatch(/data-more-in-city=""[^>]*>More Plumbers in Austin</);
  });

  it("hydrates the admin's plural as served: the browser's heading and title are the server's", async () => {
    const austin = (await s.app.db('cities').where({ name: 'Austin' }).first('slug')) as { slug: string };
    await s.app.db('categories').where({ slug: 'plumber' }).update({ plural_name: 'Pipe Fitters' });
    await s.app.settle();
    const errors: string[] = [];
    s.page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await s.page.goto(`${s.app.url}${cityCategoryPath(austin.slug, 'plumber')}`);
    await s.page.getByRole('heading', { level: 1, name: /^Pipe Fitters in Austin, / }).waitFor();
    await s.page.locator('[data-business-item]').first().waitFor();
    expect(await s.page.title()).toMatch(/^Pipe Fitters in Austin, /);
    expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);
    await s.app.db('categories').where({ slug: 'plumber' }).update({ plural_name: null });
    await s.app.settle();
  });
});

describe('a renamed category', () => {
  it('sends its old combination path to the new one with a 301', async () => {
    const before = cityCategoryPath(big.citySlug, big.categorySlug);
    const id = (await s.app.db('categories').where({ slug: big.categorySlug }).first('id')) as { id: number };
    const { slug } = await renameGroup(s.app.db, 'category', id.id, `${big.categoryName} Renamed`);
    await s.app.settle();
    const res = await fetch(`${s.app.url}${before}?page=1`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get('location')!, s.app.url).pathname).toBe(cityCategoryPath(big.citySlug, slug));
    expect((await fetch(s.app.url + cityCategoryPath(big.citySlug, slug))).status).toBe(200);
  });
});
