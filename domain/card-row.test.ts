import { describe, expect, it } from 'vitest';
import { cardList, cardRow, hoursReadable, nearbyRow } from './card-row.js';
import { openIntervals } from './opening-status.js';
import { business, WEEKDAYS } from './card-row.fixtures.js';

describe('cardRow', () => {
  it('keeps what a card and the map draw, and nothing else of the business', () => {
    const row = cardRow(business());
    expect(Object.keys(row).sort()).toEqual(
      ['address', 'businessHours', 'category', 'city', 'coordinatesApproximate', 'countryCode', 'id', 'isVerified', 'latitude', 'longitude', 'name', 'phoneDisplay', 'photo', 'rating', 'reviewCount', 'slug', 'timeZone', 'workingHours'].sort(),
    );
    expect(row).toMatchObject({ id: 7, name: 'Moda Çay Bahçesi', phoneDisplay: '(0216) 555 12 12', category: { name: 'Cafe', slug: 'cafe' } });
    const json = JSON.stringify(row);
    for (const word of ['Tea and simit', 'tea garden', 'cay@example.org', 'cay.example.org', 'simit"', 'img.example', 'ChIJabc', '2026-11-2', '+902165551212']) expect(json).not.toContain(word);
  });

  it('carries the hours it draws the open-now status from, or else their text, never both', () => {
    // Read in a known zone: the status is drawn from the hours, the text is not shown.
    expect(cardRow(business())).toMatchObject({ businessHours: WEEKDAYS, workingHours: null });
    // Hours that cannot be read for certain, or no zone to read them in: the text is shown instead.
    const unread = { monday: { open: 'noonish', close: 'late' } };
    expect(cardRow(business({ businessHours: unread, workingHours: 'noonish till late' }))).toMatchObject({ businessHours: {}, workingHours: 'noonish till late' });
    expect(cardRow(business({ timeZone: null }))).toMatchObject({ businessHours: {}, workingHours: 'Mon-Tue 09:00-18:00', timeZone: null });
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
      expect(nearbyRow(cardRow(b))).toEqual(nearbyRow(b));
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
});
