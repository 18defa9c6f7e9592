import { describe, expect, it } from 'vitest';
import type { City } from '@domain/types';
import { CITIES_SHOWN_PER_COUNTRY, groupByCountry, NO_COUNTRY } from './group-by-country';

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
  it("shows a country's biggest cities, most businesses first, and every city without a country", () => {
    const japan = Array.from({ length: CITIES_SHOWN_PER_COUNTRY + 8 }, (_, i) => city(`J${i}`, 'Japan', i));
    const nowhere = Array.from({ length: CITIES_SHOWN_PER_COUNTRY + 1 }, (_, i) => city(`N${i}`, '', 1));
    const [jp, other] = groupByCountry([...japan, ...nowhere]);
    expect([jp.cities.length, jp.businesses]).toEqual([20, 190]);
    expect(jp.shown.map((c) => c.name)).toEqual(['J19', 'J18', 'J17', 'J16', 'J15', 'J14', 'J13', 'J12', 'J11', 'J10', 'J9', 'J8']);
    expect([other.country, other.shown]).toEqual([NO_COUNTRY, nowhere]);
  });
  it('is empty for no cities', () => {
    expect(groupByCountry([])).toEqual([]);
  });
});
