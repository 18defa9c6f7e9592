/**
 * Working hours arrive as free text; when that text is JSON keyed by day (the scrapers' usual shape)
 * it is also parsed into BusinessHours so the site can draw a table. Times are kept as written
 * ('9AM', '09:00'): the file's notation is what its readers know. Only what must speak 24 h
 * (JSON-LD, the round-the-clock test) reads them as clock times, through `toIsoTime`.
 */
import type { BusinessHours, DayHours, Shift } from './types.js';

/** The week, Monday first: the one list of days of server and web. */
export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const satisfies readonly (keyof BusinessHours)[];
export type Day = (typeof DAYS)[number];
export const DAY_LABELS: Record<Day, string> = {
  monday: 'Monday', tuesday: 'Tuesday', wednesday: 'Wednesday', thursday: 'Thursday',
  friday: 'Friday', saturday: 'Saturday', sunday: 'Sunday',
};

const DAY_NAMES: Record<string, Day> = {
  monday: 'monday', mon: 'monday',
  tuesday: 'tuesday', tue: 'tuesday', tues: 'tuesday',
  wednesday: 'wednesday', wed: 'wednesday',
  thursday: 'thursday', thu: 'thursday', thur: 'thursday', thurs: 'thursday',
  friday: 'friday', fri: 'friday',
  saturday: 'saturday', sat: 'saturday',
  sunday: 'sunday', sun: 'sunday',
};

// Hyphen, en dash, em dash, or the word "to" between the two times. The parts are trimmed after:
// a pattern that began with \s* would be tried again at every space of a long run of them.
const RANGE = /[-\u2013\u2014]|\bto\b/i;
// Between the shifts of one day: '9AM-12PM, 1PM-5PM', '9AM-12PM & 1PM-5PM'.
const SHIFTS = /[,;&]|\band\b/i;
const CLOSED = /^(closed|kapal[ıi])$/i;

/** 'Mon', 'monday', ' Tue. ' → the day; undefined for any other key. */
export const dayOf = (key: string): Day | undefined => DAY_NAMES[key.trim().toLowerCase().replace(/\.$/, '')];

/** Whether a day's text says the business is closed ('Closed', 'Kapalı'). */
export const isClosedText = (text: string): boolean => CLOSED.test(text.trim());

const COLON = 58;
const ZERO = 48;

/** The number written by the two digits of `text` at `at`; -1 when they are not two digits. */
function twoDigits(text: string, at: number): number {
  const tens = text.charCodeAt(at) - ZERO;
  const units = text.charCodeAt(at + 1) - ZERO;
  return tens >= 0 && tens <= 9 && units >= 0 && units <= 9 ? tens * 10 + units : -1;
}

/** '8AM' → '08:00', '9:30 pm' → '21:30', '17:00' → '17:00', '24:00' → '24:00'; null when it is no time of day ('24:30', '13PM', 'noon'). */
export function toIsoTime(text: string | undefined): string | null {
  // Stored hours are mostly written so already: read without the pattern (every card's open week
  // and every page's hours read each of their times).
  if (text?.length === 5 && text.charCodeAt(2) === COLON) {
    const hour = twoDigits(text, 0);
    const minute = twoDigits(text, 3);
    if (hour >= 0 && minute >= 0) return hour > 24 || minute > 59 || (hour === 24 && minute > 0) ? null : text;
  }
  const m = text?.trim().match(/^(\d{1,2})(?:[:.](\d{2}))?\s*([AaPp]\.?[Mm]\.?)?$/);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = m[2] ? Number(m[2]) : 0;
  const meridiem = m[3]?.[0]?.toLowerCase();
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  }
  // 24:00 is the end of the day (a close); anything past it is no time.
  if (hour > 24 || minute > 59 || (hour === 24 && minute > 0)) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/**
 * Whether a day is open round the clock, so the page can say "Open 24 hours" rather than
 * "00:00 - 24:00". 'Open 24 hours', '24/7' and '7/24 açık' are stored as 00:00-24:00 (DayHours has
 * no flag, and the JSON-LD needs the times anyway); 23:59 is the schema.org spelling of the same.
 */
export function isRoundTheClock(hours: DayHours | undefined): boolean {
  if (!hours || hours.closed) return false;
  const close = toIsoTime(hours.close);
  return toIsoTime(hours.open) === '00:00' && (close === '24:00' || close === '23:59');
}

/**
 * A range's two times, with the meridiem Google's notation leaves off the opening when both share
 * it: '5-9PM' is 5PM to 9PM. Only when that makes the opening the earlier ('11-2PM' stays 11 to 2PM,
 * '9-5PM' 9 to 5PM).
 */
export function sharedMeridiem(open: string, close: string): Shift {
  const meridiem = /^\d{1,2}(?:[:.]\d{2})?$/.test(open) ? /[AaPp]\.?[Mm]\.?$/.exec(close)?.[0] : undefined;
  if (meridiem) {
    const o = toIsoTime(open + meridiem);
    const c = toIsoTime(close);
    if (o && c && o < c) return { open: open + meridiem, close };
  }
  return { open, close };
}

/** One day's openings as DayHours: its span, and each shift when there are several. */
const withShifts = (shifts: Shift[]): DayHours =>
  shifts.length === 1
    ? { open: shifts[0].open, close: shifts[0].close, closed: false }
    : { open: shifts[0].open, close: shifts[shifts.length - 1].close, closed: false, shifts };

/** '9AM-12PM' → its two times; null without a range. */
function rangeOf(text: string): Shift | null {
  const [open, close] = text.split(RANGE, 2);
  return close === undefined ? null : sharedMeridiem(open.trim(), close.trim());
}

/** '9AM-5PM' | '09:00–17:00' | 'Closed' | {open, close} | ['9AM-12PM', '1PM-5PM'] | '11AM-2PM, 5-9PM' → DayHours. */
function dayHours(value: unknown): DayHours | null {
  if (Array.isArray(value)) {
    const parts = value.map(dayHours).filter((h): h is DayHours => h !== null);
    const open = parts.filter((h) => !h.closed);
    if (open.length === 0) return parts.length > 0 ? { closed: true } : null;
    // Each shift stays one: a lunch break is closed.
    return withShifts(open.flatMap((h) => h.shifts ?? [{ open: h.open ?? '', close: h.close ?? '' }]));
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (record.closed === true || (typeof record.closed === 'string' && /^true$/i.test(record.closed))) {
      return { closed: true };
    }
    const open = typeof record.open === 'string' ? record.open.trim() : undefined;
    const close = typeof record.close === 'string' ? record.close.trim() : undefined;
    return open || close ? { open, close, closed: false } : null;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  if (CLOSED.test(text)) return { closed: true };
  const shifts = text.split(SHIFTS).map((s) => s.trim()).filter(Boolean).map(rangeOf);
  // A time without its other end is kept as written: no hours are read from it.
  return shifts.every((s) => s !== null) ? withShifts(shifts as Shift[]) : { open: text, closed: false };
}

/** The JSON-by-day form parsed into BusinessHours; any other text (or bad JSON) gives {}. */
export function parseWorkingHours(text: string | null): BusinessHours {
  if (!text || !text.trimStart().startsWith('{')) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const out: BusinessHours = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    const day = dayOf(key);
    if (day === undefined) continue;
    const hours = dayHours(value);
    if (hours) out[day] = hours;
  }
  return out;
}
