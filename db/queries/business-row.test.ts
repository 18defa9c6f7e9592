import { describe, expect, it } from 'vitest';
import { toBusiness, toBusinessPhoneWhenRead, type BusinessRow } from './businesses.js';

/** A businesses row as BUSINESS_SELECT reads it. */
const row = (over: Partial<BusinessRow> = {}): BusinessRow => ({
  id: '7', slug: 'moda-cay-bahcesi', category_id: 3, city_id: 5, is_active: true, images: null,
  created_at: new Date('2026-11-20T10:00:00Z'), updated_at: '2026-11-21T10:00:00Z',
  category_name: 'Cafe', category_slug: 'cafe', city_name: 'Istanbul', city_slug: 'istanbul', city_time_zone: 'Europe/Istanbul',
  name: 'Moda Çay Bahçesi', address: 'Moda Cd. No:12, 34710 Kadıköy/İstanbul', postal_code: '34710', state: null, country: 'Türkiye',
  phone: '0216 555 12 12', email: null, website: null, rating: '4.50', review_count: 12, about: null, description: null,
  working_hours: null, business_hours: { monday: { open: '09:00', close: '18:00' } }, photo: null, location_link: null, place_id: 'ChIJabc',
  services: null, latitude: 40.98, longitude: 29.03, is_verified: true, district: 'Kadıköy', country_code: 'TR', coordinates_approximate: false,
  ...over,
});

describe('a row whose phone forms are worked out when read', () => {
  it('is the business toBusiness makes: the same keys in the same order, the same values, the same JSON, whole when copied', () => {
    for (const r of [row(), row({ phone: null }), row({ phone: '+1 555 0100', country_code: 'US' }), row({ phone: 'ask at the bar' })]) {
      const now = toBusiness(r);
      const later = toBusinessPhoneWhenRead(r);
      expect(JSON.stringify(later)).toBe(JSON.stringify(now));
      expect(Object.keys(later)).toEqual(Object.keys(now));
      expect({ ...later }).toEqual(now);
      expect([later.phoneE164, later.phoneDisplay]).toEqual([now.phoneE164, now.phoneDisplay]);
    }
    expect(toBusinessPhoneWhenRead(row())).toMatchObject({ phoneE164: '+902165551212', phoneDisplay: '(0216) 555 12 12' });
  });

  it('takes a distance as toBusiness’s business does, its phone forms still to come', () => {
    const b = toBusinessPhoneWhenRead(row());
    b.distance = 120;
    expect(JSON.stringify(b)).toBe(JSON.stringify({ ...toBusiness(row()), distance: 120 }));
  });
});
