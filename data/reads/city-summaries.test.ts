import { describe, expect, it } from 'vitest';
import { keptCities, keptCity, KEPT_CITIES_MAX } from './city-summaries.js';
import { newMemos } from './search-memo.js';
import { toCity } from '../../db/queries/cities.js';

/** A city with names half again as long as the generated million's on average (8 characters, 9 its slug). */
const city = (i: number) =>
  toCity({ id: i + 1, name: `Santiago ${i}`, state: i % 3 ? `Region ${i % 50}` : null, country: 'Indonesia', business_count: i * 7, slug: `santiago-${i}`, created_at: new Date(1_700_000_000_000 + i * 1_000) });

describe('every city kept as one entry', () => {
  it('gives each city as its row alone gives it, and nothing for another slug', () => {
    const cities = [city(0), city(1), city(2)];
    const kept = keptCities(cities);
    for (const c of cities) expect(keptCity(kept, c.slug)).toEqual(c);
    expect(keptCity(kept, 'nowhere')).toBeNull();
  });

  it('is kept by the small memo with as many cities as it may hold', async () => {
    const { small } = newMemos();
    const cities = Array.from({ length: KEPT_CITIES_MAX }, (_, i) => city(i));
    await small.get('1', 'all', async () => keptCities(cities));
    expect(small.peek('1', 'all')).toBeDefined();
    // The cities themselves, every object's keys counted, would not be.
    await small.get('1', 'whole', async () => new Map(cities.map((c) => [c.slug, c])));
    expect(small.peek('1', 'whole')).toBeUndefined();
  });
});
