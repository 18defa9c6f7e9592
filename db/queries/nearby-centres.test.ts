import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test-db.js';
import { nearestCandidates, type NearCandidate } from './nearby.js';
import type { FacetFilters } from './facets.js';
import type { GeoPoint } from '../../domain/nearby.js';
import { ISTANBUL, seedNearby } from '../../data/reads/nearby.fixtures.js';
import { slugifyText } from '../../domain/slug.js';

let t: TestDb;
/** Üsküdar's centre: the point asked, where three businesses are placed only at their city's centre. */
const USKUDAR = { lat: 41.0226, lng: 29.0152 };
const CITIES = [
  { name: 'Üsküdar', centre: USKUDAR, shops: [['Üsküdar Kahvesi', 'Café'], ['Üsküdar Fırını', 'Bakery'], ['Harem Kahvesi', 'Café']] },
  { name: 'Sarıyer', centre: { lat: 41.1669, lng: 29.0572 }, shops: [['Sarıyer Kahvesi', 'Café'], ['Sarıyer Fırını', 'Bakery']] },
  { name: 'Ankara', centre: { lat: 39.9334, lng: 32.8597 }, shops: [['Kızılay Kahvesi', 'Café'], ['Ulus Fırını', 'Bakery']] },
] as const;

beforeAll(async () => {
  t = await createTestDb();
  await seedNearby(t.db);
  const categories = new Map((await t.db('categories').select('id', 'name')).map((r) => [r.name as string, r.id as number]));
  for (const c of CITIES) {
    const [city] = await t.db('cities')
      .insert({ name: c.name, country: 'Türkiye', slug: slugifyText(c.name), country_code: 'TR', latitude: c.centre.lat, longitude: c.centre.lng })
      .returning('id');
    await t.db('businesses').insert(
      c.shops.map(([name, category]) => ({
        name,
        slug: slugifyText(name),
        address: `1 ${name} Road`,
        category_id: categories.get(category),
        city_id: city.id,
        country: 'Türkiye',
        country_code: 'TR',
        latitude: c.centre.lat,
        longitude: c.centre.lng,
        coordinates_approximate: true,
        rating: 4,
        identity_key: `n:${slugifyText(name)}`,
      })),
    );
  }
  await t.db.raw('ANALYZE businesses');
  await t.db.raw('ANALYZE cities');
});
afterAll(async () => {
  await t.drop();
});

/**
 * What the walk must equal: every approximate business under `f`, its distance computed on its own
 * point and the whole table sorted by it (ties by id, as the walk's order within a tie is its own).
 */
async function sorted(point: GeoPoint, radiusKm: number | undefined, f: FacetFilters): Promise<Array<[string, number]>> {
  const { rows } = await t.db.raw(
    `SELECT b.name, rehber_earth_distance(rehber_earth_point(?, ?), rehber_earth_point(b.latitude, b.longitude)) AS distance
       FROM businesses b
      WHERE b.is_active AND b.latitude IS NOT NULL AND b.coordinates_approximate
        AND (?::int IS NULL OR b.category_id = ?) AND (?::int IS NULL OR b.city_id = ?)`,
    [point.lat, point.lng, f.categoryId ?? null, f.categoryId ?? null, f.cityId ?? null, f.cityId ?? null],
  );
  return (rows as { name: string; distance: number }[])
    .map((r): [string, number] => [r.name, Math.round(Number(r.distance))])
    .filter(([, d]) => radiusKm === undefined || d <= radiusKm * 1000)
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
}

const walked = (cs: NearCandidate[]) => cs.map((c): [string, number] => [c.name, Math.round(c.distance)]).sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));

describe("the businesses at a city's centre, read through the nearest cities", () => {
  it("come after every precise one even where their city's centre is the nearest point, nearest centre first", async () => {
    const precise = await nearestCandidates(t.db, USKUDAR, undefined, {}, false, 100);
    const placed = await nearestCandidates(t.db, USKUDAR, undefined, {}, true, 100);
    // The asked point is Üsküdar's centre itself: its three are nearer than any precise business.
    expect(placed.slice(0, 3).map((c) => c.distance)).toEqual([0, 0, 0]);
    expect(Math.min(...precise.map((c) => c.distance))).toBeGreaterThan(0);
    expect(placed.every((c) => c.approximate) && precise.every((c) => !c.approximate)).toBe(true);
    // Nearest centre first: Üsküdar's, İstanbul's (Merkez), Sarıyer's, Ankara's; a city's own by category and id.
    const distances = placed.map((c) => c.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(placed.map((c) => c.name).slice(3)).toEqual(['Merkez Kahvesi', 'Sarıyer Kahvesi', 'Sarıyer Fırını', 'Kızılay Kahvesi', 'Ulus Fırını']);
    expect(walked(placed)).toEqual(await sorted(USKUDAR, undefined, {}));
  });

  it('give what a sort of every one of them by distance gives, under a radius, a category, a city, and a limit', async () => {
    const [cafe] = await t.db('categories').where({ slug: 'cafe' }).pluck('id');
    const [sariyer] = await t.db('cities').where({ name: 'Sarıyer' }).pluck('id');
    for (const point of [USKUDAR, ISTANBUL, { lat: 40.5, lng: 31 }]) {
      for (const radiusKm of [undefined, 5, 20, 400]) {
        for (const f of [{}, { categoryId: cafe }, { cityId: sariyer }, { categoryId: cafe, cityId: sariyer }] as FacetFilters[]) {
          const all = await sorted(point, radiusKm, f);
          expect(walked(await nearestCandidates(t.db, point, radiusKm, f, true, 100))).toEqual(all);
          // A limit inside a tie: the nearest two, whichever of a tie.
          const two = await nearestCandidates(t.db, point, radiusKm, f, true, 2);
          expect(two.map((c) => Math.round(c.distance))).toEqual(all.slice(0, 2).map(([, d]) => d));
        }
      }
    }
  });
});
