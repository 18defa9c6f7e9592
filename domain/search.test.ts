import { describe, expect, it } from 'vitest';
import { cityFacetValues, resultCount } from './search.js';

describe('resultCount', () => {
  it('says what a list counted: exactly, about (an estimate), or at least (up to a cap)', () => {
    expect(resultCount(12, undefined)).toBe('12 results');
    expect(resultCount(1, {})).toBe('1 result');
    expect(resultCount(104_000, { totalApprox: true })).toBe('about 104,000 results');
    // An open-now list counted ten pages past the one asked, a list near a point its nearest hundred.
    expect(resultCount(220, { totalCapped: true })).toBe('220+ results');
    expect(resultCount(1, { totalCapped: true })).toBe('1+ results');
  });
});

describe('cityFacetValues', () => {
  const city = (value: string, name: string, state: string | null, country: string) => ({ value, name, state, country, count: 1 });
  it('names the state, else the country, of cities whose names the list holds twice (accents and case aside), and nothing more of the rest', () => {
    expect(
      cityFacetValues([
        city('cordoba', 'Córdoba', null, 'Argentina'),
        city('cordoba-spain', 'Cordoba', null, 'Spain'),
        city('springfield', 'Springfield', 'IL', 'United States'),
        city('austin', 'Austin', 'TX', 'United States'),
      ]).map((c) => [c.value, c.label]),
    ).toEqual([
      ['cordoba', 'Córdoba, Argentina'],
      ['cordoba-spain', 'Cordoba, Spain'],
      ['springfield', 'Springfield'],
      ['austin', 'Austin'],
    ]);
  });
  it('leaves namesakes of one state and country alike: nothing else tells them apart', () => {
    const labels = cityFacetValues([city('cambridge-ma', 'Cambridge', 'MA', 'United States'), city('cambridge-ma-2', 'Cambridge', 'MA', 'United States')]).map((c) => c.label);
    expect(labels).toEqual(['Cambridge, MA', 'Cambridge, MA']);
  });
});
