import { describe, expect, it } from 'vitest';
import { neutralise, unneutralise } from './formula-guard.js';

/** Deterministic strings over the characters the guard cares about, and a few plain ones. */
function* values(count: number): Generator<string> {
  const alphabet = ["'", '=', '+', '-', '@', ';', '\t', '\r', '\n', '"', ',', ' ', '1', 'a', 'Ş', '\uFF1D', '\uFF20'];
  let seed = 20261202;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  for (let i = 0; i < count; i++) {
    let text = '';
    for (let length = next(9); length > 0; length--) text += alphabet[next(alphabet.length)];
    yield text;
  }
}

const SEPARATED = /(?:^|[;\t\r\n]"*)[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

describe('the formula guard', () => {
  it('reads back every value it guards, strict or not', () => {
    const wrong = [...values(50_000)].filter((v) => unneutralise(neutralise(v)) !== v || unneutralise(neutralise(v, true)) !== v);
    expect(wrong).toEqual([]);
  });

  it('leaves no formula character where a reading may start a cell, but a plain number at the start', () => {
    const strict = [...values(50_000)].map((v) => neutralise(v, true)).filter((g) => SEPARATED.test(g) || /^[\t\r]/.test(g));
    expect(strict).toEqual([]);
    const inner = [...values(50_000)].filter((v) => SEPARATED.test(neutralise(v).replace(/^'?[^;\t\r\n]*/, '')));
    expect(inner).toEqual([]);
  });

  it('keeps phone numbers and signed numbers as they are, except when told to be strict', () => {
    expect(neutralise('+90 212 555 12 34')).toBe('+90 212 555 12 34');
    expect(neutralise('-33.86')).toBe('-33.86');
    expect(neutralise('-33.86', true)).toBe("'-33.86");
    expect(neutralise("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(neutralise('a;-1')).toBe("a;'-1");
    expect(neutralise('line\n=x')).toBe("line\n'=x");
    expect(neutralise("'=x")).toBe("''=x");
    expect(neutralise('a=b, c-d')).toBe('a=b, c-d');
  });
});
