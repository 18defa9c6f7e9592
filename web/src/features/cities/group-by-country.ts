import type { City } from '@domain/types';

export const NO_COUNTRY = 'Diğer';

/**
 * The cities a country shows on the page of all cities: its biggest; its own page lists them all.
 * Every city of a world-wide directory made that page megabytes of HTML and tens of thousands of
 * elements to lay out and hydrate; twelve a country bound it by the countries, not the cities.
 */
export const CITIES_SHOWN_PER_COUNTRY = 12;

export interface CountryGroup {
  country: string;
  cities: City[];
  /** The cities shown: all of them for 'Diğer' (no page of its own), else the biggest, most businesses first. */
  shown: City[];
  businesses: number;
}

const byBusinesses = (a: City, b: City) => b.businessCount - a.businessCount || a.name.localeCompare(b.name, 'tr');

/** Cities by country, most businesses first; a city without a country goes under 'Diğer', last. */
export function groupByCountry(cities: City[]): CountryGroup[] {
  const groups = new Map<string, CountryGroup>();
  for (const city of cities) {
    const country = city.country?.trim() || NO_COUNTRY;
    const g = groups.get(country) ?? { country, cities: [], shown: [], businesses: 0 };
    g.cities.push(city);
    g.businesses += city.businessCount;
    groups.set(country, g);
  }
  for (const g of groups.values()) g.shown = g.country === NO_COUNTRY ? g.cities : [...g.cities].sort(byBusinesses).slice(0, CITIES_SHOWN_PER_COUNTRY);
  return [...groups.values()].sort((a, b) =>
    a.country === NO_COUNTRY ? 1 : b.country === NO_COUNTRY ? -1 : b.businesses - a.businesses || a.country.localeCompare(b.country, 'tr'),
  );
}
