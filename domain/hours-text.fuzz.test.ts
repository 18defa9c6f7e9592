import { describe, expect, it } from 'vitest';
import { readWorkingHours } from './hours-text.js';
import { hoursTexts } from './hours-text.fixtures.js';
import { MINUTES_PER_WEEK, openIntervals, openWeekText } from './opening-status.js';

const { int, randomPieces, nearMisses: NEAR_MISSES } = hoursTexts();

/** A week read from `text` that is null, or intervals in order, apart, within the week. */
function weekOf(text: string): readonly (readonly [number, number])[] | null {
  const week = openIntervals(readWorkingHours(text));
  if (week === null) return null;
  let end = -1;
  for (const [s, e] of week) {
    expect(s, text).toBeGreaterThan(end);
    expect(e, text).toBeGreaterThan(s);
    expect(e, text).toBeLessThanOrEqual(MINUTES_PER_WEEK);
    end = e;
  }
  return week;
}

describe('the hours parsers on random and near-miss texts', () => {
  it('never throw on random texts, and any week they read lies in order within the week', () => {
    for (let i = 0; i < 5_000; i++) {
      const text = randomPieces();
      expect(() => weekOf(text), JSON.stringify(text)).not.toThrow();
    }
    for (let i = 0; i < 2_000; i++) {
      const text = String.fromCharCode(...Array.from({ length: 1 + int(40) }, () => int(0x3000)));
      expect(() => weekOf(text), JSON.stringify(text)).not.toThrow();
    }
  });

  for (const [kind, make] of Object.entries(NEAR_MISSES)) {
    it(`never reads as open ${kind}`, () => {
      for (let i = 0; i < 300; i++) {
        const text = make();
        expect(openWeekText(readWorkingHours(text)), text).toBeNull();
      }
    });
  }

  it('still reads the hours the near misses are made from', () => {
    expect(openWeekText(readWorkingHours('Mon 09:00-17:00'))).toBe('{[540,1020)}');
    expect(openWeekText(readWorkingHours('{"Monday":"9AM-5PM"}'))).toBe('{[540,1020)}');
    expect(openWeekText(readWorkingHours('{"Monday":"9-17"}'))).toBe('{[540,1020)}');
    expect(openWeekText(readWorkingHours('{"Monday":["9AM-12PM","1PM-5PM"]}'))).toBe('{[540,720),[780,1020)}');
  });

  // Each text is as long as ten times the longest cell a file may hold; a reading whose work grew
  // with the square of its length (a pattern tried again at every character of a long run) would
  // not finish.
  it('reads long texts in one pass: runs of spaces, separators, digits and clauses', () => {
    const n = 300_000;
    const long = [
      `{"Monday":"9${' '.repeat(n)}x"}`,
      `{"Monday":"9AM${' '.repeat(n)}and"}`,
      `{"Monday":"9AM${'\t'.repeat(n)}-"}`,
      `{"Monday":[${'"9AM-5PM",'.repeat(n / 10)}"x"]}`,
      `{"Monday":"${'9AM-5PM, '.repeat(n / 9)}"}`,
      `Mon 9${' '.repeat(n)}-5`,
      `Mon${': '.repeat(n / 2)}9-17`,
      `Mon ${'1'.repeat(n)}`,
      `Mon 9${' -'.repeat(n / 2)}`,
      `Mon 09:00-10:00${' and'.repeat(n / 4)}`,
      'Mon 09:00-12:00, '.repeat(n / 17),
      `${'mon-'.repeat(n / 4)} 9-17`,
    ];
    for (const text of long) expect(weekOf(text), text.slice(0, 40)).toBeNull();
  });
});
