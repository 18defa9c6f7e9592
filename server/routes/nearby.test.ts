import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { seedNearby } from '../../data/reads/nearby.fixtures.js';
import type { ListPage } from '../../domain/search.js';
import type { Business } from '../../domain/types.js';

describe('lists near a point (near=<lat>,<lng>, radius=<km>)', () => {
  let app: TestApp;
  const get = async <T>(path: string): Promise<{ status: number; body: T }> => {
    const res = await fetch(app.url + path);
    return { status: res.status, body: (await res.json()) as T };
  };
  const names = (page: ListPage) => page.items.map((b) => b.name);
  const CENTRE = 'near=41.0082,28.9784';

  beforeAll(async () => {
    app = await startTestApp();
    await seedNearby(app.db);
  });
  afterAll(() => app.close());

  it('sorts the search by distance, each with its distance in metres, the approximate one after every precise one', async () => {
    const { status, body } = await get<ListPage>(`/api/search?${CENTRE}`);
    expect(status).toBe(200);
    expect(names(body)).toEqual(['Sultanahmet Fırını', 'Galata Kahvesi', 'Kadıköy Kahvesi', 'Şile Fırını', 'Austin Coffee', 'Merkez Kahvesi']);
    expect(body.pagination.total).toBe(6);
    const distances = body.items.slice(0, 5).map((b) => b.distance!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    // Sultanahmet is about 340 m from the centre, Galata about 1.95 km.
    expect(distances[0]).toBeGreaterThan(250);
    expect(distances[0]).toBeLessThan(450);
    expect(distances[1]).toBeGreaterThan(1800);
    expect(distances[1]).toBeLessThan(2100);
    const approximate = body.items.at(-1)!;
    expect(approximate.coordinatesApproximate).toBe(true);
    expect(approximate.distance).toBeLessThan(1);
  });

  it('keeps only those within the radius', async () => {
    const { body } = await get<ListPage>(`/api/search?${CENTRE}&radius=10`);
    expect(names(body)).toEqual(['Sultanahmet Fırını', 'Galata Kahvesi', 'Kadıköy Kahvesi', 'Merkez Kahvesi']);
    expect(body.items.every((b) => b.distance! <= 10_000)).toBe(true);
    const close = await get<ListPage>(`/api/search?${CENTRE}&radius=1`);
    expect(names(close.body)).toEqual(['Sultanahmet Fırını', 'Merkez Kahvesi']);
  });

  it('filters by category and counts facets among the nearest; sorts by rating among them when asked', async () => {
    const { body } = await get<ListPage>(`/api/search?${CENTRE}&category=cafe&radius=100`);
    expect(names(body)).toEqual(['Galata Kahvesi', 'Kadıköy Kahvesi', 'Merkez Kahvesi']);
    // Each facet counts with every filter but its own: both categories within the radius.
    expect(body.facets!.categories).toEqual([
      { value: 'cafe', label: 'Café', count: 3 },
      { value: 'bakery', label: 'Bakery', count: 2 },
    ]);
    const rated = await get<ListPage>(`/api/search?${CENTRE}&radius=100&sort=rating`);
    expect(names(rated.body)).toEqual(['Merkez Kahvesi', 'Galata Kahvesi', 'Şile Fırını', 'Kadıköy Kahvesi', 'Sultanahmet Fırını']);
  });

  it('orders the matches of words by distance among them', async () => {
    const { body } = await get<ListPage>(`/api/search?q=kahvesi&${CENTRE}`);
    expect(names(body)).toEqual(['Galata Kahvesi', 'Kadıköy Kahvesi', 'Merkez Kahvesi']);
    expect(body.items[0].distance).toBeGreaterThan(1800);
    const within = await get<ListPage>(`/api/search?q=kahvesi&${CENTRE}&radius=3`);
    expect(names(within.body)).toEqual(['Galata Kahvesi', 'Merkez Kahvesi']);
  });

  it('sorts a broad search near a point by rating among the nearest it counts, as a list near a point does', async () => {
    // Three businesses hold 'kahvesi': with a bound of two the search is broad, its total capped at two.
    process.env.SEARCH_CANDIDATES = '2';
    try {
      const { body } = await get<ListPage>(`/api/search?q=kahvesi&${CENTRE}&sort=rating`);
      // The two nearest (the approximate Merkez, best rated, is not among them), then by rating.
      expect(names(body)).toEqual(['Galata Kahvesi', 'Kadıköy Kahvesi']);
      expect(body.pagination.total).toBe(2);
      expect((body as ListPage & { totalCapped?: boolean }).totalCapped).toBe(true);
    } finally {
      delete process.env.SEARCH_CANDIDATES;
    }
  });

  it('answers a city page and a category page near a point with their own businesses only', async () => {
    const city = await get<ListPage>(`/api/cities/austin/businesses?${CENTRE}`);
    expect(names(city.body)).toEqual(['Austin Coffee']);
    const category = await get<ListPage>(`/api/categories/bakery/businesses?${CENTRE}`);
    // The bakery without coordinates is in no list near a point.
    expect(names(category.body)).toEqual(['Sultanahmet Fırını', 'Şile Fırını']);
  });

  it('answers 400 {message} for a bad near, a bad radius, a radius or a distance sort without near', async () => {
    for (const query of ['near=41.01', 'near=91,0', 'near=abc,def', 'near=41.01,28.97,3', `${CENTRE}&radius=0`, `${CENTRE}&radius=501`, `${CENTRE}&radius=far`, 'radius=5', 'sort=distance']) {
      for (const path of ['/api/search', '/api/cities/istanbul/businesses']) {
        const res = await get<{ message: string }>(`${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.body.message, query).toEqual(expect.any(String));
      }
    }
  });

  it('sends no check of the data version: its walks and its rows say the version they saw', async () => {
    await app.settle();
    const sent: string[] = [];
    const heard = (q: { sql: string }) => void sent.push(q.sql);
    app.db.on('query', heard);
    try {
      // A new point each time: the answer cache never holds it, and the precise and the approximate walk both run.
      for (const [i, lat] of [41.0083, 41.0084].entries()) {
        const before = sent.length;
        const { status, body } = await get<ListPage>(`/api/search?near=${lat},28.9784&n=${i}`);
        expect(status).toBe(200);
        expect(names(body)).toContain('Merkez Kahvesi');
        expect(sent.slice(before).filter((q) => /from "data_version"/.test(q))).toEqual([]);
      }
    } finally {
      app.db.off('query', heard);
    }
  });

  it('lists "More nearby" on a business page: the nearest other precise businesses, nearest first', async () => {
    const { status, body } = await get<Business[]>('/api/businesses/detail/sultanahmet-firini/nearby');
    expect(status).toBe(200);
    expect(body.map((b) => b.name)).toEqual(['Galata Kahvesi', 'Kadıköy Kahvesi', 'Şile Fırını', 'Austin Coffee']);
    expect(body[0].distance).toBeGreaterThan(2000);
    // An approximate business is near nothing in particular.
    expect((await get<Business[]>('/api/businesses/detail/merkez-kahvesi/nearby')).body).toEqual([]);
    expect((await get('/api/businesses/detail/no-such-business/nearby')).status).toBe(404);
  });
});
