import { describe, expect, it } from 'vitest';
import { hourHolds, openHours, openHoursText, utcHourOfWeek, zoneOffsets } from './open-hours.js';
import { isOpenAt, openIntervals, openingMinute, openWeekText } from './opening-status.js';
import { readWorkingHours } from './hours-text.js';

const MINUTE_MS = 60_000;

describe('the UTC hours a business is open', () => {
  it("gathers every offset of a zone's year and the next ten, summer's and winter's", () => {
    const at = new Date('2026-06-01T00:00:00Z');
    expect(zoneOffsets('Europe/Berlin', at)).toEqual([60, 120]);
    expect(zoneOffsets('America/New_York', at)).toEqual([-300, -240]);
    expect(zoneOffsets('Asia/Kolkata', at)).toEqual([330]);
    expect(zoneOffsets('Australia/Lord_Howe', at)).toEqual([630, 660]);
    expect(zoneOffsets('Not/AZone', at)).toBeNull();
  });

  it('gives the hours of a week under each offset, a night round the end of the week included', () => {
    // Monday 09:00-10:30 in UTC+2: 07:00-08:29 UTC, hours 7 and 8.
    expect(openHours([[540, 630]], [120])).toEqual([7, 8]);
    // Sunday 23:00 to Monday 01:00 in UTC-5: Monday 04:00-05:59 UTC.
    expect(openHours([[0, 60], [10020, 10080]], [-300])).toEqual([4, 5]);
    // Monday 00:30-01:00 in UTC+5:30: Sunday 19:00-19:29 UTC, hour 163.
    expect(openHours([[30, 60]], [330])).toEqual([163]);
    expect(openHours([[540, 600]], [60, 120])).toEqual([7, 8]);
    expect(openHoursText(null, [60])).toBeNull();
    expect(openHoursText('{}', [60])).toBe('{}');
    expect(openHoursText('{[540,600)}', null)).toBeNull();
  });

  it('holds the UTC hour of every minute a business is open, minute by minute across the changes of four zones', () => {
    const weeks = ['Sat 22:00-02:30', 'Sat 22:00-04:00', 'Sun 01:00-03:00', 'Sun 02:15-02:45', 'Daily 08:00-17:00', 'Mon-Fri 09:00-18:00', 'Fri 18:00-02:00, Sat 18:00-04:00'].map(
      (h) => openIntervals(readWorkingHours(h))!,
    );
    const spans: [string, string, string][] = [
      ['Europe/Berlin', '2026-10-24T22:00:00Z', '2026-10-25T03:00:00Z'],
      ['Europe/Berlin', '2026-03-28T22:00:00Z', '2026-03-29T03:00:00Z'],
      ['America/New_York', '2026-11-01T03:30:00Z', '2026-11-01T08:30:00Z'],
      ['America/St_Johns', '2026-11-01T02:30:00Z', '2026-11-01T07:30:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T13:00:00Z', '2026-04-04T17:00:00Z'],
    ];
    for (const [zone, from, to] of spans) {
      const offsets = zoneOffsets(zone, new Date(from))!;
      const hours = weeks.map((w) => new Set(openHours(w, offsets)));
      for (let t = Date.parse(from); t <= Date.parse(to); t += MINUTE_MS) {
        const at = new Date(t);
        const minute = openingMinute(at, zone)!;
        const hour = utcHourOfWeek(at);
        expect(hourHolds(minute, offsets, hour), `${zone} ${at.toISOString()}`).toBe(true);
        weeks.forEach((w, i) => {
          if (isOpenAt(w, minute)) expect(hours[i].has(hour), `${zone} ${at.toISOString()} week ${i}`).toBe(true);
        });
      }
    }
  });

  it("says when a city's stored offsets do not cover its minute at the hour", () => {
    const at = new Date('2026-06-15T08:00:00Z'); // Monday 10:00 in Berlin (UTC+2)
    const minute = openingMinute(at, 'Europe/Berlin')!;
    expect(hourHolds(minute, [60, 120], utcHourOfWeek(at))).toBe(true);
    expect(hourHolds(minute, [60], utcHourOfWeek(at))).toBe(false);
    expect(hourHolds(minute, null, utcHourOfWeek(at))).toBe(false);
    expect(hourHolds(-1, null, utcHourOfWeek(at))).toBe(true);
    expect(openWeekText(readWorkingHours('Mon 10:00-11:00'))).toBe('{[600,660)}');
  });
});
