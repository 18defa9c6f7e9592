import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { importOpenNowRows } from './open-now.fixtures.js';
import type { ListPage } from '../../domain/search.js';

describe('"open now" near a point (near=<lat>,<lng>&open=1)', () => {
  let app: TestApp;
  // Monday 9 March 2026, 14:30 UTC: 15:30 in Berlin, 10:30 EDT in New York.
  const now = new Date('2026-03-09T14:30:00Z');
  const get = async (path: string): Promise<ListPage> => {
    const res = await fetch(app.url + path);
    expect(res.status, path).toBe(200);
    return (await res.json()) as ListPage;
  };
  const names = (page: ListPage) => page.items.map((b) => b.name).sort();
  const counts = (values: { label: string; count: number }[] | undefined) => values?.map((v) => `${v.label} ${v.count}`).sort();
  let near = '';

  beforeAll(async () => {
    app = await startTestApp({}, { clock: () => now });
    await importOpenNowRows(app.db);
    await app.settle();
    // The rows carry no coordinates of their own: each is placed at its city's centre.
    const berlin = await app.db('cities').where({ name: 'Berlin' }).first('latitude', 'longitude');
    near = `near=${Number(berlin.latitude).toFixed(5)},${Number(berlin.longitude).toFixed(5)}`;
  });
  afterAll(() => app.close());

  it('lists only the open ones near a point and counts the facets over them, each under every other filter', async () => {
    expect(names(await get(`/api/search?${near}`))).toHaveLength(6);
    const open = await get(`/api/search?${near}&open=1`);
    expect(names(open)).toEqual(['Deli Uptown', 'Immerauf', 'Tagescafe']);
    expect(open.pagination.total).toBe(3);
    expect(counts(open.facets?.categories)).toEqual(['Bar 1', 'Cafe 2']);
    expect(counts(open.facets?.cities)).toEqual(['Berlin 2', 'New York 1']);
    // With a city chosen the city facet still offers the other city's open ones; the categories count Berlin's.
    const berlin = await app.db('cities').where({ name: 'Berlin' }).first('slug');
    const inBerlin = await get(`/api/search?${near}&open=1&city=${berlin.slug}`);
    expect(names(inBerlin)).toEqual(['Immerauf', 'Tagescafe']);
    expect(counts(inBerlin.facets?.cities)).toEqual(['Berlin 2', 'New York 1']);
    expect(counts(inBerlin.facets?.categories)).toEqual(['Bar 1', 'Cafe 1']);
  });

  it("lists only the open ones on a city's page near a point", async () => {
    const berlin = await app.db('cities').where({ name: 'Berlin' }).first('slug');
    const open = await get(`/api/cities/${berlin.slug}/businesses?${near}&open=1`);
    expect(names(open)).toEqual(['Immerauf', 'Tagescafe']);
    expect(counts(open.facets?.categories)).toEqual(['Bar 1', 'Cafe 1']);
  });

  it('orders the open matches of words by distance and counts the facets over them', async () => {
    const open = await get(`/api/search?q=cafe&${near}&open=1`);
    expect(open.items.map((b) => b.name)).toEqual(['Tagescafe', 'Deli Uptown']);
    expect(counts(open.facets?.cities)).toEqual(['Berlin 1', 'New York 1']);
    expect(counts(open.facets?.categories)).toEqual(['Cafe 2']);
  });

  it('gives a search near a point no facets when its open matches are more than it ranks', async () => {
    // Two open cafés, a bound of one: the open matches are broad, as a search's without a point.
    process.env.SEARCH_CANDIDATES = '1';
    try {
      const open = await get(`/api/search?q=cafe&${near}&open=1&n=broad`);
      expect(open.items.map((b) => b.name)).toEqual(['Tagescafe']);
      expect(open.facets).toBeUndefined();
    } finally {
      delete process.env.SEARCH_CANDIDATES;
    }
  });
});
