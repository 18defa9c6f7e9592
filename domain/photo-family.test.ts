import { describe, expect, it } from 'vitest';
import { photoFamily } from './photo-family.js';

describe('photoFamily', () => {
  it("puts every category of the bundled sample in a family of its own kind", () => {
    const expected: Record<string, string> = {
      Locksmith: 'trades', 'Auto Repair': 'auto', 'Car Wash': 'auto', 'Pet Grooming': 'pets', Café: 'food', Accountant: 'professional',
      Bookstore: 'shopping', 'Law Firm': 'professional', Restaurant: 'food', Photographer: 'professional', 'Hair Salon': 'beauty',
      Veterinarian: 'pets', Electrician: 'trades', 'Dry Cleaner': 'trades', Hotel: 'lodging', Florist: 'shopping', Plumber: 'trades',
      Gym: 'fitness', 'Yoga Studio': 'fitness', Tailor: 'trades', Bakery: 'food', Pharmacy: 'health', Butcher: 'food',
      'Hardware Store': 'trades', Dentist: 'health',
    };
    expect(Object.fromEntries(Object.keys(expected).map((name) => [name, photoFamily({ name, slug: null })]))).toEqual(expected);
  });

  it('reads Turkish names, slugs and plurals, and matches whole words only', () => {
    expect(photoFamily('Kuaförü')).toBe('beauty');
    expect(photoFamily('Eczane')).toBe('health');
    expect(photoFamily({ name: null, slug: 'restaurants' })).toBe('food');
    expect(photoFamily('Otel')).toBe('lodging');
    expect(photoFamily('Barber')).toBe('beauty'); // not 'bar'
    expect(photoFamily('Cardiologist')).toBe('default'); // not 'car'
    expect(photoFamily('Catering')).toBe('food'); // not 'cat'
  });

  it("is 'default' for no category or an unknown one", () => {
    expect(photoFamily(null)).toBe('default');
    expect(photoFamily(undefined)).toBe('default');
    expect(photoFamily('Zzyzx')).toBe('default');
  });
});
