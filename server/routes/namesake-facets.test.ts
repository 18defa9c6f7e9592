/** A list's city facet tells apart cities of one name ("Springfield", "Cambridge"), on every path a facet is counted on. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { importCsvText } from '../../data/import/import.fixtures.js';
import type { ListPage } from '../../domain/search.js';

const ROWS = [
  'name,category,full_address,rating,place_id,latitude,longitude',
  'Lincoln Pipes,Plumber,"1 Capitol Ave, Springfield, IL 62701, United States",4.5,S1,39.80,-89.65',
  'Ozark Pipes,Plumber,"2 Park Central Sq, Springfield, MO 65806, United States",4.4,S2,37.21,-93.29',
  'Charles Pipes,Plumber,"3 Mass Ave, Cambridge, MA 02139, United States",4.3,S3,42.37,-71.11',
  'Granta Pipes,Plumber,"4 Trinity St, Cambridge CB2 1TQ, United Kingdom",4.2,S4,52.20,0.12',
  'Grand River Pipes,Plumber,"5 Main St, Cambridge, ON N1R 1V5, Canada",4.1,S5,43.36,-80.31',
  'Congress Pipes,Plumber,"6 Congress Ave, Austin, TX 78701, United States",4.0,S6,30.27,-97.74',
];

describe("a list's city facet", () => {
  let app: TestApp;
  const get = async (path: string): Promise<ListPage> => {
    const res = await fetch(app.url + path);
    expect(res.status).toBe(200);
    return (await res.json()) as ListPage;
  };
  const labels = (page: ListPage) => page.facets!.cities.map((c) => c.label).sort();

  beforeAll(async () => {
    app = await startTestApp();
    await importCsvText(app.db, ROWS.join('\n'), { source: 'cli', mode: 'upsert' });
  });
  afterAll(() => app.close());

  it('names where a city is when another of its name is listed, and a name alone as it is', async () => {
    const cities = await app.db('cities').whereIn('name', ['Springfield', 'Cambridge']).select('name', 'state', 'country', 'slug');
    expect(cities).toHaveLength(5);
    const expected = [
      'Austin',
      ...cities.map((c: { name: string; state: string | null; country: string }) => `${c.name}, ${c.state || c.country}`),
    ].sort();
    // Five places under two names, each label its own.
    expect(new Set(expected).size).toBe(6);
    expect(expected).toContain('Springfield, IL');
    expect(expected).toContain('Springfield, MO');
    // The category's list (its facets counted in SQL), a search (counted from its candidates) and near a point.
    expect(labels(await get('/api/categories/plumber/businesses'))).toEqual(expected);
    expect(labels(await get('/api/search?q=pipes'))).toEqual(expected);
    expect(labels(await get('/api/search?near=40.0,-90.0'))).toEqual(expected);
    // Each still filters by its own slug.
    const facet = (await get('/api/categories/plumber/businesses')).facets!.cities.find((c) => c.label === 'Springfield, MO')!;
    expect((await get(`/api/categories/plumber/businesses?city=${facet.value}`)).items.map((b) => b.name)).toEqual(['Ozark Pipes']);
  });
});
