import sdtt, { type SdttPreset, type SdttResult, type SdttTest } from 'structured-data-testing-tool';
import presets from 'structured-data-testing-tool/presets.js';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_SIZE } from '../domain/constants.js';
import { cityCategoryPath, countryCategoryPath } from '../domain/paths.js';
import { usePublicApp } from './public-session.js';

/**
 * structured-data-testing-tool reads a business page and a city page of the sample as a crawler gets
 * them, with its Google and social-media (Facebook, Twitter) presets and the properties Google asks
 * of each of our schema.org types. The HTML is fetched from the test app on 127.0.0.1 and handed
 * over as a Buffer, so the tool fetches nothing itself.
 */
const served = usePublicApp();

const ld = (test: string, description: string): SdttTest => ({ test, type: 'jsonld', description });

/** What Google's rich-result documentation requires of the types we publish. */
const Rehber: Record<string, SdttPreset> = {
  LocalBusiness: {
    name: 'LocalBusiness',
    description: 'business page',
    tests: [
      ld('LocalBusiness[*].name', 'has a name'),
      ld('LocalBusiness[*].address.streetAddress', 'has a street address'),
      ld('LocalBusiness[*].address.addressLocality', 'has a locality'),
      ld('LocalBusiness[*].address.addressCountry', 'has a country'),
      ld('LocalBusiness[*].url', 'has its page URL'),
    ],
  },
  BreadcrumbList: {
    name: 'BreadcrumbList',
    description: 'trail',
    tests: [
      ld('BreadcrumbList[*].itemListElement[*].position', 'numbers every crumb'),
      ld('BreadcrumbList[*].itemListElement[*].name', 'names every crumb'),
      ld('BreadcrumbList[*].itemListElement[*].item', 'links every crumb'),
    ],
  },
  ItemList: {
    name: 'ItemList',
    description: 'listed businesses',
    tests: [ld('ItemList[*].itemListElement[*].position', 'numbers every business'), ld('ItemList[*].itemListElement[*].url', 'links every business')],
  },
};

async function check(path: string, ours: SdttPreset[]): Promise<SdttResult> {
  const res = await fetch(served.app.url + path);
  expect(res.status, path).toBe(200);
  const html = Buffer.from(await res.text());
  const result = await sdtt.structuredDataTest(html, { presets: [presets.Google, presets.SocialMedia, ...ours] }).catch((err: { type?: string; res?: SdttResult }) => {
    if (err.type === 'VALIDATION_FAILED' && err.res) return err.res;
    throw err;
  });
  const failed = result.failed.map((t) => `${t.group ?? ''} ${t.description ?? t.test}: ${typeof t.error === 'string' ? t.error : (t.error?.message ?? '')}`);
  expect(failed, path).toEqual([]);
  expect(result.passed.length, path).toBeGreaterThan(10);
  return result;
}

describe('structured-data-testing-tool', () => {
  it('finds no error on a business page: LocalBusiness, BreadcrumbList, Open Graph and Twitter cards', async () => {
    const b = (await served.app.db('businesses').where({ is_active: true }).whereNotNull('city_id').orderBy('id').first('slug')) as { slug: string };
    const result = await check(`/details/${b.slug}`, [Rehber.LocalBusiness, Rehber.BreadcrumbList]);
    expect(result.schemas).toEqual(expect.arrayContaining(['LocalBusiness', 'BreadcrumbList']));
  });

  it('finds no error on a city page: BreadcrumbList and the ItemList of its businesses', async () => {
    const city = (await served.app.db('cities').where('business_count', '>', 1).orderBy('id').first('slug')) as { slug: string };
    const result = await check(`/city/${city.slug}`, [Rehber.BreadcrumbList, Rehber.ItemList]);
    expect(result.schemas).toEqual(expect.arrayContaining(['BreadcrumbList', 'ItemList']));
    // The businesses of the page, as many as the page shows.
    const [{ n }] = await served.app.db('businesses as b').join('cities as c', 'c.id', 'b.city_id').where({ 'c.slug': city.slug, 'b.is_active': true }).count<{ n: string }[]>({ n: '*' });
    expect(result.structuredData.jsonld.ItemList[0].itemListElement).toHaveLength(Math.min(PUBLIC_PAGE_SIZE, Number(n)));
  });
});

describe('structured-data-testing-tool on a category in a city', () => {
  it('finds no error: BreadcrumbList and the ItemList of its businesses', async () => {
    const { rows } = await served.app.db.raw(`SELECT c.slug AS city, k.slug AS category FROM businesses b JOIN cities c ON c.id = b.city_id JOIN categories k ON k.id = b.category_id
                                                WHERE b.is_active GROUP BY c.slug, k.slug ORDER BY count(*) DESC, c.slug, k.slug LIMIT 1`);
    const { city, category } = rows[0] as { city: string; category: string };
    const result = await check(cityCategoryPath(city, category), [Rehber.BreadcrumbList, Rehber.ItemList]);
    expect(result.schemas).toEqual(expect.arrayContaining(['BreadcrumbList', 'ItemList']));
  });
});

describe('structured-data-testing-tool on a category in a country', () => {
  it('finds no error: BreadcrumbList and the ItemList of its businesses', async () => {
    const { rows } = await served.app.db.raw(`SELECT co.slug AS country, k.slug AS category FROM businesses b JOIN cities c ON c.id = b.city_id JOIN countries co ON co.name = c.country
                                                JOIN categories k ON k.id = b.category_id WHERE b.is_active GROUP BY co.slug, k.slug ORDER BY count(*) DESC, co.slug, k.slug LIMIT 1`);
    const { country, category } = rows[0] as { country: string; category: string };
    const result = await check(countryCategoryPath(country, category), [Rehber.BreadcrumbList, Rehber.ItemList]);
    expect(result.schemas).toEqual(expect.arrayContaining(['BreadcrumbList', 'ItemList']));
  });
});
