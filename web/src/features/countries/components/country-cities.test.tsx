import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { CountryCity } from '@domain/country-page';
import { COUNTRY_CITY_CARDS } from '@domain/constants';
import type { SiteConfig } from '@domain/site-config';
import { AppProvider } from '@/app/provider';
import { DrawPartContext, type DrawPart } from '@/components/ui/static-part';
import { partDrawer } from '@/entry-server';
import { createQueryClient } from '@/lib/query-client';
import { CountryCities } from './country-cities';

const site: SiteConfig = { siteName: 'Rehber', contact: {}, ads: { slots: {} } };
const location = '/country/manyland';

/** The country's cities drawn by React element by element, or through `draw` as the server render does. */
function drawn(country: string, cities: CountryCity[], draw?: DrawPart): string {
  const client = createQueryClient();
  const list = <CountryCities country={country} cities={cities} />;
  return renderToString(
    <AppProvider client={client} site={site}>
      <StaticRouter location={location}>{draw ? <DrawPartContext.Provider value={draw}>{list}</DrawPartContext.Provider> : list}</StaticRouter>
    </AppProvider>,
  );
}

const towns = (n: number, count = (i: number) => 500 - i): CountryCity[] => [
  ...Array.from({ length: n }, (_, i) => ({ slug: `town-${i}`, name: `Town ${900 - i}`, state: null, businessCount: count(i) })),
  { slug: 'springfield-mo', name: 'Springfield', state: 'MO', businessCount: 2 },
  { slug: 'springfield-il', name: 'Springfield', state: 'IL', businessCount: 1 },
];

describe("a country's cities in the server render", () => {
  it('are drawn once per country and cities, byte for byte what React draws, and anew when a city changes', () => {
    const keys: string[] = [];
    const kept = partDrawer(createQueryClient(), site, location);
    // Told each part that had to be drawn (its markup not kept yet).
    const draw: DrawPart = (key, children) =>
      kept(key, () => {
        keys.push(key.slice(0, key.indexOf('|')));
        return children();
      });
    const cities = towns(COUNTRY_CITY_CARDS + 30);
    const expected = drawn('Manyland', cities);
    expect(expected).toContain('Springfield, IL');
    expect(drawn('Manyland', cities, draw)).toBe(expected);
    expect(keys).toEqual(['div', 'nav']);
    // Another view of the same country and cities (a new answer's copy of them): nothing drawn.
    expect(drawn('Manyland', structuredClone(cities), draw)).toBe(expected);
    expect(keys).toHaveLength(2);
    // A city's count moved, a city renamed, another country of the same cities: each drawn anew, as React draws it.
    const moved = cities.map((c, i) => (i === cities.length - 3 ? { ...c, businessCount: c.businessCount + 1 } : c));
    const renamed = cities.map((c, i) => (i === 0 ? { ...c, name: 'Big Town' } : c));
    for (const [country, changed] of [['Manyland', moved], ['Manyland', renamed], ['Otherland', cities]] as const) {
      const before = keys.length;
      expect(drawn(country, changed, draw)).toBe(drawn(country, changed));
      expect(keys.length).toBe(before + 2);
    }
    // A country of only cards has no list of more cities.
    expect(drawn('Smalland', towns(3), draw)).toBe(drawn('Smalland', towns(3)));
    expect(drawn('Smalland', towns(3))).not.toContain('data-country-more-cities');
  });
});
