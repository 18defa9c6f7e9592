/** A business with every field set, for the tests of what a card row keeps of it. */
import type { Business } from './types.js';

export const WEEKDAYS = { monday: { open: '09:00', close: '18:00' }, tuesday: { open: '09:00', close: '18:00' } };

export const business = (over: Partial<Business> = {}): Business => ({
  id: 7, name: 'Moda Çay Bahçesi', slug: 'moda-cay', description: 'A tea garden by the sea.', categoryId: 3, cityId: 1,
  address: 'Moda Cd. No:12, 34710 Kadıköy/İstanbul, Türkiye', postalCode: '34710', state: null, country: 'Türkiye',
  countryCode: 'TR', district: 'Kadıköy', phone: '0216 555 12 12', phoneE164: '+902165551212', phoneDisplay: '(0216) 555 12 12',
  email: 'cay@example.org', website: 'https://cay.example.org', rating: 4.5, reviewCount: 3,
  about: 'Tea and simit since 1962.', workingHours: 'Mon-Tue 09:00-18:00', photo: null, locationLink: 'https://maps.example/x', placeId: 'ChIJabc',
  latitude: 41.01384, longitude: 28.94966, coordinatesApproximate: false, isVerified: true, isActive: true, images: ['https://img.example/a.jpg'],
  businessHours: WEEKDAYS, services: ['tea', 'simit'], createdAt: '2026-11-24T00:00:00.000Z', updatedAt: '2026-11-25T00:00:00.000Z',
  category: { name: 'Cafe', slug: 'cafe' }, city: { name: 'İstanbul', slug: 'istanbul' }, timeZone: 'Europe/Istanbul',
  ...over,
});
