import { describe, expect, it } from 'vitest';
import { InputError } from '../../domain/errors.js';
import { hasRequiredHeaders, mapHeaders } from './columns.js';

describe('mapHeaders', () => {
  it('maps the SPEC columns to their cell indexes', () => {
    const headers = ['name', 'category', 'phone', 'full_address', 'postal_code', 'country', 'rating', 'reviews', 'photo', 'working_hours', 'about', 'place_id', 'location_link'];
    const map = mapHeaders(headers);
    headers.forEach((header, i) => expect(map[header as keyof typeof map]).toBe(i));
  });

  it('ignores case, spaces, hyphens, underscores and a BOM', () => {
    const map = mapHeaders(['\uFEFFNAME', 'Full Address', 'Postal-Code', 'WORKING HOURS', 'Place_ID', 'Is Verified']);
    expect(map).toMatchObject({ name: 0, full_address: 1, postal_code: 2, working_hours: 3, place_id: 4, is_verified: 5 });
  });

  it('understands the common aliases', () => {
    const map = mapHeaders([
      'Name', 'Address', 'reviews_count', 'zip', 'hours', 'lat', 'lng', 'url', 'e-mail', 'google_place_id',
      'google_maps_url', 'main_category', 'photo_url', 'telephone', 'verified', 'user_ratings_total', 'description',
    ]);
    expect(map).toMatchObject({
      name: 0, full_address: 1, reviews: 2, postal_code: 3, working_hours: 4, latitude: 5, longitude: 6, website: 7,
      email: 8, place_id: 9, location_link: 10, category: 11, photo: 12, phone: 13, is_verified: 14, description: 16,
    });
  });

  it('ignores unknown columns and keeps the first of two that mean the same', () => {
    const map = mapHeaders(['name', 'shoe size', 'address', 'full_address']);
    expect(map).toEqual({ name: 0, full_address: 2 });
  });

  it('accepts a file whose only identity is place_id: it can update stored businesses', () => {
    expect(mapHeaders(['Place ID', 'phone'])).toEqual({ place_id: 0, phone: 1 });
    expect(mapHeaders(['name', 'place_id', 'phone'])).toEqual({ name: 0, place_id: 1, phone: 2 });
  });

  it('refuses a file without name or an address column, naming both', () => {
    expect(() => mapHeaders(['title', 'phone'])).not.toThrow(/name,/);
    expect(() => mapHeaders(['category', 'phone'])).toThrow('Missing required columns: name, full_address');
    expect(() => mapHeaders(['address', 'phone'])).toThrow(new InputError('Missing required columns: name (or place_id, to update stored businesses)'));
    expect(() => mapHeaders(['phone'])).toThrow(InputError);
    expect(() => mapHeaders(['phone'])).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('tells a sheet with recognisable headers from one without', () => {
    expect(hasRequiredHeaders(['Name', 'Street Address'])).toBe(true);
    expect(hasRequiredHeaders(['Summary', 'Total'])).toBe(false);
    expect(hasRequiredHeaders(['Place ID', 'Phone'])).toBe(true);
    expect(hasRequiredHeaders(['Name', 'Phone'])).toBe(false);
  });
});
