/**
 * The UTC hours of the week (0-167, Monday 00:00-00:59 UTC is 0) during which a business is open at
 * some minute, under any offset from UTC its city's zone has: `businesses.open_hours`, a key of the
 * search documents' index beside the words, so that an open-now search reads few closed matches
 * (docs/search.md, "Open now in the search index"). It is a necessary condition, never the test:
 * a row whose hours hold the hour is still tested at its city's minute (db/queries/open-at.ts).
 *
 * Every offset of the zone is taken, so a daylight-saving change never hides an open business: at
 * any instant a city's minute (openingMinute) is its UTC minute under one of the zone's offsets,
 * or, while the clocks go back, the minute just before the change under the offset before it,
 * both of which these hours cover. The read service checks this each minute for every zone
 * (hourHolds) and reads without the hour when a zone's offsets do not cover it (a zone whose
 * rules changed since its cities' offsets were stored).
 */
import { MINUTES_PER_WEEK, type Interval } from './opening-status.js';

export const HOURS_PER_WEEK = 168;

const DAY_MS = 86_400_000;

/**
 * The years a zone's offsets are gathered over, around the year of `at`: the one before (a
 * business written late in December) to ten after. A zone is sampled once a week in them, which
 * meets every offset that lasts a week or more.
 */
export const OFFSET_YEARS = { before: 1, after: 10 } as const;

const offsetFormatters = new Map<string, Intl.DateTimeFormat | null>();
function offsetFormatter(timeZone: string): Intl.DateTimeFormat | null {
  let f = offsetFormatters.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    } catch {
      f = null; // A zone this runtime does not know.
    }
    offsetFormatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at `at` in minutes (east positive); null for a zone this runtime does not know. */
function offsetAt(f: Intl.DateTimeFormat, at: Date): number {
  const name = f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /^GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

const offsetsKept = new Map<string, number[] | null>();

/**
 * Every offset (minutes east of UTC, ascending) the zone has over OFFSET_YEARS around `at`'s
 * year, kept per zone and year; null for a zone this runtime does not know.
 */
export function zoneOffsets(timeZone: string, at: Date = new Date()): number[] | null {
  const year = at.getUTCFullYear();
  const key = `${year}|${timeZone}`;
  let offsets = offsetsKept.get(key);
  if (offsets === undefined) {
    const f = offsetFormatter(timeZone);
    if (!f) offsets = null;
    else {
      const seen = new Set<number>();
      const end = Date.UTC(year + OFFSET_YEARS.after, 0, 1);
      for (let t = Date.UTC(year - OFFSET_YEARS.before, 0, 1); t <= end; t += 7 * DAY_MS) seen.add(offsetAt(f, new Date(t)));
      offsets = [...seen].sort((a, b) => a - b);
    }
    offsetsKept.set(key, offsets);
  }
  return offsets;
}

/** The hour of the week (0-167) that the UTC minute `m` of the week falls in, `m` taken modulo the week. */
export const hourOfWeek = (m: number): number => Math.floor((((m % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK) / 60);

/** The UTC hour of the week (Monday 00:00 UTC is 0) of `at`. */
export function utcHourOfWeek(at: Date): number {
  return ((at.getUTCDay() + 6) % 7) * 24 + at.getUTCHours();
}

/**
 * The UTC hours of the week, ascending, during which a business of `intervals` (local minutes of
 * the week) is open at some minute under any of `offsets`.
 */
export function openHours(intervals: readonly Interval[], offsets: readonly number[]): number[] {
  const open = new Uint8Array(HOURS_PER_WEEK);
  for (const o of offsets) {
    for (const [s, e] of intervals) {
      // [s, e) local is [s - o, e - o) in UTC; its hours, round the week's end.
      const first = Math.floor((s - o + MINUTES_PER_WEEK) / 60);
      const last = Math.floor((e - 1 - o + MINUTES_PER_WEEK) / 60);
      for (let h = first; h <= last; h++) open[h % HOURS_PER_WEEK] = 1;
    }
  }
  const out: number[] = [];
  for (let h = 0; h < HOURS_PER_WEEK; h++) if (open[h]) out.push(h);
  return out;
}

const WEEK_RANGE = /\[(\d+),(\d+)\)/g;

const hoursTexts = new Map<string, string>();

/**
 * openHours as the `int2[]` literal stored in `businesses.open_hours`, from the week as stored
 * (openWeekText's literal) and the city's offsets; null when either is (hours not read for certain,
 * or a city without a zone): such a business is never open, and its row holds no hour. Kept per
 * distinct week and offsets (an import meets a few thousand of them).
 */
export function openHoursText(week: string | null, offsets: readonly number[] | null): string | null {
  if (week === null || offsets === null) return null;
  const key = `${week}|${offsets.join(',')}`;
  let text = hoursTexts.get(key);
  if (text === undefined) {
    const intervals = [...week.matchAll(WEEK_RANGE)].map((m) => [Number(m[1]), Number(m[2])] as const);
    text = `{${openHours(intervals, offsets).join(',')}}`;
    if (hoursTexts.size > 50_000) hoursTexts.clear();
    hoursTexts.set(key, text);
  }
  return text;
}

/**
 * Whether a row open at its city's `minute` of the week (openingMinute) holds UTC hour `hour` in
 * its open hours, whatever its week, given its city's `offsets`: the check that lets a read add
 * the hour to its test. A city never open (minute -1) holds nothing to miss.
 */
export function hourHolds(minute: number, offsets: readonly number[] | null, hour: number): boolean {
  if (minute < 0) return true;
  return offsets !== null && offsets.some((o) => hourOfWeek(minute - o) === hour);
}
