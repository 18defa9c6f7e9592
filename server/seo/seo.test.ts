import { describe, expect, it } from 'vitest';
import { escapeHtml, scriptJson } from './escape.js';
import { injectAdsMeta, injectHead, renderHead } from './head.js';
import { businessJsonLd, openingHoursSpecification, toIsoTime } from './json-ld.js';
import type { Business } from '../../data/domain/types.js';
import { readWorkingHours } from '../../data/domain/hours-text.js';

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
});

describe('businessJsonLd', () => {
  const business = (over: Partial<Business>): Business => ({
    id: 1, name: 'Moda Çay Bahçesi', slug: 'moda-cay', description: null, categoryId: null, cityId: 1,
    address: 'Moda Cd. No:12, 34710 Kadıköy/İstanbul, Türkiye', postalCode: '34710', state: null, country: 'Türkiye',
    countryCode: 'TR', district: 'Kadıköy', phone: '0216 555 12 12', phoneE164: '+902165551212', phoneDisplay: '(0216) 555 12 12', email: null, website: null, rating: 4.5, reviewCount: 3,
    about: null, workingHours: null, photo: null, locationLink: null, placeId: null, latitude: 41.01384, longitude: 28.94966,
    coordinatesApproximate: true, isVerified: false, isActive: true, images: [], businessHours: {}, services: [],
    createdAt: '2026-11-24T00:00:00.000Z', updatedAt: '2026-11-24T00:00:00.000Z', category: null, city: { name: 'İstanbul', slug: 'istanbul' },
    ...over,
  });

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
