import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { loadSample } from '../../data/samples/sample.js';
import type { Business, Category, City, CountryDetail, DistrictCategoryLink, Page, Stats, Country } from '../../domain/types.js';
import { slugifyText } from '../../domain/slug.js';
import type { ListPage, Suggestions } from '../../domain/search.js';
import { CITY_CATEGORY_MIN_BUSINESSES, FEATURED_LIMIT, POPULAR_CITIES_LIMIT, PUBLIC_PAGE_SIZE, RECENT_LIMIT } from '../../domain/constants.js';

describe('the public read API on the sample directory', () => {
  let app: TestApp;
  const get = async <T>(path: string): Promise<{ status: number; body: T }> => {
    const res = await fetch(app.url + path);
    return { status: res.status, body: (await res.json()) as T };
  };

  beforeAll(async () => {
    app = await startTestApp();
    await loadSample(app.db);
  });
  afterAll(() => app.close());

  it('answers /healthz with 200 while the database answers', async () => {
    const res = await fetch(`${app.url}/healthz`);
    expect(res.status).toBe(200);
  });

  it('counts businesses, cities, categories and countries in /api/stats', async () => {
    const { body } = await get<Stats>('/api/stats');
    expect(body).toEqual({ totalBusinesses: 2000, totalCities: expect.any(Number), totalCategories: expect.any(Number), totalCountries: expect.any(Number) });
    expect(body.totalCities).toBeGreaterThanOrEqual(80);
    expect(body.totalCategories).toBeGreaterThanOrEqual(20);
    expect(body.totalCountries).toBeGreaterThanOrEqual(15);
  });

  it('lists featured businesses best rated first, with their category and city', async () => {
    const { body } = await get<Business[]>('/api/businesses/featured');
    expect(body).toHaveLength(FEATURED_LIMIT);
    const ratings = body.map((b) => b.rating);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
    expect(body[0].category).toEqual({ name: expect.any(String), slug: expect.any(String) });
    expect(body[0].city).toEqual({ name: expect.any(String), slug: expect.any(String) });
    expect(body.every((b) => b.isActive)).toBe(true);
  });

  it('lists the newest businesses first', async () => {
    await app.db('businesses').where({ name: 'Café Zoë' }).update({ created_at: app.db.raw(`now() + interval '1 day'`) });
    await app.settle();
    const { body } = await get<Business[]>('/api/businesses/recent');
    expect(body).toHaveLength(RECENT_LIMIT);
    expect(body[0].name).toBe('Café Zoë');
  });

  it('finds a business by its full slug and by the slug without its place-id suffix', async () => {
    const row = await app.db('businesses').where({ name: 'Şişli Çiçekçi' }).first('slug');
    const full = await get<Business>(`/api/businesses/detail/${row.slug}`);
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ name: 'Şişli Çiçekçi', slug: row.slug, country: 'Türkiye', category: { name: 'Florist', slug: 'florist' }, city: { name: 'İstanbul', slug: 'istanbul' } });
    expect(full.body.businessHours).toHaveProperty('sunday');
    const short = await get<Business>('/api/businesses/detail/sisli-cicekci');
    expect(short.body.slug).toBe(row.slug);
    const typed = await get<Business>(`/api/businesses/detail/${encodeURIComponent('Şişli-Çiçekçi')}`);
    expect(typed.body.slug).toBe(row.slug);
  });

  it('answers 404 {message} for an unknown business, city, category or country', async () => {
    const missing = {
      '/api/businesses/detail/no-such-business': 'Business not found',
      '/api/cities/atlantis': 'City not found',
      '/api/cities/atlantis/businesses': 'City not found',
      '/api/categories/nothing': 'Category not found',
      '/api/categories/nothing/businesses': 'Category not found',
      '/api/countries/narnia': 'Country not found',
    };
    for (const [path, message] of Object.entries(missing)) {
      const res = await get<{ message: string }>(path);
      expect(res.status, path).toBe(404);
      expect(res.body.message, path).toBe(message);
    }
    // The list's parameters are checked first: a bad one is a 400 whatever the slug.
    for (const path of ['/api/cities/atlantis/businesses?page=0', '/api/categories/nothing/businesses?sort=worst']) expect((await get(path)).status, path).toBe(400);
  });

  it("lists a category's districts in a city, most businesses first, each with its slug and whether it is a page; 404 for an unknown city or category", async () => {
    const { city, category } = (await app.db.raw(
      `SELECT c.slug AS city, k.slug AS category FROM businesses b JOIN cities c ON c.id = b.city_id JOIN categories k ON k.id = b.category_id
        WHERE b.is_active AND b.district <> '' GROUP BY c.slug, k.slug ORDER BY count(DISTINCT b.district) DESC, count(*) DESC LIMIT 1`,
    )).rows[0] as { city: string; category: string };
    const res = await get<DistrictCategoryLink[]>(`/api/cities/${city}/categories/${category}/districts`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.map((d) => d.count)).toEqual([...res.body.map((d) => d.count)].sort((a, b) => b - a));
    for (const d of res.body) expect(d).toEqual({ district: d.district, districtSlug: slugifyText(d.district), count: d.count, indexable: d.count >= CITY_CATEGORY_MIN_BUSINESSES });
    expect((await get<{ message: string }>(`/api/cities/atlantis/categories/${category}/districts`)).body).toEqual({ message: 'City not found' });
    expect((await get(`/api/cities/${city}/categories/nothing/districts`)).status).toBe(404);
  });

  it('lists popular cities by business count and every city with businesses', async () => {
    const popular = await get<City[]>('/api/cities/popular');
    expect(popular.body).toHaveLength(POPULAR_CITIES_LIMIT);
    const counts = popular.body.map((c) => c.businessCount);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    const all = await get<City[]>('/api/cities');
    expect(all.body.length).toBeGreaterThanOrEqual(80);
    expect(all.body.every((c) => c.businessCount > 0)).toBe(true);
  });

  it("pages a city's businesses and refuses a page that is not a positive integer", async () => {
    const city = await get<City>('/api/cities/istanbul');
    expect(city.body).toMatchObject({ name: 'İstanbul', country: 'Türkiye' });
    const first = await get<Page<Business>>('/api/cities/istanbul/businesses');
    expect(first.body.items).toHaveLength(PUBLIC_PAGE_SIZE);
    expect(first.body.pagination).toEqual({ page: 1, limit: PUBLIC_PAGE_SIZE, total: city.body.businessCount, totalPages: Math.ceil(city.body.businessCount / PUBLIC_PAGE_SIZE) });
    expect(first.body.items.every((b) => b.city?.slug === 'istanbul')).toBe(true);
    const second = await get<Page<Business>>('/api/cities/istanbul/businesses?page=2');
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
    for (const page of ['0', '-1', 'abc', '1.5']) {
      const bad = await get<{ message: string }>(`/api/cities/istanbul/businesses?page=${page}`);
      expect(bad.status, page).toBe(400);
      expect(bad.body.message).toMatch(/page/);
    }
  });

  it('lists categories with counts and pages a category', async () => {
    const all = await get<Category[]>('/api/categories');
    expect(all.body.length).toBeGreaterThanOrEqual(20);
    const florist = all.body.find((c) => c.slug === 'florist')!;
    expect((await get<Category>('/api/categories/florist')).body.businessCount).toBe(florist.businessCount);
    const page = await get<Page<Business>>('/api/categories/florist/businesses?page=1');
    expect(page.body.pagination.total).toBe(florist.businessCount);
    expect(page.body.items.every((b) => b.category?.slug === 'florist')).toBe(true);
  });

  it('lists countries and shows one with its cities', async () => {
    const all = await get<Country[]>('/api/countries');
    expect(all.body.map((c) => c.slug)).toEqual(expect.arrayContaining(['turkiye', 'united-states']));
    const tr = await get<CountryDetail>('/api/countries/turkiye');
    expect(tr.body.name).toBe('Türkiye');
    expect(tr.body.cities.map((c) => c.name)).toContain('İstanbul');
  });

  it("pages a category's businesses within a country, counted as its country's link counts them; an unknown country lists none; a search takes no country", async () => {
    const tr = await get<CountryDetail>('/api/countries/turkiye');
    const link = tr.body.countryCategories[0];
    expect(link).toEqual({ countrySlug: 'turkiye', country: 'Türkiye', categorySlug: expect.any(String), category: expect.any(String), categoryPluralName: null, count: expect.any(Number) });
    expect(link.count).toBeGreaterThanOrEqual(CITY_CATEGORY_MIN_BUSINESSES);
    const page = await get<ListPage>(`/api/categories/${link.categorySlug}/businesses?country=turkiye&limit=100`);
    expect(page.body.pagination.total).toBe(link.count);
    expect(page.body.items).toHaveLength(Math.min(100, link.count));
    expect(page.body.items.every((b) => b.country === 'Türkiye' && b.category?.slug === link.categorySlug)).toBe(true);
    // Its cities are the facet: all of them Turkish.
    const turkish = new Set(tr.body.cities.map((c) => c.slug));
    expect(page.body.facets!.cities.every((c) => turkish.has(c.value))).toBe(true);
    expect((await get<Category & { countryCategories: unknown[] }>(`/api/categories/${link.categorySlug}`)).body.countryCategories).toContainEqual(link);
    expect((await get<ListPage>(`/api/categories/${link.categorySlug}/businesses?country=atlantis`)).body.pagination.total).toBe(0);
    const anywhere = await get<ListPage>(`/api/search?q=${encodeURIComponent(link.category)}`);
    expect((await get<ListPage>(`/api/search?q=${encodeURIComponent(link.category)}&country=turkiye`)).body.pagination.total).toBe(anywhere.body.pagination.total);
    expect((await get<Country>('/api/countries/turkiye/summary')).body).toEqual({ name: 'Türkiye', slug: 'turkiye', businessCount: tr.body.businessCount });
  });

  it('searches by words, by an unaccented spelling and by location', async () => {
    const words = await get<Page<Business>>('/api/search?q=' + encodeURIComponent('Çiçekçi'));
    expect(words.body.items.some((b) => b.name === 'Şişli Çiçekçi')).toBe(true);
    const folded = await get<Page<Business>>('/api/search?q=cicekci&location=istanbul');
    expect(folded.body.items.some((b) => b.name === 'Şişli Çiçekçi')).toBe(true);
    expect(folded.body.items.every((b) => b.city?.slug === 'istanbul')).toBe(true);
    const category = await get<Page<Business>>('/api/search?q=plumber&location=Austin');
    expect(category.body.pagination.total).toBeGreaterThan(0);
    expect(category.body.items.every((b) => b.category?.name === 'Plumber' || /plumb/i.test(b.name + b.about))).toBe(true);
    const country = await get<Page<Business>>('/api/search?location=T%C3%BCrkiye');
    expect(country.body.items.every((b) => b.country === 'Türkiye')).toBe(true);
    const postal = await app.db('businesses').whereNotNull('postal_code').first('postal_code');
    const byPostal = await get<Page<Business>>(`/api/search?location=${postal.postal_code}`);
    expect(byPostal.body.items.some((b) => b.postalCode === postal.postal_code)).toBe(true);
    const none = await get<Page<Business>>('/api/search?q=zzqqxx');
    expect(none.body).toMatchObject({ items: [], pagination: { page: 1, limit: PUBLIC_PAGE_SIZE, total: 0, totalPages: 1 } });
    expect((await get('/api/search?q=a&page=x')).status).toBe(400);
  });

  it('reads one box, filters and facets a search, and refuses a bad filter with 400', async () => {
    const box = await get<ListPage>('/api/search?q=' + encodeURIComponent('locksmith montreal'));
    expect(box.body.understood).toEqual({ q: 'locksmith', location: 'Montréal' });
    expect(box.body.items.length).toBeGreaterThan(0);
    expect(box.body.items.every((b) => b.category?.name === 'Locksmith' && b.city?.name === 'Montréal')).toBe(true);
    // A country by another of its names (db/ gets data/places' reading of them).
    const turkey = await get<ListPage>('/api/search?location=Turkey');
    expect(turkey.body.pagination.total).toBeGreaterThan(0);
    expect(turkey.body.pagination.total).toBe((await get<ListPage>(`/api/search?location=${encodeURIComponent('Türkiye')}`)).body.pagination.total);
    const typo = await get<ListPage>('/api/search?q=lockmsith');
    expect(typo.body.didYouMean).toBe('locksmith');
    const city = await get<ListPage>('/api/cities/istanbul/businesses?minRating=4&sort=name&hasPhone=true');
    expect(city.body.items.every((b) => b.rating >= 4 && b.phone)).toBe(true);
    expect(city.body.items.map((b) => b.name)).toEqual(city.body.items.map((b) => b.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(city.body.pagination.total).toBe(city.body.facets!.ratings.find((r) => r.min === 4)!.count);
    const category = await get<ListPage>(`/api/categories/florist/businesses?city=istanbul`);
    expect(category.body.items.every((b) => b.city?.slug === 'istanbul' && b.category?.slug === 'florist')).toBe(true);
    for (const bad of ['minRating=4.2', 'sort=price', 'verified=maybe', 'hasPhone=2']) {
      const res = await get<{ message: string }>(`/api/search?q=cafe&${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('suggests businesses, categories and places as one types', async () => {
    const { status, body } = await get<Suggestions>('/api/suggest?q=' + encodeURIComponent('İsta'));
    expect(status).toBe(200);
    expect(body.items).toContainEqual({ kind: 'city', label: 'İstanbul', detail: 'Türkiye', path: '/city/istanbul' });
    const florist = await get<Suggestions>('/api/suggest?q=flor');
    expect(florist.body.items).toContainEqual({ kind: 'category', label: 'Florist', path: '/category/florist' });
    expect((await get<Suggestions>('/api/suggest?q=')).body.items).toEqual([]);
  });
});
