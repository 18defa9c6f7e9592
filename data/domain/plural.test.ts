import { describe, expect, it } from 'vitest';
import { countOf, formatNumber, nounFor } from './plural.js';

describe('countOf', () => {
  it('uses the singular for one and the plural otherwise in English', () => {
    expect(countOf(0, 'result')).toBe('0 results');
    expect(countOf(1, 'result')).toBe('1 result');
    expect(countOf(2, 'result')).toBe('2 results');
    expect(countOf(1, 'review')).toBe('1 review');
    expect(countOf(1, 'business')).toBe('1 business');
    expect(countOf(12345, 'business')).toBe('12,345 businesses');
    expect(countOf(1, 'city')).toBe('1 city');
    expect(countOf(3, 'city')).toBe('3 cities');
  });

  it('puts no plural suffix after a number in Turkish, and groups thousands with a dot', () => {
    expect(countOf(1, 'result', 'tr')).toBe('1 sonuç');
    expect(countOf(5, 'result', 'tr')).toBe('5 sonuç');
    expect(countOf(1, 'business', 'tr')).toBe('1 işletme');
    expect(countOf(12345, 'business', 'tr')).toBe('12.345 işletme');
    expect(countOf(2, 'city', 'tr')).toBe('2 şehir');
  });

  it('gives the noun alone and the number alone', () => {
    expect(nounFor(1, 'review')).toBe('review');
    expect(nounFor(7, 'review')).toBe('reviews');
    expect(formatNumber(60000)).toBe('60,000');
    expect(formatNumber(60000, 'tr')).toBe('60.000');
  });
});
