import { describe, expect, it } from 'vitest';
import { CITY_CATEGORY_ROUTE, COUNTRY_CATEGORY_ROUTE, DISTRICT_CATEGORY_ROUTE, matchPage, SLUG_PAGES, slugRoute, STATIC_PAGES } from './paths.js';
import { cityCategoryFilters, countryCategoryFilters, districtCategoryFilters, ownListPage, pageEntry, PUBLIC_PAGES, publicRequest, SEARCH_LIST_NAMES } from './public-pages.js';
import type { PublicReads } from './public-reads.js';
import type { ListPage } from './search.js';

/** Reads answering from plain values: the table's rules are pure, what they read is given here. */
function readsOf(answers: { city?: { id: number; name: string; country: string }; items?: { slug: string }[]; business?: { slug: string } }): PublicReads {
  const page = (items: unknown[]) => ({ items, pagination: { page: 1, limit: 20, total: items.length, totalPages: 1 } }) as unknown as ListPage;
  return {
    group: async (kind: string) => (kind === 'city' ? (answers.city ?? null) : null),
    groupBusinesses: async (_kind: string, _group: unknown, filters: { page?: number }) => page((filters.page ?? 1) > 1 ? [] : (answers.items ?? [])),
    business: async () => answers.business ?? null,
    country: async () => null,
  } as unknown as PublicReads;
}

describe('the table of public pages', () => {
  it('has one entry per public path, its route the path table’s pattern', () => {
    const routes = Object.fromEntries(Object.entries(PUBLIC_PAGES).map(([page, entry]) => [page, entry.route]));
    const slugRoutes = Object.fromEntries(Object.keys(SLUG_PAGES).map((page) => [page, slugRoute(page as keyof typeof SLUG_PAGES)]));
    expect(routes).toEqual({ ...STATIC_PAGES, ...slugRoutes, cityCategory: CITY_CATEGORY_ROUTE, districtCategory: DISTRICT_CATEGORY_ROUTE, countryCategory: COUNTRY_CATEGORY_ROUTE });
  });

  it('turns a match into the page request every interpreter is handed, and none for admin screens or unknown paths', () => {
    expect(publicRequest(matchPage('/city/t%C3%BCrkiye'), 'page=2')).toEqual({ page: 'city', slug: 'türkiye', query: 'page=2' });
    expect(publicRequest(matchPage('/search'), 'q=x')).toEqual({ page: 'search', slug: '', query: 'q=x' });
    expect(publicRequest(matchPage('/city/ankara/cafe'), 'page=2')).toEqual({ page: 'cityCategory', slug: 'ankara', category: 'cafe', query: 'page=2' });
    expect(publicRequest(matchPage('/city/ankara/cankaya/cafe'), 'page=2')).toEqual({ page: 'districtCategory', slug: 'ankara', district: 'cankaya', category: 'cafe', query: 'page=2' });
    expect(publicRequest(matchPage('/country/turkiye/cafe'), 'page=2')).toEqual({ page: 'countryCategory', slug: 'turkiye', category: 'cafe', query: 'page=2' });
    expect(publicRequest(matchPage('/admin/businesses'))).toBeNull();
    expect(publicRequest(matchPage('/nowhere'))).toBeNull();
  });

  it('a list’s own page is a page past the first asked for alone', () => {
    expect(ownListPage('page=3')).toBe(3);
    for (const q of ['', 'page=1', 'page=2&sort=name', 'page=x', 'page=1.5', 'sort=name']) expect(ownListPage(q), q).toBeNull();
    // The search's own page keeps what names its list.
    expect(ownListPage('q=cafe&location=Paris&page=2', SEARCH_LIST_NAMES)).toBe(2);
    expect(ownListPage('q=cafe&page=2')).toBeNull();
  });

  it('a combination’s view that spells out its default sort asks its list’s own question', () => {
    for (const sort of ['rating', 'relevance'] as const) {
      expect(cityCategoryFilters('cafe', { sort, page: 2 }), sort).toEqual(cityCategoryFilters('cafe', { page: 2 }));
      expect(districtCategoryFilters('cafe', 'Moda', { sort }), sort).toEqual(districtCategoryFilters('cafe', 'Moda', {}));
      expect(countryCategoryFilters('turkiye', { sort }), sort).toEqual(countryCategoryFilters('turkiye', {}));
    }
    expect(cityCategoryFilters('cafe', { sort: 'name' })).toEqual({ category: 'cafe', sort: 'name' });
    // Near a point the default is the nearest first, and best rated first a sort of its own.
    const near = { lat: 41, lng: 29 };
    expect(cityCategoryFilters('cafe', { near, sort: 'distance' })).toEqual({ category: 'cafe', near });
    expect(cityCategoryFilters('cafe', { near, sort: 'rating' })).toEqual({ category: 'cafe', near, sort: 'rating' });
  });

  it('a city page exists when its city does, and not past its list’s last page', async () => {
    const city = { id: 1, name: 'Ankara', country: 'Türkiye' };
    const read = (reads: PublicReads, query = '') => PUBLIC_PAGES.city.read(reads, { page: 'city', slug: 'ankara', query });
    expect(await read(readsOf({}))).toBeNull();
    expect(await read(readsOf({ city, items: [{ slug: 'a' }] }))).toEqual({ group: city, businesses: [{ slug: 'a' }], listPage: null });
    expect(await read(readsOf({ city, items: [{ slug: 'a' }] }), 'page=2')).toBeNull();
    // A sorted or filtered view is the list's first page: the head reads that.
    expect(await read(readsOf({ city, items: [{ slug: 'a' }] }), 'page=2&sort=name')).toMatchObject({ listPage: null });
  });

  it('sends a business found under a slug not its own to its own, and looks a missing group up among the moved', async () => {
    const details = pageEntry('details');
    const found = await details.read(readsOf({ business: { slug: 'new-name' } }), { page: 'details', slug: 'old-name', query: '' });
    expect(details.moved).toMatchObject({ kind: 'business' });
    expect(details.moved?.elsewhere?.(found, 'old-name')).toBe(true);
    expect(details.moved?.elsewhere?.(found, 'new-name')).toBe(false);
    expect(pageEntry('category').moved).toEqual({ kind: 'category' });
    expect(pageEntry('country').moved).toEqual({ kind: 'country' });
    expect(pageEntry('home').moved).toBeUndefined();
  });
});
