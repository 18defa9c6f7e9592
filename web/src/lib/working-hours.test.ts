import { describe, expect, it } from 'vitest';
import { weeklySchedule, workingHoursDisplay } from './working-hours';

describe('workingHoursDisplay', () => {
  it("treats empty, '{}' and 'null' as 'Hours not available'", () => {
    for (const v of ['', '   ', '{}', 'null', null, undefined]) expect(workingHoursDisplay(v)).toEqual({ kind: 'none' });
  });
  it('reads JSON days Monday to Sunday whatever their order, Closed shown as closed', () => {
    const shown = workingHoursDisplay('{"Sunday":"Closed","Monday":"9AM-5PM","Tuesday":"9AM-5PM"}');
    expect(shown).toEqual({
      kind: 'days',
      days: [
        { day: 'Monday', hours: '9AM-5PM', closed: false },
        { day: 'Tuesday', hours: '9AM-5PM', closed: false },
        { day: 'Sunday', hours: 'Closed', closed: true },
      ],
    });
  });
  it("reads short day names as the importer does, so the card agrees with the weekly table", () => {
    expect(workingHoursDisplay('{"Mon":"9AM-5PM","sat.":"Kapalı"}')).toEqual({
      kind: 'days',
      days: [
        { day: 'Monday', hours: '9AM-5PM', closed: false },
        { day: 'Saturday', hours: 'Closed', closed: true },
      ],
    });
  });
  it('splits text that is not JSON at commas, semicolons and pipes', () => {
    expect(workingHoursDisplay('Tue-Sun 12:00-22:00 | Mon closed')).toEqual({ kind: 'lines', lines: ['Tue-Sun 12:00-22:00', 'Mon closed'] });
    expect(workingHoursDisplay('Mo-Fr 9-17; Sa 10-14, Su closed')).toEqual({ kind: 'lines', lines: ['Mo-Fr 9-17', 'Sa 10-14', 'Su closed'] });
    expect(workingHoursDisplay('{broken json')).toEqual({ kind: 'lines', lines: ['{broken json'] });
  });
});

describe('weeklySchedule', () => {
  it('says Open 24 hours for a day open round the clock', () => {
    expect(weeklySchedule({ monday: { open: '00:00', close: '24:00', closed: false } })?.[0]).toEqual({ day: 'Monday', hours: 'Open 24 hours', closed: false });
  });

  it('is null for an empty object', () => {
    expect(weeklySchedule({})).toBeNull();
    expect(weeklySchedule(null)).toBeNull();
  });
  it('lists Monday to Sunday, closed or missing days as Closed', () => {
    const rows = weeklySchedule({ saturday: { closed: true }, monday: { open: '8AM', close: '7PM', closed: false } });
    expect(rows?.map((r) => `${r.day} ${r.hours}`)).toEqual([
      'Monday 8AM - 7PM', 'Tuesday Closed', 'Wednesday Closed', 'Thursday Closed', 'Friday Closed', 'Saturday Closed', 'Sunday Closed',
    ]);
  });

  it('shows each shift of a day with a break', () => {
    const rows = weeklySchedule({ monday: { open: '9AM', close: '6PM', closed: false, shifts: [{ open: '9AM', close: '12PM' }, { open: '2PM', close: '6PM' }] } });
    expect(rows?.[0]).toEqual({ day: 'Monday', hours: '9AM - 12PM, 2PM - 6PM', closed: false });
  });
});
