import type { City } from '@data/domain/types';

export const NO_COUNTRY = 'Diğer';

export interface CountryGroup {
  country: string;
  cities: City[];
  businesses: number;
}

/** Cities by country, most businesses first; a city without a country goes under 'Diğer', last. */
export function groupByCountry(cities: City[]): CountryGroup[] {
  const groups = new Map<string, CountryGroup>();
  for (const city of cities) {
    const country = city.country?.trim() || NO_COUNTRY;
    const g = groups.get(country) ?? { country, cities: [], businesses: 0 };
    g.cities.push(city);
    g.businesses += city.businessCount;
    groups.set(country, g);
  }
  return [...groups.values()].sort((a, b) =>
    a.country === NO_COUNTRY ? 1 : b.country === NO_COUNTRY ? -1 : b.businesses - a.businesses || a.country.localeCompare(b.country, 'tr'),
  );
}
