import { describe, expect, it } from 'vitest';
import { formatDistance, nearParam, parseNear, parseRadius } from './nearby.js';

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
