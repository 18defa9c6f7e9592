import { describe, expect, it } from 'vitest';
import type { City } from '@data/domain/types';
import { groupByCountry, NO_COUNTRY } from './group-by-country';

const city = (name: string, country: string, businessCount: number): City => ({ id: Math.random(), name, state: null, country, businessCount, slug: name.toLowerCase(), createdAt: '' });

describe('groupByCountry', () => {
  it("groups by country, most businesses first, a city without a country under 'Diğer' last", () => {
    const groups = groupByCountry([city('Ankara', 'Türkiye', 5), city('Nowhere', '', 50), city('Paris', 'France', 3), city('İzmir', 'Türkiye', 4), city('Lyon', 'France', 1)]);
    expect(groups.map((g) => [g.country, g.cities.length, g.businesses])).toEqual([
      ['Türkiye', 2, 9],
      ['France', 2, 4],
      [NO_COUNTRY, 1, 50],
    ]);
    expect(NO_COUNTRY).toBe('Diğer');
  });
  it('is empty for no cities', () => {
    expect(groupByCountry([])).toEqual([]);
  });
});
