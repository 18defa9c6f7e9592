/**
 * Whether a business is open at an instant, from its parsed hours (BusinessHours) and its time zone:
 * "Open · closes 18:00", "Closed · opens Mon 09:00". Pure; the server and the web client share it,
 * and every write of a business stores its intervals (openWeekText) for the list filters.
 *
 * Hours are wall-clock times of the business's own zone, so the week is counted in local minutes
 * (Monday 00:00 is 0): an instant is turned into its local minute of the week by the zone's rules,
 * which is what keeps "09:00" at 09:00 on both sides of a daylight-saving change. A closing time at
 * or before the opening one runs past midnight ("Fri 18:00-02:00" is open on Saturday at 01:00).
 * Hours that cannot be read for certain give no intervals at all (null): such a business is never
 * shown as open, and its page shows its hours as written.
 */
import type { BusinessHours, DayHours } from './types.js';
import { DAYS, toIsoTime, type Day } from './working-hours.js';

export const MINUTES_PER_DAY = 1440;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** [start, end) in local minutes of the week; within [0, MINUTES_PER_WEEK]. */
export type Interval = readonly [number, number];

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const BARE_HOUR = /^\s*\d{1,2}\s*$/;

/**
 * A day's openings as minutes of the day, in order, [open, close), a close past 1440 when it runs
 * past midnight (only the last shift may). Null when a time is no time of day or missing, a shift
 * opens at 24:00 or closes when it opens (round the clock, or a typo), bare hours end before they
 * start ('9-5': to five in the afternoon, or a night?), or the shifts overlap or are out of order:
 * such hours are not read for certain.
 */
export function shiftMinutes(h: DayHours): [number, number][] | null {
  const out: [number, number][] = [];
  for (const shift of h.shifts ?? [{ open: h.open, close: h.close }]) {
    const open = toIsoTime(shift.open);
    const close = toIsoTime(shift.close);
    if (!open || !close || open === '24:00' || open === close) return null;
    if (close < open && BARE_HOUR.test(shift.open ?? '') && BARE_HOUR.test(shift.close ?? '')) return null;
    const o = minutesOf(open);
    const c = minutesOf(close) + (close < open ? MINUTES_PER_DAY : 0);
    const last = out[out.length - 1];
    if (last && (last[1] > MINUTES_PER_DAY || o < last[1])) return null;
    out.push([o, c]);
  }
  return out;
}

/**
 * The week's open intervals, sorted and merged (a night that runs into the next day is one
 * interval, and a Sunday night runs into Monday morning); [] when every day is closed. A day the
 * hours do not name is closed; a day of several shifts is closed between them. Null when nothing is
 * stated, or a day's shifts cannot be read for certain (shiftMinutes).
 */
export function openIntervals(hours: BusinessHours | null | undefined): Interval[] | null {
  if (!hours) return null;
  const raw: [number, number][] = [];
  let stated = false;
  for (const [i, day] of DAYS.entries()) {
    const h = hours[day];
    if (!h) continue;
    stated = true;
    if (h.closed) continue;
    const shifts = shiftMinutes(h);
    if (!shifts) return null;
    for (const [o, c] of shifts) {
      const start = i * MINUTES_PER_DAY + o;
      const end = i * MINUTES_PER_DAY + c;
      if (end <= MINUTES_PER_WEEK) raw.push([start, end]);
      else raw.push([start, MINUTES_PER_WEEK], [0, end - MINUTES_PER_WEEK]);
    }
  }
  if (!stated) return null;
  raw.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [s, e] of raw) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

/**
 * The week as the `int4multirange` literal stored in `businesses.open_week` ('{[540,1080),[1980,2520)}',
 * '{}' when every day is closed), which the list filters test the current minute against; null when
 * openIntervals is. The write paths store it beside the hours, so a read never derives it.
 */
export function openWeekText(hours: BusinessHours | null | undefined): string | null {
  const intervals = openIntervals(hours);
  return intervals === null ? null : `{${intervals.map(([s, e]) => `[${s},${e})`).join(',')}}`;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();
function formatter(timeZone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      f = null; // A zone this runtime does not know.
    }
    formatters.set(timeZone, f);
  }
  return f;
}

const WEEKDAY: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

/** The local minute of the week (Monday 00:00 is 0) of `at` in the IANA zone; null for an unknown zone. */
export function minuteOfWeek(at: Date, timeZone: string): number | null {
  const f = formatter(timeZone);
  if (!f) return null;
  let day = -1;
  let hour = 0;
  let minute = 0;
  for (const p of f.formatToParts(at)) {
    if (p.type === 'weekday') day = WEEKDAY[p.value] ?? -1;
    else if (p.type === 'hour') hour = Number(p.value) % 24;
    else if (p.type === 'minute') minute = Number(p.value);
  }
  return day < 0 ? null : day * MINUTES_PER_DAY + hour * 60 + minute;
}

/** The zone's offset from UTC at `at`, in minutes (east positive), from two minutes of the week. */
function offsetMinutes(at: Date, timeZone: string): number | null {
  const local = minuteOfWeek(at, timeZone);
  const utc = minuteOfWeek(at, 'UTC');
  if (local === null || utc === null) return null;
  const d = (((local - utc) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  return d > MINUTES_PER_WEEK / 2 ? d - MINUTES_PER_WEEK : d;
}

const MINUTE_MS = 60_000;

/**
 * The minute of the week that open-now reads hours at: the local minute, but when the clocks have
 * gone back and a wall time comes round a second time (02:00-03:00 twice in autumn), the last minute
 * before the change. A business closing at 02:30 that night closed at the first 02:30 and is not open
 * again for the second; one open through 03:00 stays open; one that opened at the first 02:45 is
 * open all the second pass. Everything that opens or closes within the repeated wall times has done
 * so on the first pass, so being open at its last minute is being open now. Null for an unknown zone.
 * rehber_open_minute (migration 20261206D) is its SQL twin, which the list filter uses.
 */
export function openingMinute(at: Date, timeZone: string): number | null {
  const now = minuteOfWeek(at, timeZone);
  const offset = offsetMinutes(at, timeZone);
  if (now === null || offset === null) return null;
  // The clocks go back by at most an hour: by how much they went back within the hour before.
  const back = (offsetMinutes(new Date(at.getTime() - 60 * MINUTE_MS), timeZone) ?? offset) - offset;
  if (back <= 0 || (offsetMinutes(new Date(at.getTime() - back * MINUTE_MS), timeZone) ?? offset) <= offset) return now;
  // The second pass: find the change, the first minute at today's offset.
  let change = Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
  while (offsetMinutes(new Date(change - MINUTE_MS), timeZone) === offset) change -= MINUTE_MS;
  return minuteOfWeek(new Date(change - MINUTE_MS), timeZone);
}

/** A moment of the week as the badge names it. */
export interface WeekMoment {
  day: Day;
  /** 'HH:MM'; a close at midnight is '24:00' of the day it ends. */
  time: string;
}

export type OpeningStatus =
  | { state: 'always' }
  | { state: 'open'; closes: WeekMoment; /** The close is more than a day away: name its day. */ far: boolean }
  | { state: 'closed'; opens: WeekMoment | null };

function momentAt(minute: number, isEnd: boolean): WeekMoment {
  let m = ((minute % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  // An end at midnight belongs to the day it closes ("closes 24:00"), not to the next.
  const atMidnight = isEnd && m % MINUTES_PER_DAY === 0;
  if (atMidnight) m = (m - 1 + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  const day = DAYS[Math.floor(m / MINUTES_PER_DAY)];
  const inDay = atMidnight ? MINUTES_PER_DAY : m % MINUTES_PER_DAY;
  return { day, time: `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}` };
}

/** Whether the business is open at local minute `now` of the week, given its intervals. */
export const isOpenAt = (intervals: readonly Interval[], now: number): boolean => intervals.some(([s, e]) => s <= now && now < e);

/**
 * The business's status at `at`: open (until when) or closed (until when it opens next); null when
 * it cannot be known (hours not read for certain, or no time zone).
 */
export function openingStatus(hours: BusinessHours | null | undefined, timeZone: string | null | undefined, at: Date): OpeningStatus | null {
  return weekStatus(openIntervals(hours), timeZone, at);
}

/** openingStatus from the week's intervals as openIntervals gives them (a card row carries them so). */
export function weekStatus(intervals: readonly Interval[] | null, timeZone: string | null | undefined, at: Date): OpeningStatus | null {
  if (!intervals || !timeZone) return null;
  const now = openingMinute(at, timeZone);
  if (now === null) return null;
  if (intervals.length === 1 && intervals[0][0] === 0 && intervals[0][1] === MINUTES_PER_WEEK) return { state: 'always' };
  if (intervals.length === 0) return { state: 'closed', opens: null };
  // Intervals over the week's end, as one: Sunday 22:00 to Monday 02:00.
  const wrapped = intervals.length > 1 && intervals[0][0] === 0 && intervals[intervals.length - 1][1] === MINUTES_PER_WEEK;
  const current = intervals.find(([s, e]) => s <= now && now < e);
  if (current) {
    let end = current[1];
    if (wrapped && end === MINUTES_PER_WEEK) end = MINUTES_PER_WEEK + intervals[0][1];
    return { state: 'open', closes: momentAt(end, true), far: end - now > MINUTES_PER_DAY };
  }
  const next = intervals.find(([s]) => s > now) ?? intervals[0];
  return { state: 'closed', opens: momentAt(next[0], false) };
}

const SHORT_DAY: Record<Day, string> = {
  monday: 'Mon', tuesday: 'Tue', wednesday: 'Wed', thursday: 'Thu', friday: 'Fri', saturday: 'Sat', sunday: 'Sun',
};

/** 'Open · closes 18:00', 'Open · closes Sat 18:00', 'Closed · opens Mon 09:00', 'Open 24 hours', 'Closed'. */
export function statusText(s: OpeningStatus): string {
  if (s.state === 'always') return 'Open 24 hours';
  if (s.state === 'open') return `Open · closes ${s.far ? `${SHORT_DAY[s.closes.day]} ` : ''}${s.closes.time}`;
  return s.opens ? `Closed · opens ${SHORT_DAY[s.opens.day]} ${s.opens.time}` : 'Closed';
}
