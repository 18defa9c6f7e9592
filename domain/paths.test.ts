import { describe, expect, it } from 'vitest';
import { CITY_CATEGORY_ROUTE, cityCategoryPath, COUNTRY_CATEGORY_ROUTE, countryCategoryPath, DISTRICT_CATEGORY_ROUTE, districtCategoryPath, matchPage, searchPath, slugPath, slugRoute } from './paths.js';

describe('public paths', () => {
  it('builds slug paths and router patterns from one table', () => {
    expect(slugPath('details', 'cafe-x')).toBe('/details/cafe-x');
    expect(slugPath('country', 'türkiye')).toBe('/country/t%C3%BCrkiye');
    expect(slugRoute('city')).toBe('/city/:slug');
    expect(searchPath('pizza', 'istanbul')).toBe('/search?q=pizza&location=istanbul');
    expect(searchPath()).toBe('/search');
  });

  it('tells which page a path is, and refuses paths the site has no page for', () => {
    expect(matchPage('/')).toEqual({ kind: 'static', page: 'home' });
    expect(matchPage('/cities/')).toEqual({ kind: 'static', page: 'cities' });
    expect(matchPage('/admin/businesses')).toEqual({ kind: 'admin' });
    expect(matchPage('/city/t%C3%BCrkiye')).toEqual({ kind: 'slug', page: 'city', slug: 'türkiye' });
    for (const p of ['/details/', '/details/a/b', '/city/%E0%A4%A', '/nope', '/Cities']) expect(matchPage(p), p).toBeNull();
  });

  it('gives a category in a city the path under its city, and matches it back', () => {
    expect(CITY_CATEGORY_ROUTE).toBe('/city/:slug/:category');
    expect(cityCategoryPath('köln', 'cafe')).toBe('/city/k%C3%B6ln/cafe');
    expect(matchPage('/city/k%C3%B6ln/cafe/')).toEqual({ kind: 'cityCategory', page: 'cityCategory', slug: 'köln', category: 'cafe' });
    // At most two segments under a city (a district's category), one under a country; none under the other slug pages.
    for (const p of ['/city/a/b/c/d', '/city//b', '/city/a//c', '/category/a/b', '/country/a/b/c', '/country//b', '/details/a/b', '/city/a/%E0%A4%A']) expect(matchPage(p), p).toBeNull();
  });

  it('gives a category in a district the path under its city, district first, and matches it back', () => {
    expect(DISTRICT_CATEGORY_ROUTE).toBe('/city/:slug/:district/:category');
    expect(districtCategoryPath('istanbul', 'kadikoy', 'restaurants')).toBe('/city/istanbul/kadikoy/restaurants');
    expect(matchPage('/city/istanbul/kad%C4%B1k%C3%B6y/cafe/')).toEqual({ kind: 'districtCategory', page: 'districtCategory', slug: 'istanbul', district: 'kadıköy', category: 'cafe' });
  });

  it('gives a category in a country the path under its country, and matches it back', () => {
    expect(COUNTRY_CATEGORY_ROUTE).toBe('/country/:slug/:category');
    expect(countryCategoryPath('türkiye', 'cafe')).toBe('/country/t%C3%BCrkiye/cafe');
    expect(matchPage('/country/t%C3%BCrkiye/cafe/')).toEqual({ kind: 'countryCategory', page: 'countryCategory', slug: 'türkiye', category: 'cafe' });
    expect(matchPage('/country/turkiye')).toEqual({ kind: 'slug', page: 'country', slug: 'turkiye' });
  });
});
