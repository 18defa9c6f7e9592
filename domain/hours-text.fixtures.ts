/**
 * Hours texts for the fuzz test and for scripts/hours-parsers.ts: random texts made of what hours
 * are written with, and near misses, hours that say nothing for certain and must never read as open.
 */
import { prng } from './random.js';

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

/** The makers of hours texts from one seeded random stream, so a run is the same every time. */
export function hoursTexts(seed = 20261208) {
  const random = prng(seed);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)];
  const some = (n: number, make: () => string) => Array.from({ length: n }, make);

  /** Hours that say nothing for certain, by kind. */
  const nearMisses: Record<string, () => string> = {
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
  return {
    int,
    /** A text of 1 to 12 of the pieces, run together or spaced. */
    randomPieces: () => some(1 + int(12), () => pick(PIECES)).join(random() < 0.3 ? '' : ' '),
    nearMisses,
  };
}
