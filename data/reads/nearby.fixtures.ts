/**
 * For the tests of lists near a point: a few businesses at known spots in İstanbul and one in
 * Austin (each city at its centre), one placed only at its city's centre and one without
 * coordinates, written straight into the tables (the search document and the facet counts come
 * from the triggers).
 */
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../db/index.js';
import { createTestDb, type TestDb } from '../../db/test-db.js';
import { slugifyText } from '../../domain/slug.js';

/** İstanbul's centre, where its approximate business is placed. */
export const ISTANBUL = { lat: 41.0082, lng: 28.9784 };
/** Austin's centre. */
const AUSTIN = { lat: 30.2672, lng: -97.7431 };

interface NearSeed {
  name: string;
  category: 'Café' | 'Bakery';
  city: 'İstanbul' | 'Austin';
  at: { lat: number; lng: number } | null;
  approximate?: boolean;
  rating: number;
}

/** Nearest İstanbul's centre first (the approximate one last, whatever its distance). */
export const NEAR_SEEDS: NearSeed[] = [
  { name: 'Sultanahmet Fırını', category: 'Bakery', city: 'İstanbul', at: { lat: 41.0054, lng: 28.9768 }, rating: 3.9 },
  { name: 'Galata Kahvesi', category: 'Café', city: 'İstanbul', at: { lat: 41.0256, lng: 28.9741 }, rating: 4.8 },
  { name: 'Kadıköy Kahvesi', category: 'Café', city: 'İstanbul', at: { lat: 40.9903, lng: 29.0293 }, rating: 4.1 },
  { name: 'Şile Fırını', category: 'Bakery', city: 'İstanbul', at: { lat: 41.1766, lng: 29.6125 }, rating: 4.5 },
  { name: 'Austin Coffee', category: 'Café', city: 'Austin', at: { lat: 30.2672, lng: -97.7431 }, rating: 5 },
  { name: 'Merkez Kahvesi', category: 'Café', city: 'İstanbul', at: ISTANBUL, approximate: true, rating: 4.9 },
  { name: 'Nowhere Bakery', category: 'Bakery', city: 'İstanbul', at: null, rating: 4.0 },
];

export async function seedNearby(db: Db): Promise<void> {
  // Each city at its centre, as the gazetteer places it: a business placed only there is found through it.
  for (const [name, country, code, centre] of [['İstanbul', 'Türkiye', 'TR', ISTANBUL], ['Austin', 'United States', 'US', AUSTIN]] as const) {
    await db('cities').insert({ name, country, slug: slugifyText(name), country_code: code, latitude: centre.lat, longitude: centre.lng });
  }
  for (const name of ['Café', 'Bakery']) await db('categories').insert({ name, slug: slugifyText(name) });
  const cities = new Map((await db('cities').select('id', 'name', 'country', 'country_code')).map((r) => [r.name as string, r]));
  const categories = new Map((await db('categories').select('id', 'name')).map((r) => [r.name as string, r.id as number]));
  await db('businesses').insert(
    NEAR_SEEDS.map((s, i) => {
      const city = cities.get(s.city)!;
      return {
        name: s.name,
        slug: slugifyText(s.name),
        address: `${i + 1} Long Road`,
        category_id: categories.get(s.category),
        city_id: city.id,
        country: city.country,
        country_code: city.country_code,
        latitude: s.at?.lat ?? null,
        longitude: s.at?.lng ?? null,
        coordinates_approximate: s.approximate ?? false,
        rating: s.rating,
        identity_key: `n:near-${i}`,
      };
    }),
  );
  await db.raw(`UPDATE cities t SET business_count = (SELECT count(*) FROM businesses b WHERE b.city_id = t.id AND b.is_active)`);
  await db.raw(`UPDATE categories t SET business_count = (SELECT count(*) FROM businesses b WHERE b.category_id = t.id AND b.is_active)`);
}

/** A test database of the file's tests, seeded with NEAR_SEEDS before them and dropped after. */
export function nearbyTestDb(): { readonly db: Db } {
  let t: TestDb | undefined;
  beforeAll(async () => {
    t = await createTestDb();
    await seedNearby(t.db);
  });
  afterAll(async () => {
    await t?.drop();
  });
  return {
    get db() {
      if (!t) throw new Error('the nearby test database is made before the tests run');
      return t.db;
    },
  };
}
