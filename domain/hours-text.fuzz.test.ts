import { describe, expect, it } from 'vitest';
import { readWorkingHours } from './hours-text.js';
import { prng } from './random.js';
import { MINUTES_PER_WEEK, openIntervals, openWeekText } from './opening-status.js';

const random = prng(20261208);
const int = (n: number) => Math.floor(random() * n);
const pick = <T>(list: readonly T[]): T => list[int(list.length)];
const some = (n: number, make: () => string) => Array.from({ length: n }, make);

/** What hours are written with, and what they are often mistaken with. */
const PIECES = [
  'Mon', 'tue', 'Fri', 'Sat', 'sun', 'Mo', 'Fr', 'Pazartesi', 'Pazar', 'Montag', 'lundi', 'Daily', 'every day', 'her gün',
  'closed', 'Closed', 'kapalı', 'geschlossen', 'open', 'Open 24 hours', '24/7', '24', '7/24 açık',
  '0', '5', '9', '12', '17', '23', '25', '09:00', '9:30', '12.30', '18:00', '24:00', '24:30', '9AM', '5PM', '12 pm', '13PM', '9 a.m.', 'noon',
  '-', '–', '—', ' to ', ' till ', ' and ', ' und ', ' ve ', '&', '+', ',', ';', '|', ':', '.', '/', ' ', '  ', '\t', '\n',
  'except', 'holidays', 'by appointment', 'call', '{', '}', '"', '[', ']', '"Monday":', '"Sunday":', 'null', 'true', 'ı', 'é', '\u00a0', '\u2028',
];
const DAY_WORDS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Mo', 'Di', 'Pazartesi', 'Cuma', 'lundi', 'Daily'];
const JSON_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SEPARATORS = ['-', '–', '—', ' - ', ' to ', '  -  '];
const pad = (n: number) => String(n).padStart(2, '0');

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

/** Hours that say nothing for certain, each made `n` times. */
const NEAR_MISSES: Record<string, () => string> = {
  // 'Mon-Fri 9-5': nine to five in the afternoon, or a night? Bare hours that end before they start say neither.
  'bare hours ending before they start, as text': () => {
    const open = 1 + int(23);
    return `${pick(DAY_WORDS)} ${open}${pick(SEPARATORS)}${int(open + 1)}`;
  },
  'bare hours ending before they start, as JSON': () => {
    const open = 1 + int(23);
    return JSON.stringify({ [pick(JSON_DAYS)]: `${open}${pick(SEPARATORS)}${int(open + 1)}` });
  },
  'a day given twice': () => {
    const day = pick(DAY_WORDS.slice(0, 7));
    return `${day} ${pad(8 + int(3))}:00-${pad(14 + int(4))}:00, ${day} ${pad(8 + int(3))}:00-${pad(14 + int(4))}:00`;
  },
  'shifts that overlap or run backwards, as text': () => `${pick(DAY_WORDS)} ${pad(8 + int(4))}:00-${pad(13 + int(3))}:00, ${pad(10 + int(3))}:00-${pad(17 + int(4))}:00`,
  'shifts that overlap or run backwards, as JSON': () =>
    JSON.stringify({ [pick(JSON_DAYS)]: [`${pad(8 + int(4))}:00-${pad(13 + int(3))}:00`, `${pad(10 + int(3))}:00-${pad(17 + int(4))}:00`] }),
  'good hours with words no parser reads': () => `${pick(DAY_WORDS)} ${pad(8 + int(3))}:00-${pad(16 + int(4))}:00 ${pick(['except holidays', 'by appointment', 'or call', 'seasonal', 'approx.'])}`,
  'a time without its other end, as text': () => `${pick(DAY_WORDS)} ${pick(['9AM', '09:00', '9:30 pm', '17:00'])}${pick(['', '-', ' to', ' until late'])}`,
  'a time without its other end, as JSON': () => JSON.stringify({ [pick(JSON_DAYS)]: pick(['9AM', '09:00', '9AM-', '-5PM', '9AM to', 'from 9AM']) }),
  'times that are no time of day': () => {
    const bad = pick(['25:00', '24:30', '13PM', '0AM', '9:75', '9:5', 'noon', '9h', '1O:00']);
    return random() < 0.5 ? `${pick(DAY_WORDS)} ${bad}-18:00` : JSON.stringify({ [pick(JSON_DAYS)]: `${bad}-6PM` });
  },
  'opening and closing at the same time': () => (random() < 0.5 ? `${pick(DAY_WORDS)} 09:00-09:00` : JSON.stringify({ [pick(JSON_DAYS)]: '9AM-9AM' })),
};

describe('the hours parsers on random and near-miss texts', () => {
  it('never throw on random texts, and any week they read lies in order within the week', () => {
    for (let i = 0; i < 5_000; i++) {
      const text = some(1 + int(12), () => pick(PIECES)).join(random() < 0.3 ? '' : ' ');
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
