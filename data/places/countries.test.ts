import { describe, expect, it } from 'vitest';
import { countryCode, matchCountries } from './countries.js';

describe('countries by any name', () => {
  it('reads names in many languages and cases, codes and folded spellings', () => {
    for (const t of ['Türkiye', 'turkiye', 'Turkey', 'TR', 'tur', 'Türkei', 'TURQUIE']) expect(countryCode(t), t).toBe('TR');
    for (const t of ['United States', 'united states', 'US', 'USA', 'Vereinigte Staaten']) expect(countryCode(t), t).toBe('US');
    expect(countryCode('Almanya')).toBe('DE');
    expect(countryCode('Atlantis')).toBeNull();
  });

  it('finds the stored names a typed country means', () => {
    const stored = ['Türkiye', 'United States', 'Deutschland'];
    expect(matchCountries('turkey', stored)).toEqual(['Türkiye']);
    expect(matchCountries('germany', stored)).toEqual(['Deutschland']);
    expect(matchCountries('us', stored)).toEqual(['United States']);
    expect(matchCountries('Atlantis', stored)).toEqual([]);
  });
});
