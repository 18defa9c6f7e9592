import { describe, expect, it } from 'vitest';
import { parseWorkingHours } from './working-hours.js';

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
      saturday: { open: '9AM', close: '5PM', closed: false },
      sunday: { closed: true },
    });
  });

  it('gives {} for plain text, bad JSON and unknown keys', () => {
    expect(parseWorkingHours('Mo-Fr 9-17')).toEqual({});
    expect(parseWorkingHours('{"Monday": 9AM')).toEqual({});
    expect(parseWorkingHours('{"holiday":"Closed"}')).toEqual({});
    expect(parseWorkingHours(null)).toEqual({});
  });
});
