import { describe, expect, it } from 'vitest';
import { readWorkingHours } from './hours-text.js';
import { isRoundTheClock, parseWorkingHours, toIsoTime } from './working-hours.js';

describe('parseWorkingHours', () => {
  it('parses JSON by day with any key case, full names or abbreviations', () => {
    const hours = parseWorkingHours('{"MONDAY":"9AM-5PM","tue":"09:00–17:00","Sun":"Closed","Wed.":"10:00 to 18:00"}');
    expect(hours).toEqual({
      monday: { open: '9AM', close: '5PM', closed: false },
      tuesday: { open: '09:00', close: '17:00', closed: false },
      wednesday: { open: '10:00', close: '18:00', closed: false },
      sunday: { closed: true },
    });
  });

  it('accepts {open, close} objects and arrays of shifts', () => {
    const hours = parseWorkingHours('{"friday":{"open":"08:00","close":"12:00"},"saturday":["9AM-12PM","1PM-5PM"],"sunday":["Closed"]}');
    expect(hours).toEqual({
      friday: { open: '08:00', close: '12:00', closed: false },
      saturday: { open: '9AM', close: '5PM', closed: false, shifts: [{ open: '9AM', close: '12PM' }, { open: '1PM', close: '5PM' }] },
      sunday: { closed: true },
    });
  });

  it('keeps the shifts of a day written in one string, with the meridiem Google leaves off the opening', () => {
    expect(parseWorkingHours('{"Monday":"11AM-2PM, 5-9PM","Tuesday":"9AM-12PM & 1PM-5PM","Wednesday":"9-5PM"}')).toEqual({
      monday: { open: '11AM', close: '9PM', closed: false, shifts: [{ open: '11AM', close: '2PM' }, { open: '5PM', close: '9PM' }] },
      tuesday: { open: '9AM', close: '5PM', closed: false, shifts: [{ open: '9AM', close: '12PM' }, { open: '1PM', close: '5PM' }] },
      // 9 PM to 5 PM would end before it starts: 9 is the morning.
      wednesday: { open: '9', close: '5PM', closed: false },
    });
  });

  it('gives {} for plain text, bad JSON and unknown keys', () => {
    expect(parseWorkingHours('Mo-Fr 9-17')).toEqual({});
    expect(parseWorkingHours('{"Monday": 9AM')).toEqual({});
    expect(parseWorkingHours('{"holiday":"Closed"}')).toEqual({});
    expect(parseWorkingHours(null)).toEqual({});
  });
});

describe('toIsoTime', () => {
  it('reads the notations files use as 24 h clock times', () => {
    expect(toIsoTime('8AM')).toBe('08:00');
    expect(toIsoTime('9:30 pm')).toBe('21:30');
    expect(toIsoTime('9.30 p.m.')).toBe('21:30');
    expect(toIsoTime('12PM')).toBe('12:00');
    expect(toIsoTime('12AM')).toBe('00:00');
    expect(toIsoTime(' 17:00 ')).toBe('17:00');
    expect(toIsoTime('24:00')).toBe('24:00');
  });

  it('reads every two digits, a colon and two digits as the pattern of the other notations does', () => {
    // The pattern's reading, as it was the only one: the short way for hh:mm must agree with it.
    const byPattern = (text: string) => {
      const m = text.match(/^(\d{1,2})(?:[:.](\d{2}))?$/);
      if (!m) return null;
      const hour = Number(m[1]);
      const minute = m[2] ? Number(m[2]) : 0;
      return hour > 24 || minute > 59 || (hour === 24 && minute > 0) ? null : `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
    };
    for (let n = 0; n < 10_000; n++) {
      const text = `${String(Math.floor(n / 100)).padStart(2, '0')}:${String(n % 100).padStart(2, '0')}`;
      expect(toIsoTime(text), text).toBe(byPattern(text));
    }
    for (const text of ['0a:00', '09:0x', '+9:00', '09-00', '١٢:٠٠']) expect(toIsoTime(text), text).toBeNull();
  });

  it('gives null for what is no time of day, so the JSON-LD leaves that day out', () => {
    for (const text of ['24:30', '25:00', '13PM', '0AM', '9:75', 'noon', 'Open 24 hours', '', undefined]) expect(toIsoTime(text), text).toBeNull();
  });
});

describe('isRoundTheClock', () => {
  it('knows a day stored as 00:00-24:00 (or 23:59), from free text or from JSON', () => {
    for (const text of ['Open 24 hours', '24/7', '7/24 açık', 'Her gün 00:00-24:00']) expect(isRoundTheClock(readWorkingHours(text).sunday), text).toBe(true);
    expect(isRoundTheClock(parseWorkingHours('{"Monday":"12AM-11:59 PM"}').monday)).toBe(true);
  });

  it('is false for ordinary, closed and missing days', () => {
    expect(isRoundTheClock({ open: '09:00', close: '17:00', closed: false })).toBe(false);
    expect(isRoundTheClock({ open: '00:00', close: '12:00', closed: false })).toBe(false);
    expect(isRoundTheClock({ open: '00:00', close: '24:00', closed: true })).toBe(false);
    expect(isRoundTheClock({ closed: true })).toBe(false);
    expect(isRoundTheClock(undefined)).toBe(false);
  });
});
