import { describe, expect, it } from 'vitest';
import { minuteOfWeek, openIntervals, openingStatus, statusText } from './opening-status.js';
import { readWorkingHours } from './hours-text.js';

/** The badge of hours written as text, in `zone`, at the instant `iso` (UTC). */
const badge = (hours: string, zone: string | null, iso: string): string | null => {
  const s = openingStatus(readWorkingHours(hours), zone, new Date(iso));
  return s && statusText(s);
};

describe('opening status', () => {
  it('reads the wall clock of Europe/Berlin on both sides of the March change (last Sunday of March)', () => {
    const weekdays = 'Mon-Fri 09:00-18:00';
    // Friday 27 March 2026, 09:30 CET (UTC+1); Monday 30 March, 09:30 CEST (UTC+2).
    expect(badge(weekdays, 'Europe/Berlin', '2026-03-27T08:30:00Z')).toBe('Open · closes 18:00');
    expect(badge(weekdays, 'Europe/Berlin', '2026-03-30T07:30:00Z')).toBe('Open · closes 18:00');
    // 06:30 UTC is 08:30 in summer time: closed, whatever winter's offset would have said.
    expect(badge(weekdays, 'Europe/Berlin', '2026-03-30T06:30:00Z')).toBe('Closed · opens Mon 09:00');
  });

  it('keeps a night that spans the March change open until its local closing time', () => {
    const night = 'Sat 22:00-04:00';
    // Sunday 29 March 2026: 02:00 CET jumps to 03:00 CEST. 01:30 UTC is 03:30 local.
    expect(badge(night, 'Europe/Berlin', '2026-03-29T01:30:00Z')).toBe('Open · closes 04:00');
    expect(badge(night, 'Europe/Berlin', '2026-03-29T02:05:00Z')).toBe('Closed · opens Sat 22:00');
  });

  it('reads Europe/Berlin after the October change (last Sunday of October)', () => {
    // Sunday 25 October 2026, 07:30 UTC is 08:30 CET (it would have been 09:30 in summer time).
    expect(badge('Sun 09:00-18:00', 'Europe/Berlin', '2026-10-25T07:30:00Z')).toBe('Closed · opens Sun 09:00');
    expect(badge('Sun 09:00-18:00', 'Europe/Berlin', '2026-10-25T08:30:00Z')).toBe('Open · closes 18:00');
  });

  it('closes at the first of two 02:30s when the clocks go back, and does not open again for the second', () => {
    // Sunday 25 October 2026 in Berlin: 03:00 CEST (01:00 UTC) is 02:00 CET, 02:00-03:00 comes twice.
    const night = 'Sat 22:00-02:30';
    expect(badge(night, 'Europe/Berlin', '2026-10-25T00:15:00Z')).toBe('Open · closes 02:30'); // the first 02:15
    expect(badge(night, 'Europe/Berlin', '2026-10-25T00:45:00Z')).toBe('Closed · opens Sat 22:00'); // the first 02:45
    expect(badge(night, 'Europe/Berlin', '2026-10-25T01:15:00Z')).toBe('Closed · opens Sat 22:00'); // the second 02:15
    // Open through the repeated hour: open on both passes; opened at the first 02:45: open all the second pass.
    expect(badge('Sat 22:00-04:00', 'Europe/Berlin', '2026-10-25T01:15:00Z')).toBe('Open · closes 04:00');
    expect(badge('Sun 02:45-05:00', 'Europe/Berlin', '2026-10-25T01:05:00Z')).toBe('Open · closes 05:00');
    expect(badge('Sun 02:45-05:00', 'Europe/Berlin', '2026-10-25T00:35:00Z')).toBe('Closed · opens Sun 02:45');
    // New York's second 01:00-02:00 (Sunday 1 November 2026, 06:00-07:00 UTC).
    expect(badge('Sat 20:00-01:30', 'America/New_York', '2026-11-01T05:15:00Z')).toBe('Open · closes 01:30');
    expect(badge('Sat 20:00-01:30', 'America/New_York', '2026-11-01T06:15:00Z')).toBe('Closed · opens Sat 20:00');
  });

  it('reads America/New_York across its own changes (second Sunday of March, first of November)', () => {
    const weekdays = 'Mon-Fri 09:00-17:00';
    expect(badge(weekdays, 'America/New_York', '2026-03-06T14:30:00Z')).toBe('Open · closes 17:00'); // 09:30 EST
    expect(badge(weekdays, 'America/New_York', '2026-03-09T13:30:00Z')).toBe('Open · closes 17:00'); // 09:30 EDT
    expect(badge(weekdays, 'America/New_York', '2026-03-09T12:30:00Z')).toBe('Closed · opens Mon 09:00'); // 08:30 EDT
    expect(badge(weekdays, 'America/New_York', '2026-11-02T13:30:00Z')).toBe('Closed · opens Mon 09:00'); // 08:30 EST
    expect(badge(weekdays, 'America/New_York', '2026-11-02T14:30:00Z')).toBe('Open · closes 17:00'); // 09:30 EST
  });

  it('keeps hours past midnight open into the next day', () => {
    const late = 'Fri 18:00-02:00';
    // Saturday 13 June 2026, 01:00 CEST: Friday's evening is still open.
    expect(badge(late, 'Europe/Berlin', '2026-06-12T23:00:00Z')).toBe('Open · closes 02:00');
    expect(badge(late, 'Europe/Berlin', '2026-06-13T00:30:00Z')).toBe('Closed · opens Fri 18:00');
    // Sunday night into Monday morning wraps over the end of the week.
    expect(badge('Sun 22:00-02:00', 'Europe/Berlin', '2026-06-14T23:00:00Z')).toBe('Open · closes 02:00');
    expect(openIntervals(readWorkingHours('Sun 22:00-02:00'))).toEqual([[0, 120], [9960, 10080]]);
  });

  it('says "Open 24 hours" for a business open round the clock, and names the day of a far close', () => {
    expect(badge('Open 24 hours', 'Europe/Istanbul', '2026-06-13T03:00:00Z')).toBe('Open 24 hours');
    expect(badge('24/7', 'America/New_York', '2026-11-01T06:30:00Z')).toBe('Open 24 hours');
    expect(badge('Mon-Fri 24 hours, Sat-Sun closed', 'Europe/Berlin', '2026-06-10T10:00:00Z')).toBe('Open · closes Fri 24:00');
  });

  it('skips closed days to the next opening', () => {
    const week = 'Mon-Sat 08:00-20:00, Sun closed';
    expect(badge(week, 'Europe/Berlin', '2026-06-14T10:00:00Z')).toBe('Closed · opens Mon 08:00'); // Sunday noon
    expect(badge(week, 'Europe/Berlin', '2026-06-13T19:00:00Z')).toBe('Closed · opens Mon 08:00'); // Saturday 21:00
    expect(badge('Mon-Sun closed', 'Europe/Berlin', '2026-06-13T19:00:00Z')).toBe('Closed');
    // The JSON form of the scrapers, times as written.
    expect(badge('{"Monday":"9AM-5PM","Tuesday":"Closed"}', 'Europe/Berlin', '2026-06-15T08:00:00Z')).toBe('Open · closes 17:00');
  });

  it('keeps a lunch break closed: a day of two shifts, in the JSON of the scrapers and in text', () => {
    // Monday 15 June 2026 in Berlin (CEST, UTC+2).
    for (const hours of ['Mon 09:00-12:00, 14:00-18:00', 'Mon 09:00-12:00 & 14:00-18:00', '{"Monday":["9AM-12PM","2PM-6PM"]}', '{"Monday":"9AM-12PM, 2-6PM"}']) {
      expect(badge(hours, 'Europe/Berlin', '2026-06-15T08:00:00Z'), hours).toBe('Open · closes 12:00'); // 10:00
      expect(badge(hours, 'Europe/Berlin', '2026-06-15T11:00:00Z'), hours).toBe('Closed · opens Mon 14:00'); // 13:00
      expect(badge(hours, 'Europe/Berlin', '2026-06-15T13:30:00Z'), hours).toBe('Open · closes 18:00'); // 15:30
    }
    expect(openIntervals(readWorkingHours('Mon 09:00-12:00, 14:00-18:00'))).toEqual([[540, 720], [840, 1080]]);
    // The last shift may run past midnight; an earlier one, or shifts out of order, are no certain hours.
    expect(openIntervals(readWorkingHours('{"Friday":"12PM-3PM, 6PM-2AM"}'))).toEqual([[6480, 6660], [6840, 7320]]);
    expect(openIntervals(readWorkingHours('{"Friday":"6PM-2AM, 12PM-3PM"}'))).toBeNull();
    expect(openIntervals(readWorkingHours('{"Friday":"9AM-2PM, 1PM-5PM"}'))).toBeNull();
  });

  it('never guesses: unread hours, a missing time, the same time twice or no known zone give no status', () => {
    expect(badge('By appointment', 'Europe/Berlin', '2026-06-15T08:00:00Z')).toBeNull();
    expect(badge('', 'Europe/Berlin', '2026-06-15T08:00:00Z')).toBeNull();
    expect(badge('Mon-Fri 9-5', 'Europe/Berlin', '2026-06-15T08:00:00Z')).toBeNull(); // bare hours that end before they start
    expect(openIntervals({ monday: { open: '9AM', closed: false } })).toBeNull();
    expect(openIntervals({ monday: { open: 'noon', close: '5PM', closed: false } })).toBeNull();
    expect(openIntervals({ monday: { open: '09:00', close: '09:00', closed: false } })).toBeNull();
    expect(badge('Mon-Fri 09:00-18:00', null, '2026-06-15T08:00:00Z')).toBeNull();
    expect(badge('Mon-Fri 09:00-18:00', 'Mars/Olympus_Mons', '2026-06-15T08:00:00Z')).toBeNull();
  });

  it('counts the local minute of the week from Monday 00:00', () => {
    expect(minuteOfWeek(new Date('2026-06-15T00:00:00Z'), 'UTC')).toBe(0);
    expect(minuteOfWeek(new Date('2026-06-14T23:59:00Z'), 'UTC')).toBe(10079);
    expect(minuteOfWeek(new Date('2026-06-14T22:30:00Z'), 'Europe/Berlin')).toBe(30);
  });
});
