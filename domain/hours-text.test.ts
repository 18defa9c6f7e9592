import { describe, expect, it } from 'vitest';
import { parseHoursText, readWorkingHours } from './hours-text.js';

const open = (o: string, c: string) => ({ open: o, close: c, closed: false });
const closed = { closed: true };

describe('parseHoursText', () => {
  it('reads day ranges, single days and closed days', () => {
    expect(parseHoursText('Mon-Sat 08:00-20:00, Sun closed')).toEqual({
      monday: open('08:00', '20:00'), tuesday: open('08:00', '20:00'), wednesday: open('08:00', '20:00'), thursday: open('08:00', '20:00'),
      friday: open('08:00', '20:00'), saturday: open('08:00', '20:00'), sunday: closed,
    });
    expect(parseHoursText('Mon-Fri 9am-5pm; Sat 10am–2pm')).toMatchObject({ monday: open('09:00', '17:00'), friday: open('09:00', '17:00'), saturday: open('10:00', '14:00') });
    expect(parseHoursText('Mon-Fri 9am-5pm; Sat 10am–2pm').sunday).toBeUndefined();
  });

  it('reads every day and round the clock', () => {
    expect(parseHoursText('Daily 7-23').wednesday).toEqual(open('07:00', '23:00'));
    expect(parseHoursText('Every day 10:00–22:00').sunday).toEqual(open('10:00', '22:00'));
    // Past midnight, written unambiguously.
    expect(parseHoursText('Fri-Sat 18:00-02:00').friday).toEqual(open('18:00', '02:00'));
    for (const text of ['Open 24 hours', '24/7', '7/24 açık', '24 saat açık']) expect(parseHoursText(text).monday, text).toEqual(open('00:00', '24:00'));
  });

  it('reads Turkish and German day names', () => {
    expect(parseHoursText('Pazartesi-Cumartesi 09:00-18:00, Pazar kapalı')).toMatchObject({ monday: open('09:00', '18:00'), saturday: open('09:00', '18:00'), sunday: closed });
    expect(parseHoursText('Pzt-Cmt 09:00-19:00').friday).toEqual(open('09:00', '19:00'));
    expect(parseHoursText('Her gün 08:00-22:00').sunday).toEqual(open('08:00', '22:00'));
    expect(parseHoursText('Mo-Fr 08:00-18:00, Sa 9-13').saturday).toEqual(open('09:00', '13:00'));
  });

  it('reads times without days after a clause as more shifts of its days', () => {
    const split = { open: '09:00', close: '18:00', closed: false, shifts: [{ open: '09:00', close: '12:00' }, { open: '14:00', close: '18:00' }] };
    expect(parseHoursText('Mon-Fri 09:00-12:00, 14:00-18:00; Sat 10-14')).toMatchObject({ monday: split, friday: split, saturday: open('10:00', '14:00') });
    expect(parseHoursText('Mo-Fr 09:00-12:00 und 14:00-18:00').wednesday).toEqual(split);
    expect(parseHoursText('Mon 09:00-12:00 & 14:00-18:00').monday).toEqual(split);
    // Shifts that overlap, run backwards, or follow a closed day are unclear.
    for (const text of ['Mon 09:00-14:00, 12:00-18:00', 'Mon 9-12, 2-6', 'Sun closed, 10-12', '10-12, Mon 09:00-18:00']) expect(parseHoursText(text), text).toEqual({});
  });

  it('gives {} for anything unclear: unknown words, a day given twice, impossible times', () => {
    for (const text of ['Call for hours', 'Mon-Fri 9-5', 'Mon-Fri 9-17, Mon 10-12', 'Mon 25:00-26:00', 'Mon-Fri 9-17 except holidays', 'Seasonal', '']) {
      expect(parseHoursText(text), text).toEqual({});
    }
  });
});

describe('readWorkingHours', () => {
  it('reads the JSON-by-day form and free text alike', () => {
    expect(readWorkingHours('{"Monday":"9AM-5PM"}')).toEqual({ monday: { open: '9AM', close: '5PM', closed: false } });
    expect(readWorkingHours('Daily 7-23').monday).toEqual(open('07:00', '23:00'));
    expect(readWorkingHours(null)).toEqual({});
  });
});
