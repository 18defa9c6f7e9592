import { describe, expect, it } from 'vitest';
import { encodeRow } from './load-copy.js';
import { biz } from './load.fixtures.js';

describe('encodeRow', () => {
  it('encodes hours the same whether rows share one hours object or each has its own', () => {
    const hours = { monday: { open: '9AM', close: '5PM', closed: false }, sunday: { closed: true } };
    const shared = [biz({ name: 'A', businessHours: hours }), biz({ name: 'A', businessHours: hours })].map((b) => encodeRow(b, 'sig'));
    const own = encodeRow(biz({ name: 'A', businessHours: structuredClone(hours) }), 'sig');
    expect(shared[0]).toEqual(own);
    expect(shared[1]).toEqual(own);
    expect(own.body).toContain(JSON.stringify(hours));
    expect(encodeRow(biz({ name: 'A', businessHours: { sunday: { closed: true } } }), 'sig').hash).not.toBe(own.hash);
  });

  it('escapes the separators COPY text gives a meaning to, and writes null as \\N', () => {
    const { body } = encodeRow(biz({ name: 'a\tb\\c\nd\re', about: null }));
    expect(body.split('\t')[0]).toBe('a\\tb\\\\c\\nd\\re');
    expect(body).toContain('\\N');
  });
});
