import { describe, expect, it } from 'vitest';
import { resultCount } from './search.js';

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
