import { describe, expect, it } from 'vitest';
import { approximateBytes, BoundedCache, cacheStats } from './bounded-cache.js';

describe('BoundedCache', () => {
  it('drops the least recently used entry past its count', () => {
    const c = new BoundedCache<number>('t', { maxEntries: 2, maxBytes: 1e9 });
    c.set('a', 1);
    c.set('b', 2);
    c.get('a');
    c.set('c', 3);
    expect([c.peek('a'), c.peek('b'), c.peek('c')]).toEqual([1, undefined, 3]);
  });

  it('counts long keys against its bytes, so a few long keys push out many short ones', () => {
    const c = new BoundedCache<true>('t', { maxEntries: 1_000_000, maxBytes: 1024 * 1024 });
    for (let i = 0; i < 10_000; i++) c.set(`${i}-`.padEnd(15_000, 'x'), true);
    expect(c.stats().bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(c.size).toBeLessThan(40);
  });

  it('never keeps one entry bigger than a sixteenth of its bytes, and counts a value once it is measured', () => {
    const c = new BoundedCache<string>('t', { maxEntries: 100, maxBytes: 16 * 1024 }, (v) => v.length);
    expect(c.set('big', 'x'.repeat(2048))).toBe(false);
    c.set('a', 'small');
    c.resize('a', 4096);
    expect(c.peek('a')).toBeUndefined();
    c.set('b', 'small');
    c.resize('b', 500);
    expect(c.stats().bytes).toBeGreaterThan(500);
  });

  it('empties itself when the data version moves', () => {
    const c = new BoundedCache<number>('t', { maxEntries: 10, maxBytes: 1e6 });
    c.at('1').set('a', 1);
    expect(c.at('1').peek('a')).toBe(1);
    expect(c.at('2').peek('a')).toBeUndefined();
    expect(c.stats().bytes).toBe(0);
  });

  it('counts the hits and misses of get, and cacheStats lists them', () => {
    const c = new BoundedCache<number>('counted', { maxEntries: 10, maxBytes: 1e6 });
    c.set('a', 1);
    c.get('a');
    c.get('a');
    c.get('b');
    c.peek('b');
    expect(c.stats()).toMatchObject({ hits: 2, misses: 1 });
    expect(cacheStats().find((s) => s.name === 'counted')).toMatchObject({ hits: 2, misses: 1, entries: 1 });
  });
});

describe('approximateBytes', () => {
  it('grows with the text and the items a value holds', () => {
    expect(approximateBytes('x'.repeat(1000))).toBeGreaterThanOrEqual(2000);
    expect(approximateBytes({ rows: Array.from({ length: 100 }, (_, i) => ({ id: i, name: 'n'.repeat(50) })) })).toBeGreaterThan(100 * 100);
    expect(approximateBytes(new Map([['k', new Set(['a', 'b'])]]))).toBeGreaterThan(32);
  });
});
