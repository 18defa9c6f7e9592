import { describe, expect, it } from 'vitest';
import { cardList, cardRow, hoursReadable, nearbyRow, openWeek } from './card-row.js';
import { openIntervals, openingStatus, weekStatus } from './opening-status.js';
import { business, WEEKDAYS } from './card-row.fixtures.js';

describe('cardRow', () => {
  it('keeps what a card and the map draw, and nothing else of the business', () => {
    const row = cardRow(business());
    expect(Object.keys(row).sort()).toEqual(
      ['address', 'category', 'city', 'coordinatesApproximate', 'countryCode', 'id', 'isVerified', 'latitude', 'longitude', 'name', 'openWeek', 'phoneDisplay', 'photo', 'rating', 'reviewCount', 'slug', 'timeZone', 'workingHours'].sort(),
    );
    expect(row).toMatchObject({ id: 7, name: 'Moda Çay Bahçesi', phoneDisplay: '(0216) 555 12 12', category: { name: 'Cafe', slug: 'cafe' } });
    const json = JSON.stringify(row);
    for (const word of ['Tea and simit', 'tea garden', 'cay@example.org', 'cay.example.org', 'simit"', 'img.example', 'ChIJabc', '2026-11-2', '+902165551212']) expect(json).not.toContain(word);
  });

  it('carries the week it draws the open-now status from, or else the hours\' text, never both', () => {
    // Read in a known zone: the status is drawn from the week, the text is not shown.
    expect(cardRow(business())).toMatchObject({ openWeek: [[540, 1080], [1980, 2520]], workingHours: null });
    // Hours that cannot be read for certain, or no zone to read them in: the text is shown instead.
    const unread = { monday: { open: 'noonish', close: 'late' } };
    expect(cardRow(business({ businessHours: unread, workingHours: 'noonish till late' }))).toMatchObject({ openWeek: null, workingHours: 'noonish till late' });
    expect(cardRow(business({ timeZone: null }))).toMatchObject({ openWeek: null, workingHours: 'Mon-Tue 09:00-18:00', timeZone: null });
    // Every day closed is a week read for certain: no text, the badge says Closed.
    expect(cardRow(business({ businessHours: { sunday: { closed: true } } }))).toMatchObject({ openWeek: [], workingHours: null });
    expect(cardRow(business({ timeZone: undefined })).timeZone).toBeNull();
  });

  it('keeps the distance of a list near a point, and has no such key elsewhere', () => {
    expect(cardRow(business({ distance: 850 })).distance).toBe(850);
    expect('distance' in cardRow(business())).toBe(false);
  });

  it('nearbyRow keeps what a compact card draws: a card row without its address, phone and spot', () => {
    for (const b of [business(), business({ distance: 850 }), business({ timeZone: null }), business({ businessHours: { monday: { open: 'noonish', close: 'late' } }, workingHours: 'noonish till late' })]) {
      const { address: _a, phoneDisplay: _p, latitude: _la, longitude: _lo, ...compact } = cardRow(b);
      expect(nearbyRow(b)).toEqual(compact);
      expect(JSON.stringify(Object.keys(nearbyRow(b)))).toBe(JSON.stringify(Object.keys(compact)));
    }
    expect(JSON.stringify(nearbyRow(business()))).not.toMatch(/555|Moda Cd|"latitude"|"address"/);
  });

  it('cardList narrows a list answer’s businesses and keeps the rest of the answer', () => {
    const answer = { items: [business(), business({ id: 8, slug: 'other' })], pagination: { page: 1, limit: 24, total: 2, totalPages: 1 }, didYouMean: 'cay' };
    const list = cardList(answer);
    expect(list.pagination).toBe(answer.pagination);
    expect(list.didYouMean).toBe('cay');
    expect(list.items).toEqual(answer.items.map((b) => cardRow(b)));
  });

  it('hoursReadable says what the opening hours read says, the first time and every time after', () => {
    const unread = { monday: { open: 'noonish', close: 'late' } };
    for (const hours of [WEEKDAYS, unread, {}, { sunday: { closed: true } }]) {
      for (let i = 0; i < 2; i++) expect(hoursReadable(hours)).toBe(openIntervals(hours) !== null);
    }
    expect(hoursReadable(null)).toBe(false);
    expect(hoursReadable(undefined)).toBe(false);
  });

  it("carries the week as its open intervals, not the days' times, and the badge's status from it is the hours' at every hour of the week", () => {
    const day = { open: '07:00', close: '23:00', closed: false };
    const weeks = [
      WEEKDAYS,
      { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: day },
      { friday: { open: '18:00', close: '02:00' }, sunday: { open: '22:00', close: '03:00' }, saturday: { closed: true } },
      { monday: { shifts: [{ open: '09:00', close: '12:00' }, { open: '13:00', close: '18:00' }] }, wednesday: { open: '00:00', close: '24:00' } },
      { monday: { open: '00:00', close: '24:00' }, tuesday: { open: '00:00', close: '24:00' }, wednesday: { open: '00:00', close: '24:00' }, thursday: { open: '00:00', close: '24:00' }, friday: { open: '00:00', close: '24:00' }, saturday: { open: '00:00', close: '24:00' }, sunday: { open: '00:00', close: '24:00' } },
      { sunday: { closed: true } },
    ];
    for (const businessHours of weeks) {
      for (const timeZone of ['Europe/Istanbul', 'America/New_York', 'Africa/Cairo']) {
        // As the page's data island gives it to the browser.
        const row = JSON.parse(JSON.stringify(cardRow(business({ businessHours, timeZone })))) as ReturnType<typeof cardRow>;
        expect(row.openWeek).toEqual(openIntervals(businessHours));
        expect(JSON.stringify(row)).not.toMatch(/"(open|close|closed|monday|shifts)"/);
        for (let hour = 0; hour < 24 * 7 + 24; hour += 3) {
          const at = new Date(Date.UTC(2026, 2, 23) + hour * 3_600_000 + 17 * 60_000);
          expect(weekStatus(row.openWeek, timeZone, at), `${JSON.stringify(businessHours)} ${timeZone} ${at.toISOString()}`).toEqual(openingStatus(businessHours, timeZone, at));
        }
      }
    }
  });

  it('openWeek reads a week once per hours object', () => {
    const hours = { monday: { open: '09:00', close: '18:00' } };
    expect(openWeek(hours)).toBe(openWeek(hours));
    expect(openWeek(null)).toBeNull();
  });

  it('openWeek reads a week once for every business whose hours are written the same, and apart for others', () => {
    const hours = () => ({ monday: { open: '08:30', close: '17:15' }, friday: { open: '08:30', close: '13:00' } });
    const first = openWeek(hours());
    expect(openWeek(hours())).toBe(first);
    expect(openWeek({ ...hours(), saturday: { open: '10:00', close: '12:00' } })).toEqual([...first!, [7800, 7920]]);
    expect(openWeek({ monday: { open: 'noonish', close: 'late' } })).toBeNull();
    expect(openWeek({ monday: { open: 'noonish', close: 'late' } })).toBeNull();
  });
});
