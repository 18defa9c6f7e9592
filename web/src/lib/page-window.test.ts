import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows the first, the last and the pages around the current one', () => {
    expect(pageWindow(1, 366)).toEqual([1, 2, 'gap', 366]);
    expect(pageWindow(40, 366)).toEqual([1, 'gap', 39, 40, 41, 'gap', 366]);
    expect(pageWindow(366, 366)).toEqual([1, 'gap', 365, 366]);
  });

  it('fills a gap of one page with that page, and lists short ranges whole', () => {
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('keeps an out-of-range page inside the list', () => {
    expect(pageWindow(99, 5)).toEqual([1, 'gap', 4, 5]);
  });
});
