import { describe, expect, it } from 'vitest';
import { COUNT_NOUNS, countOf, formatNumber, nounFor, type CountLocale, type CountNoun } from './plural.js';

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

describe('whole numbers without Intl', () => {
  const numbers = (() => {
    const list = [0, -0, 1, -1, 2, 999, 1000, -1000, 9999, 10000, 123456, 1234567, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53, 1e21, 1.5, 0.1, -2.5, 1234.5678, NaN, Infinity, -Infinity];
    for (let n = -2000; n <= 12000; n++) list.push(n);
    for (let p = 1, k = 0; k < 16; k++, p *= 10) list.push(p - 1, p, p + 1, -p, 7 * p + 3);
    let seed = 7;
    for (let i = 0; i < 5000; i++) {
      seed = (seed * 48271) % 2147483647;
      list.push(seed * (i % 3 ? 1 : 4099), seed / 1000);
    }
    return list;
  })();
  const locales: Array<[CountLocale, string]> = [['en', 'en-US'], ['tr', 'tr-TR']];

  it('are formatted exactly as Intl.NumberFormat formats them', () => {
    for (const [locale, tag] of locales) {
      const intl = new Intl.NumberFormat(tag);
      expect(numbers.filter((n) => formatNumber(n, locale) !== intl.format(n))).toEqual([]);
    }
  });

  it('take the noun Intl.PluralRules picks', () => {
    for (const [locale, tag] of locales) {
      const rules = new Intl.PluralRules(tag);
      for (const noun of Object.keys(COUNT_NOUNS) as CountNoun[]) {
        const forms: Partial<Record<string, string>> & { other: string } = COUNT_NOUNS[noun][locale];
        expect(numbers.filter((n) => nounFor(n, noun, locale) !== (forms[rules.select(n)] ?? forms.other))).toEqual([]);
      }
    }
  });
});
