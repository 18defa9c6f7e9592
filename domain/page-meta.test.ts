import { describe, expect, it } from 'vitest';
import { FACET_VALUES } from './search.js';
import { businessMeta, cityCategoryMeta, countryCategoryMeta, districtCategoryMeta, excerpt, NOT_FOUND_META, placesCovered, STATIC_META } from './page-meta.js';

describe('page meta', () => {
  it('cuts the description at 150 characters of the about text', () => {
    const about = 'word '.repeat(100);
    expect(excerpt(about).length).toBeLessThanOrEqual(150);
    const meta = businessMeta({ name: 'Café Zoë', slug: 'cafe-zoe-chij3wu', about, address: 'A St 1', category: { name: 'Café' }, city: { name: 'Paris' } });
    expect(meta.description).toBe(excerpt(about));
    expect(meta.title).toBe('Café Zoë - Café in Paris | rehber');
    expect(meta.path).toBe('/details/cafe-zoe-chij3wu');
  });
  it('falls back to name, category, city and address without an about text', () => {
    const meta = businessMeta({ name: 'X', slug: 'x', about: null, address: 'A St 1', category: null, city: { name: 'Paris' } });
    expect(meta.description).toBe('X, in Paris. A St 1');
  });
  it('adds the place that tells namesakes in the same city apart', () => {
    const meta = businessMeta({ name: 'Keçiören Veteriner', slug: 'k', about: null, address: 'İstiklal Cd. No:110', category: { name: 'Veterinarian' }, city: { name: 'Ankara' }, titlePlace: 'İstiklal Cd. No:110' });
    expect(meta.title).toBe('Keçiören Veteriner (İstiklal Cd. No:110) - Veterinarian in Ankara | rehber');
  });
  it('gives the not-found page its own title and the Turkish cities page its language', () => {
    expect(NOT_FOUND_META.title).toBe('Page Not Found | rehber');
    expect(NOT_FOUND_META.title).not.toBe(STATIC_META.home.title);
    expect(STATIC_META.cities.lang).toBe('tr');
  });
});

describe('a category in a place: the places its businesses are in', () => {
  const austin = { name: 'Austin', state: 'Texas', country: 'United States', slug: 'austin' };
  const plumber = { name: 'Plumber', slug: 'plumber' };
  const best = { name: 'Austin Plumbing', rating: 4.9 };
  /** A facet of `n` places, most businesses first. */
  const facet = (names: string[]) => names.map((label, i) => ({ value: label, label, count: 100 - i }));
  const districts = (n: number) => facet(Array.from({ length: n }, (_, i) => ['Downtown', 'Hyde Park', 'Zilker'][i] ?? `District ${i + 1}`));

  it('names the three districts with most businesses and counts the others', () => {
    const meta = cityCategoryMeta(austin, plumber, 214, best, placesCovered('district', districts(15)));
    expect(meta.description).toBe(
      // The closing words do not fit whole: left out, not cut.
      'Plumbers in Austin, Texas, United States: 214 businesses, in Downtown, Hyde Park, Zilker and 12 more districts. Best rated: Austin Plumbing (4.9).',
    );
  });

  it('names every district when there are three or fewer, and one alone', () => {
    expect(cityCategoryMeta(austin, plumber, 5, null, placesCovered('district', districts(3))).description).toBe(
      'Plumbers in Austin, Texas, United States: 5 businesses, in Downtown, Hyde Park and Zilker. Ratings, addresses, phone numbers and working hours.',
    );
    expect(cityCategoryMeta(austin, plumber, 3, null, placesCovered('district', districts(1))).description).toMatch(/: 3 businesses, in Downtown\. Ratings/);
    expect(cityCategoryMeta(austin, plumber, 5, null, placesCovered('district', districts(4))).description).toMatch(/, in Downtown, Hyde Park, Zilker and 1 more district\.$/);
  });

  it('says "at least" of a full facet, which lists only the first of them', () => {
    const meta = cityCategoryMeta(austin, plumber, 900, null, placesCovered('district', districts(FACET_VALUES)));
    expect(meta.description).toBe(`Plumbers in Austin, Texas, United States: 900 businesses, in Downtown, Hyde Park, Zilker and at least ${FACET_VALUES - 3} more districts.`);
  });

  it('drops names, never cuts one, to keep the description within the excerpt', () => {
    const long = facet(['Northwest Hills Balcones', 'Barton Creek Greenbelt', 'Zilker']);
    const meta = cityCategoryMeta(austin, plumber, 214, best, placesCovered('district', long));
    expect(meta.description).toBe('Plumbers in Austin, Texas, United States: 214 businesses, in Northwest Hills Balcones and 2 more districts. Best rated: Austin Plumbing (4.9).');
    expect(meta.description.length).toBeLessThanOrEqual(150);
    // No name fits: the districts are counted alone.
    const longer = facet(['A district whose name alone runs on for seventy characters or thereabouts', 'B', 'C']);
    expect(cityCategoryMeta(austin, plumber, 214, best, placesCovered('district', longer)).description).toBe(
      'Plumbers in Austin, Texas, United States: 214 businesses, in 3 districts. Best rated: Austin Plumbing (4.9).',
    );
  });

  it('says nothing of districts for a city without them, nor for a category in a district', () => {
    const without = cityCategoryMeta(austin, plumber, 7, best, placesCovered('district', []));
    expect(without.description).toBe('Plumbers in Austin, Texas, United States: 7 businesses. Best rated: Austin Plumbing (4.9). Ratings, addresses, phone numbers and working hours.');
    expect(cityCategoryMeta(austin, plumber, 7, best, placesCovered('district', undefined)).description).toBe(without.description);
    expect(districtCategoryMeta(austin, { district: 'Zilker', districtSlug: 'zilker' }, plumber, 4, null).description).toBe(
      'Plumbers in Zilker, Austin, Texas, United States: 4 businesses. Ratings, addresses, phone numbers and working hours.',
    );
  });

  it('names the cities of a category in a country', () => {
    const cities = placesCovered('city', facet(['İstanbul', 'Ankara', 'İzmir', ...Array.from({ length: 40 }, (_, i) => `City ${i}`)].slice(0, FACET_VALUES)));
    const meta = countryCategoryMeta({ name: 'Türkiye', slug: 'turkiye' }, { name: 'Restaurant', slug: 'restaurant' }, 5120, null, cities);
    expect(meta.description).toBe(`Restaurants in Türkiye: 5,120 businesses, in İstanbul, Ankara, İzmir and at least ${FACET_VALUES - 3} more cities. Ratings, addresses, phone numbers and working hours.`);
    expect(countryCategoryMeta({ name: 'Türkiye', slug: 'turkiye' }, { name: 'Restaurant', slug: 'restaurant' }, 4, null, placesCovered('city', facet(['Ankara', 'İzmir']))).description).toMatch(
      /: 4 businesses, in Ankara and İzmir\. /,
    );
  });
});
