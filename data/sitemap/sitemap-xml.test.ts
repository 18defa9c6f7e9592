import { describe, expect, it } from 'vitest';
import { escapeXml, fileName, fileUrl, formatLastmod, formatSize, pageUrl, renderIndex, renderUrlset } from './sitemap-xml.js';
import { robotsTxt } from './sitemap-robots.js';
import { contentErrors, extractLocs, schemaErrors } from './sitemap-validate.js';
import { normaliseBaseUrl } from '../../domain/base-url.js';

describe('sitemap renderers', () => {
  it('escapes the five XML specials in one place', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it('renders a urlset with absolute, escaped URLs and second-precision lastmod', async () => {
    const xml = renderUrlset([
      { loc: 'https://example.com/details/a?x=1&y=2', lastmod: new Date('2026-11-21T10:00:00.123Z') },
      { loc: 'https://example.com/city/b' },
    ]);
    expect(xml).toContain('<loc>https://example.com/details/a?x=1&amp;y=2</loc><lastmod>2026-11-21T10:00:00Z</lastmod>');
    expect(xml).toContain('<url><loc>https://example.com/city/b</loc></url>');
    expect(extractLocs(xml)).toEqual(['https://example.com/details/a?x=1&y=2', 'https://example.com/city/b']);
    expect(await schemaErrors('t.xml', xml, 'urlset')).toEqual([]);
  });

  it('writes a lastmod already at second precision in UTC as it is, and brings any other to that form', () => {
    expect(formatLastmod('2026-11-21T10:00:00Z')).toBe('2026-11-21T10:00:00Z');
    expect(formatLastmod('2026-11-21T12:00:00.999+02:00')).toBe('2026-11-21T10:00:00Z');
    expect(formatLastmod(new Date('2026-11-21T10:00:00.999Z'))).toBe('2026-11-21T10:00:00Z');
  });

  it('renders an index that the sitemaps.org siteindex schema accepts', async () => {
    const xml = renderIndex([{ loc: fileUrl('https://example.com', 'businesses-1.xml'), lastmod: new Date() }]);
    expect(xml).toContain('<sitemap><loc>https://example.com/sitemaps/businesses-1.xml</loc>');
    expect(await schemaErrors('sitemap.xml', xml, 'index')).toEqual([]);
  });

  it('the schema check catches a malformed file', async () => {
    const errors = await schemaErrors('bad.xml', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><lastmod>x</lastmod></url></urlset>', 'urlset');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatch(/^bad\.xml: /);
  });

  it('content checks report URLs outside the base URL and index entries that do not match', () => {
    const xml = renderUrlset([{ loc: 'https://other.org/details/a' }]);
    expect(contentErrors('businesses-1.xml', xml, 'https://example.com')).toEqual([
      'businesses-1.xml: 1 URL(s) outside https://example.com, e.g. https://other.org/details/a',
    ]);
    const index = renderIndex([{ loc: 'https://example.com/sitemaps/cities-1.xml' }]);
    expect(contentErrors('sitemap.xml', index, 'https://example.com', ['businesses-1.xml', 'cities-1.xml'])).toEqual([
      'sitemap.xml: does not list https://example.com/sitemaps/businesses-1.xml',
    ]);
  });

  it('names files predictably and builds page URLs from the base URL', () => {
    expect(fileName('businesses', 2)).toBe('businesses-2.xml');
    expect(pageUrl('https://example.com', 'businesses', { slug: 'cafe-x' })).toBe('https://example.com/details/cafe-x');
    expect(pageUrl('https://example.com', 'countries', { slug: 'türkiye' })).toBe('https://example.com/country/t%C3%BCrkiye');
    expect(pageUrl('https://example.com', 'city-categories', { slug: 'austin', category: 'plumbers' })).toBe('https://example.com/city/austin/plumbers');
    expect(pageUrl('https://example.com', 'district-categories', { slug: 'istanbul', district: 'Kadıköy', category: 'cafes' })).toBe('https://example.com/city/istanbul/kadikoy/cafes');
    expect(pageUrl('https://example.com', 'district-categories', { slug: 'moskva', district: 'Хамовники', category: 'cafes' })).toBeNull();
    expect(fileUrl('https://example.com', 'sitemap.xml')).toBe('https://example.com/sitemap.xml');
  });

  it('normalises the base URL and refuses what is not http(s)', () => {
    expect(normaliseBaseUrl('https://example.com/')).toBe('https://example.com');
    expect(normaliseBaseUrl('http://localhost:3000')).toBe('http://localhost:3000');
    expect(normaliseBaseUrl('https://example.com/dir/')).toBe('https://example.com/dir');
    expect(() => normaliseBaseUrl('ftp://example.com')).toThrow(/http or https/);
    expect(() => normaliseBaseUrl('not a url')).toThrow(/Invalid base URL/);
  });

  it('formats sizes as short human text', () => {
    expect(formatSize(812)).toBe('812 B');
    expect(formatSize(14_643)).toBe('14.3 KB');
    expect(formatSize(1_258_291)).toBe('1.2 MB');
    expect(formatLastmod('2026-01-02T03:04:05.000Z')).toBe('2026-01-02T03:04:05Z');
  });

  it('robots.txt allows all but the back office, the JSON API and the health and readiness checks, and names the index', () => {
    expect(robotsTxt('https://example.com')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nDisallow: /healthz\nDisallow: /readyz\n\nSitemap: https://example.com/sitemap.xml\n',
    );
  });
});
