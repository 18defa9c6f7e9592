import { describe, expect, it } from 'vitest';
import { formatDistance, nearParam, parseNear, parseRadius, radiusChoices, radiusCountry, usesMiles } from './nearby.js';

describe('formatDistance', () => {
  it('writes metres under a kilometre in tens, kilometres in tenths under ten, whole past it', () => {
    expect(formatDistance(0)).toBe('10 m');
    expect(formatDistance(848)).toBe('850 m');
    expect(formatDistance(996)).toBe('1 km');
    expect(formatDistance(3214)).toBe('3.2 km');
    expect(formatDistance(9960)).toBe('10 km');
    expect(formatDistance(123_456, 'TR')).toBe('123 km');
  });

  it('writes feet and miles where the country counts miles (US, GB, LR, MM)', () => {
    expect(formatDistance(100, 'US')).toBe('330 ft');
    expect(formatDistance(805, 'GB')).toBe('0.5 mi');
    expect(formatDistance(5150, 'us')).toBe('3.2 mi');
    expect(formatDistance(32_187, 'LR')).toBe('20 mi');
    expect(formatDistance(805, 'MM')).toBe('0.5 mi');
    expect(formatDistance(805, 'DE')).toBe('810 m');
    expect(formatDistance(805, null)).toBe('810 m');
  });
});

describe('parseNear and parseRadius', () => {
  it('reads two decimal degrees in range, and nothing else', () => {
    expect(parseNear('41.01,28.97')).toEqual({ lat: 41.01, lng: 28.97 });
    expect(parseNear(' -33.9 , 151.2 ')).toEqual({ lat: -33.9, lng: 151.2 });
    for (const bad of ['', '41.01', '41.01,28.97,1', '91,0', '0,181', 'a,b', '1e3,2', 'NaN,0', '41.01;28.97', 'Infinity,0']) expect(parseNear(bad), bad).toBeNull();
  });

  it('takes a radius from 0.1 to 500 km', () => {
    expect(parseRadius('0.1')).toBe(0.1);
    expect(parseRadius('25')).toBe(25);
    expect(parseRadius('500')).toBe(500);
    for (const bad of ['0', '0.05', '501', '-1', 'ten', '1e2', '']) expect(parseRadius(bad), bad).toBeNull();
  });

  it('writes a point with five decimals', () => {
    expect(nearParam({ lat: 41.0123456, lng: 28.9700001 })).toBe('41.01235,28.97');
  });
});

describe('radius choices', () => {
  it('offers 1, 2, 5, 10 and 25 km, written as a card writes a distance', () => {
    expect(radiusChoices('TR')).toEqual([
      { km: 1, label: '1 km' },
      { km: 2, label: '2 km' },
      { km: 5, label: '5 km' },
      { km: 10, label: '10 km' },
      { km: 25, label: '25 km' },
    ]);
    expect(radiusChoices(null).map((c) => c.km)).toEqual([1, 2, 5, 10, 25]);
  });

  it('offers miles where the country uses them, each its kilometres in the URL and a radius the API takes', () => {
    expect(radiusChoices('us')).toEqual([
      { km: 1.609344, label: '1 mi' },
      { km: 3.218688, label: '2 mi' },
      { km: 8.04672, label: '5 mi' },
      { km: 16.09344, label: '10 mi' },
      { km: 40.2336, label: '25 mi' },
    ]);
    for (const c of [...radiusChoices('GB'), ...radiusChoices('DE')]) expect(parseRadius(String(c.km))).toBe(c.km);
    expect(['US', 'gb', 'LR', 'MM'].every(usesMiles)).toBe(true);
    expect([null, undefined, '', 'DE', 'TR'].some(usesMiles)).toBe(false);
  });

  it('keeps the units of a chosen radius, else takes the nearest business\'s country', () => {
    expect(radiusCountry(3.218688, 'TR')).toBe('US');
    expect(radiusCountry(2, 'US')).toBeNull();
    expect(radiusCountry(undefined, 'GB')).toBe('GB');
    expect(radiusCountry(1.2, 'US')).toBe('US');
    expect(radiusCountry(undefined, undefined)).toBeNull();
  });
});
