import { describe, expect, it } from 'vitest';
import countries from 'i18n-iso-countries';
import { countryCode, countryName, matchCountries } from './countries.js';

describe('countries by any name', () => {
  it('reads names in many languages and cases, codes and folded spellings', () => {
    for (const t of ['Türkiye', 'turkiye', 'Turkey', 'TR', 'tur', 'Türkei', 'TURQUIE']) expect(countryCode(t), t).toBe('TR');
    for (const t of ['United States', 'united states', 'US', 'USA', 'Vereinigte Staaten']) expect(countryCode(t), t).toBe('US');
    expect(countryCode('Almanya')).toBe('DE');
    expect(countryCode('Atlantis')).toBeNull();
  });

  it('reads back every name it gives a country (an export re-imported, a city of DR Congo resolved)', () => {
    const codes = Object.keys(countries.getAlpha2Codes());
    expect(codes.length).toBeGreaterThan(240);
    expect(codes.filter((code) => countryCode(countryName(code)) !== code).map((code) => `${code} ${countryName(code)}`)).toEqual([]);
    expect(countryCode('DR Congo')).toBe('CD');
  });

  it('finds the stored names a typed country means', () => {
    const stored = ['Türkiye', 'United States', 'Deutschland'];
    expect(matchCountries('turkey', stored)).toEqual(['Türkiye']);
    expect(matchCountries('germany', stored)).toEqual(['Deutschland']);
    expect(matchCountries('us', stored)).toEqual(['United States']);
    expect(matchCountries('Atlantis', stored)).toEqual([]);
  });
});
