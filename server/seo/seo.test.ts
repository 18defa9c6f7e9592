import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.js';
import { escapeHtml, scriptJson } from './escape.js';
import { injectAdsMeta, injectHead, renderHead } from './head.js';
import { breadcrumbJsonLd, businessJsonLd, itemListJsonLd, openingHoursSpecification, toIsoTime, webSiteJsonLd } from './json-ld.js';
import { businessPageHead, categoryPageHead, cityCategoryPageHead, cityPageHead, countryCategoryPageHead, countryPageHead, districtCategoryPageHead, notFoundHead, staticPageHead } from './page-tags.js';
import type { Business, City } from '../../domain/types.js';
import { readWorkingHours } from '../../domain/hours-text.js';
import { businessPhotoPath } from '../../domain/photo-paths.js';

const BASE = 'https://rehber.test';

const business = (over: Partial<Business>): Business => ({
  id: 1, name: 'Moda Çay Bahçesi', slug: 'moda-cay', description: null, categoryId: null, cityId: 1,
  address: 'Moda Cd. No:12, 34710 Kadıköy/İstanbul, Türkiye', postalCode: '34710', state: null, country: 'Türkiye',
  countryCode: 'TR', district: 'Kadıköy', phone: '0216 555 12 12', phoneE164: '+902165551212', phoneDisplay: '(0216) 555 12 12', email: null, website: null, rating: 4.5, reviewCount: 3,
  about: null, workingHours: null, photo: null, locationLink: null, placeId: null, latitude: 41.01384, longitude: 28.94966,
  coordinatesApproximate: true, isVerified: false, isActive: true, images: [], businessHours: {}, services: [],
  createdAt: '2026-11-24T00:00:00.000Z', updatedAt: '2026-11-24T00:00:00.000Z', category: null, city: { name: 'İstanbul', slug: 'istanbul' },
  ...over,
});

/** The content of the first tag matching `selector` (a regex with one group) in rendered tags. */
const tag = (tags: string, re: RegExp) => re.exec(tags)?.[1];

describe('scriptJson', () => {
  it('escapes <, >, & and U+2028/2029 so nothing can end the script element, and stays the same JSON', () => {
    const value = { name: '</script><script>alert(1)</script>', about: '<!-- & \u2028\u2029' };
    const out = scriptJson(value);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(out).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(out)).toEqual(value);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('head', () => {
  it('replaces the marked block and keeps $ patterns in the data literal', () => {
    const html = '<head><!--head--><title>old</title><!--/head--></head>';
    const out = injectHead(html, renderHead({ title: 'A $& B', description: 'd', canonical: 'https://x.example/p' }));
    expect(out).toContain('<title>A $&amp; B</title>');
    expect(out).not.toContain('old');
  });
  it("sets <html lang> to the page's language and keeps the tag's other attributes", () => {
    const html = '<!doctype html><html lang="en" class="h-full"><head><!--head--><!--/head--></head></html>';
    expect(injectHead(html, renderHead({ title: 't', description: 'd', lang: 'tr' }))).toContain('<html lang="tr" class="h-full">');
    expect(injectHead(html, renderHead({ title: 't', description: 'd' }))).toContain('<html lang="en" class="h-full">');
    expect(renderHead({ title: 't', description: 'd', lang: 'tr' }).tags).toContain('<meta property="og:locale" content="tr_TR" />');
  });
  it('gives Open Graph and Twitter card tags with the preview image and its alt text', () => {
    const { tags } = renderHead({ title: 'T "1"', description: 'D', canonical: `${BASE}/x`, image: { url: `${BASE}/og-image.png`, alt: 'A', width: 1200, height: 630 } });
    expect(tag(tags, /<meta property="og:image" content="([^"]*)"/)).toBe(`${BASE}/og-image.png`);
    expect(tag(tags, /<meta property="og:image:alt" content="([^"]*)"/)).toBe('A');
    expect(tag(tags, /<meta property="og:image:width" content="([^"]*)"/)).toBe('1200');
    expect(tag(tags, /<meta name="twitter:card" content="([^"]*)"/)).toBe('summary_large_image');
    expect(tag(tags, /<meta name="twitter:title" content="([^"]*)"/)).toBe('T &quot;1&quot;');
    expect(tag(tags, /<meta name="twitter:description" content="([^"]*)"/)).toBe('D');
    expect(tag(tags, /<meta name="twitter:image" content="([^"]*)"/)).toBe(`${BASE}/og-image.png`);
    expect(tag(tags, /<meta name="twitter:image:alt" content="([^"]*)"/)).toBe('A');
  });
  it('writes each JSON-LD object in a script element of its own', () => {
    const { tags } = renderHead({ title: 't', description: 'd', jsonLd: [{ '@type': 'A' }, { '@type': 'B' }] });
    expect(tags.match(/<script type="application\/ld\+json">/g)).toHaveLength(2);
  });
  it('tells the SPA about ads through a meta tag only', () => {
    expect(injectAdsMeta('<head></head>', { slots: {} })).toContain('<meta name="rehber-ads" content="{}" />');
    expect(injectAdsMeta('<head></head>', { client: 'ca-pub-1', slots: { detail: '2' } })).toContain('content="{&quot;client&quot;:&quot;ca-pub-1&quot;,&quot;slots&quot;:{&quot;detail&quot;:&quot;2&quot;}}"');
  });
});

describe('opening hours', () => {
  it('turns the file notation into ISO times', () => {
    expect(toIsoTime('8AM')).toBe('08:00');
    expect(toIsoTime('9:30 pm')).toBe('21:30');
    expect(toIsoTime('12AM')).toBe('00:00');
    expect(toIsoTime('17:00')).toBe('17:00');
    expect(toIsoTime('noon')).toBeNull();
  });
  it('lists open days only, Monday first', () => {
    expect(openingHoursSpecification({ sunday: { closed: true }, tuesday: { open: '9AM', close: '5PM' }, monday: { open: '8AM', close: '7PM' } })).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '08:00', closes: '19:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Tuesday', opens: '09:00', closes: '17:00' },
    ]);
  });

  it('gives a day of two shifts one specification each, so its break is closed', () => {
    expect(openingHoursSpecification(readWorkingHours('{"Monday":["9AM-12PM","2PM-6PM"]}'))).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '09:00', closes: '12:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '14:00', closes: '18:00' },
    ]);
  });
});

describe('businessJsonLd', () => {
  it('gives the address in parts: the street alone, the locality, the postal code and the ISO country', () => {
    expect(businessJsonLd(business({}), 'https://x.test/details/moda-cay').address).toEqual({
      '@type': 'PostalAddress', streetAddress: 'Moda Cd. No:12', addressLocality: 'İstanbul', postalCode: '34710', addressCountry: 'TR',
    });
  });

  it('gives the phone in E.164, and leaves out text that is no phone', () => {
    expect(businessJsonLd(business({}), 'u').telephone).toBe('+902165551212');
    expect(businessJsonLd(business({ phone: 'ask at the desk', phoneE164: null }), 'u').telephone).toBeUndefined();
  });

  it('gives opening hours read from free text, round the clock as 00:00-23:59', () => {
    const ld = businessJsonLd(business({ businessHours: readWorkingHours('Mon-Sat 08:00-20:00, Sun closed') }), 'u');
    expect(ld.openingHoursSpecification).toHaveLength(6);
    expect((ld.openingHoursSpecification as object[])[5]).toEqual({ '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Saturday', opens: '08:00', closes: '20:00' });
    const always = businessJsonLd(business({ businessHours: readWorkingHours('Open 24 hours') }), 'u').openingHoursSpecification as object[];
    expect(always[0]).toMatchObject({ opens: '00:00', closes: '23:59' });
  });

  it('gives geo coordinates, the city centre too', () => {
    expect(businessJsonLd(business({}), 'u').geo).toEqual({ '@type': 'GeoCoordinates', latitude: 41.01384, longitude: 28.94966 });
  });
});

describe('breadcrumbs, item lists and the site', () => {
  it('numbers a trail from 1, each crumb with its name and URL', () => {
    expect(breadcrumbJsonLd([{ name: 'Home', url: `${BASE}/` }, { name: 'İstanbul', url: `${BASE}/city/istanbul` }])).toEqual({
      '@context': 'https://schema.org', '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${BASE}/` },
        { '@type': 'ListItem', position: 2, name: 'İstanbul', item: `${BASE}/city/istanbul` },
      ],
    });
  });
  it('lists businesses with their position and URL', () => {
    const ld = itemListJsonLd([{ name: 'A', url: `${BASE}/details/a` }, { name: 'B', url: `${BASE}/details/b` }], 21);
    expect(ld.itemListElement).toEqual([
      { '@type': 'ListItem', position: 21, url: `${BASE}/details/a`, name: 'A' },
      { '@type': 'ListItem', position: 22, url: `${BASE}/details/b`, name: 'B' },
    ]);
  });
  it('offers the site search at /search?q=', () => {
    expect(webSiteJsonLd(BASE, 'rehber')).toMatchObject({ '@type': 'WebSite', url: `${BASE}/`, potentialAction: { '@type': 'SearchAction', target: { urlTemplate: `${BASE}/search?q={search_term_string}` }, 'query-input': 'required name=search_term_string' } });
  });
});

describe('page heads', () => {
  const city: City = { id: 1, name: 'İstanbul', state: null, country: 'Türkiye', businessCount: 2, slug: 'istanbul', createdAt: '2026-11-24T00:00:00.000Z' };
  const types = (h: { jsonLd?: object | object[] }) => ([] as object[]).concat(h.jsonLd ?? []).map((o) => (o as { '@type': string })['@type']);

  it('a business page: its photo as preview image, LocalBusiness and a trail through its country and city', () => {
    const h = businessPageHead(business({ photo: 'https://img.example/p.jpg' }), BASE);
    const own = `${BASE}${businessPhotoPath({ slug: 'moda-cay', photo: 'https://img.example/p.jpg' })}`;
    expect(h.image).toEqual({ url: own, alt: 'Moda Çay Bahçesi' });
    expect(types(h)).toEqual(['LocalBusiness', 'BreadcrumbList']);
    const [ld, trail] = h.jsonLd as Array<Record<string, unknown>>;
    expect(ld.image).toBe(own);
    expect((trail.itemListElement as Array<{ name: string; item: string }>).map((c) => [c.name, c.item])).toEqual([
      ['Home', `${BASE}/`], ['Türkiye', `${BASE}/country/turkiye`], ['İstanbul', `${BASE}/city/istanbul`], ['Moda Çay Bahçesi', `${BASE}/details/moda-cay`],
    ]);
    // With a category, the trail passes through the category's page in its city, then in its
    // district; a second goes through the category in its country.
    const [, withCategory, inCountry] = businessPageHead(business({ categoryId: 2, category: { name: 'Cafés', slug: 'cafe' } as Business['category'] }), BASE).jsonLd as Array<Record<string, unknown>>;
    const items = (t: Record<string, unknown>) => (t.itemListElement as Array<{ name: string; item: string }>).map((c) => c.item);
    expect(items(withCategory)).toEqual([
      `${BASE}/`, `${BASE}/country/turkiye`, `${BASE}/city/istanbul`, `${BASE}/city/istanbul/cafe`, `${BASE}/city/istanbul/kadikoy/cafe`, `${BASE}/details/moda-cay`,
    ]);
    expect(items(inCountry)).toEqual([`${BASE}/`, `${BASE}/country/turkiye`, `${BASE}/country/turkiye/cafe`, `${BASE}/details/moda-cay`]);
  });
  it('a business without a photo (or with one that is no http(s) URL) previews the bundled site image', () => {
    for (const photo of [null, 'javascript:alert(1)']) {
      const h = businessPageHead(business({ photo }), BASE);
      expect(h.image).toMatchObject({ url: `${BASE}/og-image.png`, width: 1200, height: 630 });
      expect((h.jsonLd as Array<Record<string, unknown>>)[0].image).toBeUndefined();
    }
  });
  it("a city page: a trail through its country and the ItemList of its page's businesses", () => {
    const h = cityPageHead(city, [{ name: 'A', slug: 'a' }, { name: 'B', slug: 'b' }], 'turkiye', BASE);
    expect(types(h)).toEqual(['BreadcrumbList', 'ItemList']);
    const [trail, list] = h.jsonLd as Array<{ itemListElement: Array<Record<string, unknown>> }>;
    expect(trail.itemListElement.map((c) => c.item)).toEqual([`${BASE}/`, `${BASE}/country/turkiye`, `${BASE}/city/istanbul`]);
    expect(list.itemListElement.map((c) => [c.position, c.url])).toEqual([[1, `${BASE}/details/a`], [2, `${BASE}/details/b`]]);
    expect(h.lang ?? 'en').toBe('en');
    expect(h.image?.url).toBe(`${BASE}/og-image.png`);
    expect(types(cityPageHead(city, [], null, BASE))).toEqual(['BreadcrumbList']);
    expect(h.canonical).toBe(`${BASE}/city/istanbul`);
    // A page past the first is its own page to a search engine.
    expect(cityPageHead(city, [{ name: 'A', slug: 'a' }], 'turkiye', BASE, 3).canonical).toBe(`${BASE}/city/istanbul?page=3`);
  });
  it('a category in a city: its own title, a true description, a trail Country › City › Category, its ItemList, noindex when thin', () => {
    const cafe = { name: 'Cafés', slug: 'cafe' };
    const listed = [{ name: 'Moda Çay', slug: 'moda', rating: 4.6 }, { name: 'B', slug: 'b', rating: 4 }];
    const h = cityCategoryPageHead(city, cafe, listed, 12, 'turkiye', BASE);
    expect(h.title).toBe(`Cafés in ${[city.name, city.state, city.country].filter(Boolean).join(', ')} | rehber`);
    expect(h.description).toMatch(/^Cafés in İstanbul, Türkiye: 12 businesses\. Best rated: Moda Çay \(4\.6\)\./);
    expect(h.canonical).toBe(`${BASE}/city/istanbul/cafe`);
    expect(types(h)).toEqual(['BreadcrumbList', 'ItemList']);
    const [trail, list] = h.jsonLd as Array<{ itemListElement: Array<Record<string, unknown>> }>;
    expect(trail.itemListElement.map((c) => [c.name, c.item])).toEqual([
      ['Home', `${BASE}/`],
      ['Türkiye', `${BASE}/country/turkiye`],
      ['İstanbul', `${BASE}/city/istanbul`],
      ['Cafés', `${BASE}/city/istanbul/cafe`],
    ]);
    expect(list.itemListElement.map((c) => c.url)).toEqual([`${BASE}/details/moda`, `${BASE}/details/b`]);
    expect(h.noindex).toBeUndefined();
    const page2 = cityCategoryPageHead(city, cafe, listed, 40, 'turkiye', BASE, { page: 2 });
    expect(page2.canonical).toBe(`${BASE}/city/istanbul/cafe?page=2`);
    expect(page2.description).not.toContain('Best rated');
    const thin = renderHead(cityCategoryPageHead(city, cafe, listed.slice(0, 1), 1, 'turkiye', BASE, { indexable: false })).tags;
    expect(thin).toContain('<meta name="robots" content="noindex" />');
  });
  it('a category in a city names the districts its list counts most businesses in, a category in a country its cities: on the first page', () => {
    const cafe = { name: 'Cafés', slug: 'cafe' };
    const listed = [{ name: 'Moda Çay', slug: 'moda', rating: 4.6 }];
    const value = (label: string, count: number) => ({ value: label, label, count });
    const districts = [value('Kadıköy', 6), value('Beşiktaş', 3), value('Şişli', 2), value('Fatih', 1)];
    const h = cityCategoryPageHead(city, cafe, listed, 12, 'turkiye', BASE, { facets: { districts } });
    expect(h.description).toBe('Cafés in İstanbul, Türkiye: 12 businesses, in Kadıköy, Beşiktaş, Şişli and 1 more district. Best rated: Moda Çay (4.6).');
    expect(renderHead(h).tags).toContain(`<meta name="description" content="${escapeHtml(h.description)}" />`);
    // Past the first page, as its best rated, the page says only which page it is.
    expect(cityCategoryPageHead(city, cafe, listed, 12, 'turkiye', BASE, { page: 2, facets: { districts } }).description).toBe(
      'Page 2: Cafés in İstanbul, Türkiye: 12 businesses. Ratings, addresses, phone numbers and working hours.',
    );
    const cities = [value('İstanbul', 30), value('Ankara', 9)];
    expect(countryCategoryPageHead({ name: 'Türkiye', slug: 'turkiye', businessCount: 39 }, cafe, listed, 39, BASE, { facets: { cities } }).description).toBe(
      'Cafés in Türkiye: 39 businesses, in İstanbul and Ankara. Best rated: Moda Çay (4.6). Ratings, addresses, phone numbers and working hours.',
    );
  });
  it("a list's page past the first has a title and a description of its own, naming the page as its pager does", () => {
    const listed = [{ name: 'A', slug: 'a', rating: 4 }];
    const heads = [
      [cityPageHead(city, listed, 'turkiye', BASE), cityPageHead(city, listed, 'turkiye', BASE, 2)],
      [categoryPageHead({ name: 'Café', slug: 'cafe', businessCount: 60, description: null }, listed, BASE), categoryPageHead({ name: 'Café', slug: 'cafe', businessCount: 60, description: null }, listed, BASE, 2)],
      [cityCategoryPageHead(city, { name: 'Cafés', slug: 'cafe' }, listed, 40, 'turkiye', BASE), cityCategoryPageHead(city, { name: 'Cafés', slug: 'cafe' }, listed, 40, 'turkiye', BASE, { page: 2 })],
      [countryCategoryPageHead({ name: 'Türkiye', slug: 'turkiye', businessCount: 40 }, { name: 'Cafés', slug: 'cafe' }, listed, 40, BASE), countryCategoryPageHead({ name: 'Türkiye', slug: 'turkiye', businessCount: 40 }, { name: 'Cafés', slug: 'cafe' }, listed, 40, BASE, { page: 2 })],
      [staticPageHead('search', BASE, 'q=cafe'), staticPageHead('search', BASE, 'q=cafe&page=2')],
    ];
    for (const [first, second] of heads) {
      expect(second.title).toBe(first.title.replace(/ \| rehber$/, ' - Page 2 | rehber'));
      expect(second.description).toMatch(/^Page 2: /);
      expect(second.description).not.toBe(first.description);
      expect(renderHead(second).tags).toContain(`<meta property="og:title" content="${escapeHtml(second.title)}" />`);
    }
    expect(cityPageHead(city, listed, 'turkiye', BASE, 2).title).toBe('Businesses in İstanbul, Türkiye - Page 2 | rehber');
    // A filtered or sorted view is the list's: its title too.
    expect(staticPageHead('search', BASE, 'q=cafe&page=2&sort=name').title).toBe(staticPageHead('search', BASE, 'q=cafe').title);
  });
  it("names a category in a place by its plural, in the title, the description and the trail's last crumb: the rule's, or the admin's", () => {
    const names = (h: { jsonLd?: object | object[] }) => ((h.jsonLd as Array<{ itemListElement: Array<{ name: string }> }>)[0].itemListElement).map((c) => c.name);
    const plumber = { name: 'Plumber', slug: 'plumber' };
    const h = cityCategoryPageHead(city, plumber, [], 7, 'turkiye', BASE);
    expect(h.title).toBe('Plumbers in İstanbul, Türkiye | rehber');
    expect(h.description).toMatch(/^Plumbers in İstanbul, Türkiye: 7 businesses\./);
    expect(names(h).at(-1)).toBe('Plumbers');
    const district = districtCategoryPageHead(city, { district: 'Kadıköy', districtSlug: 'kadikoy' }, plumber, [], 4, 'turkiye', BASE);
    expect(district.title).toBe('Plumbers in Kadıköy, İstanbul, Türkiye | rehber');
    expect(names(district).slice(-2)).toEqual(['Plumbers', 'Kadıköy']);
    const kuafor = { name: 'Kuaför', slug: 'kuafor', pluralName: 'Kuaförler' };
    const inCountry = countryCategoryPageHead({ name: 'Türkiye', slug: 'turkiye', businessCount: 9 }, kuafor, [], 9, BASE);
    expect(inCountry.title).toBe('Kuaförler in Türkiye | rehber');
    expect(names(inCountry).at(-1)).toBe('Kuaförler');
    // A business's trails pass through the same pages, named the same way.
    const [, place, country] = businessPageHead(business({ categoryId: 2, category: plumber }), BASE).jsonLd as Array<{ itemListElement: Array<{ name: string }> }>;
    expect(place.itemListElement.map((c) => c.name)).toEqual(['Home', 'Türkiye', 'İstanbul', 'Plumbers', 'Kadıköy', 'Moda Çay Bahçesi']);
    expect(country.itemListElement.map((c) => c.name)).toEqual(['Home', 'Türkiye', 'Plumbers', 'Moda Çay Bahçesi']);
  });
  it('a category page lists its businesses, a country page has its trail', () => {
    expect(types(categoryPageHead({ name: 'Café', slug: 'cafe', businessCount: 1, description: null }, [{ name: 'A', slug: 'a' }], BASE))).toEqual(['BreadcrumbList', 'ItemList']);
    const country = countryPageHead({ name: 'Türkiye', slug: 'turkiye', businessCount: 3, cities: [] }, BASE);
    expect(types(country)).toEqual(['BreadcrumbList']);
  });
  it('/cities is Turkish, the search page names its query, home offers the site search, the 404 page has its own title and no canonical', () => {
    expect(staticPageHead('search', BASE, 'q=caf%C3%A9&location=Paris')).toMatchObject({ title: 'Search: café in Paris | rehber', canonical: `${BASE}/search?q=caf%C3%A9&location=Paris` });
    expect(staticPageHead('search', BASE).title).toBe('Search Businesses | rehber');
    expect(staticPageHead('cities', BASE)).toMatchObject({ lang: 'tr', image: { alt: 'rehber: dünya genelinde yerel işletmeler' } });
    expect(staticPageHead('about', BASE).lang ?? 'en').toBe('en');
    expect(types(staticPageHead('home', BASE))).toEqual(['WebSite']);
    const nf = renderHead(notFoundHead()).tags;
    expect(nf).toContain('<title>Page Not Found | rehber</title>');
    expect(nf).toContain('<meta name="robots" content="noindex" />');
    expect(nf).not.toContain('rel="canonical"');
  });
  it('a search answer is noindex, and its canonical follows the rule of every list: its own page past the first, filters and sort kept on the list', () => {
    const first = staticPageHead('search', BASE, 'q=cafe');
    expect(renderHead(first).tags).toContain('<meta name="robots" content="noindex" />');
    expect(staticPageHead('search', BASE, 'q=cafe&location=Paris&page=2').canonical).toBe(`${BASE}/search?q=cafe&location=Paris&page=2`);
    expect(staticPageHead('search', BASE, 'page=3').canonical).toBe(`${BASE}/search?page=3`);
    expect(staticPageHead('search', BASE, 'q=cafe&page=2&sort=name').canonical).toBe(`${BASE}/search?q=cafe`);
    expect(cityPageHead(city, [], 'turkiye', BASE, 2).canonical).toBe(`${BASE}/city/istanbul?page=2`);
    expect(renderHead(staticPageHead('home', BASE)).tags).not.toContain('name="robots"');
  });
});

describe('twitter:site, twitter:creator and a business page\'s contact data', () => {
  const tagsWith = (env: NodeJS.ProcessEnv) => renderHead({ ...staticPageHead('home', BASE), twitter: readConfig(env).site.twitter }).tags;
  it('names the site\'s account only when one is configured', () => {
    expect(tagsWith({ SITE_TWITTER: 'rehber' })).toContain('<meta name="twitter:site" content="@rehber" />');
    expect(tagsWith({})).not.toContain('twitter:site');
  });
  it('credits the pages to the site\'s account as twitter:creator, or to the one SITE_TWITTER_CREATOR names', () => {
    expect(tagsWith({ SITE_TWITTER: 'rehber' })).toContain('<meta name="twitter:creator" content="@rehber" />');
    const both = tagsWith({ SITE_TWITTER: '@rehber', SITE_TWITTER_CREATOR: 'rehber_desk' });
    expect(both).toContain('<meta name="twitter:site" content="@rehber" />');
    expect(both).toContain('<meta name="twitter:creator" content="@rehber_desk" />');
    expect(tagsWith({})).not.toContain('twitter:creator');
  });
  it('a business page declares business.business with the contact data that type asks for, each only when known', () => {
    const tags = renderHead(businessPageHead(business({ website: 'https://moda.example/' }), BASE)).tags;
    expect(tag(tags, /property="og:type" content="([^"]*)"/)).toBe('business.business');
    expect(tag(tags, /property="business:contact_data:street_address" content="([^"]*)"/)).toBe('Moda Cd. No:12, 34710 Kadıköy/İstanbul, Türkiye');
    expect(tag(tags, /property="business:contact_data:locality" content="([^"]*)"/)).toBe('İstanbul');
    expect(tag(tags, /property="business:contact_data:postal_code" content="([^"]*)"/)).toBe('34710');
    expect(tag(tags, /property="business:contact_data:country_name" content="([^"]*)"/)).toBe('Türkiye');
    expect(tag(tags, /property="business:contact_data:phone_number" content="([^"]*)"/)).toBe('+902165551212');
    expect(tag(tags, /property="business:contact_data:website" content="([^"]*)"/)).toBe('https://moda.example/');
    expect(tags).not.toContain('business:contact_data:region');
    expect(renderHead(businessPageHead(business({ website: 'javascript:alert(1)' }), BASE)).tags).not.toContain('contact_data:website');
  });
});
