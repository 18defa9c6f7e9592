import { describe, expect, it } from 'vitest';
import { identityKey } from '../business/business-rules.js';
import { normaliseRow } from './business-row.js';
import { mapHeaders } from './columns.js';
import type { BusinessInput } from './pipeline.js';

const HEADERS = ['name', 'full_address', 'rating', 'reviews', 'country', 'city', 'about', 'services', 'is_verified', 'email', 'place_id', 'latitude', 'longitude', 'working_hours'];
const columns = mapHeaders(HEADERS);

function row(values: Partial<Record<(typeof HEADERS)[number], string>>, rowNumber = 5) {
  const cells = HEADERS.map((h) => values[h] ?? '');
  return normaliseRow(columns, { rowNumber, cells });
}
function ok(values: Partial<Record<(typeof HEADERS)[number], string>>): BusinessInput {
  const outcome = row({ name: 'Acme', full_address: '1 Main St, Springfield, IL 62701', ...values });
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.value;
}
function error(values: Partial<Record<(typeof HEADERS)[number], string>>): string {
  const outcome = row({ name: 'Acme', full_address: '1 Main St, Springfield, IL 62701', ...values });
  if (outcome.ok) throw new Error('expected a rejected row');
  return outcome.error;
}

describe('normaliseRow', () => {
  it('trims every cell and turns empty ones into null', () => {
    const value = ok({ name: '  Acme  ', about: '   ', email: ' INFO@Acme.Example ' });
    expect(value.name).toBe('Acme');
    expect(value.about).toBeNull();
    expect(value.email).toBe('info@acme.example');
  });

  it('requires name and full_address', () => {
    expect(error({ name: '  ' })).toBe('Row 5: name is empty');
    expect(error({ full_address: '' })).toBe('Row 5: full_address is empty');
  });

  it('lets a row with a place id leave name and address to its stored business (the loader judges a new one)', () => {
    const value = ok({ name: '', full_address: '', place_id: 'P1', email: 'a@b.example' });
    expect(value).toMatchObject({ identityKey: 'p:P1', name: null, address: null, city: null, country: null, email: 'a@b.example' });
    const ids = mapHeaders(['place_id', 'phone']);
    expect(normaliseRow(ids, { rowNumber: 3, cells: ['', '+1 555'] })).toEqual({ ok: false, error: 'Row 3: place_id is empty' });
  });

  it('reads ratings with a dot or a comma, rounded to two decimals, empty as null (kept on update, 0 when new)', () => {
    expect(ok({ rating: '4,5' }).rating).toBe(4.5);
    expect(ok({ rating: '4.567' }).rating).toBe(4.57);
    expect(ok({ rating: '' }).rating).toBeNull();
    expect(ok({ rating: '5' }).rating).toBe(5);
  });

  it('rejects ratings outside 0..5 or not numbers', () => {
    expect(error({ rating: '7.5' })).toBe('Row 5: rating 7.5 is not between 0 and 5');
    expect(error({ rating: 'abc' })).toBe('Row 5: rating "abc" is not a number');
    expect(error({ rating: '-1' })).toBe('Row 5: rating -1 is not between 0 and 5');
  });

  it('reads review counts with thousand separators, empty as null', () => {
    for (const text of ['1,234', '1.234', '1 234', '1234']) expect(ok({ reviews: text }).reviewCount).toBe(1234);
    expect(ok({ reviews: '1,234,567' }).reviewCount).toBe(1234567);
    expect(ok({ reviews: '' }).reviewCount).toBeNull();
    expect(ok({ reviews: '12.0' }).reviewCount).toBe(12);
  });

  it('rejects negative or non-numeric review counts', () => {
    expect(error({ reviews: '-3' })).toBe('Row 5: reviews -3 is negative');
    expect(error({ reviews: 'many' })).toBe('Row 5: reviews "many" is not a whole number');
    expect(error({ reviews: '12.5' })).toBe('Row 5: reviews "12.5" is not a whole number');
  });

  it('keeps any cell a spreadsheet can hold whole, and rejects a longer one cleanly, naming the field and the limit', () => {
    expect(ok({ about: 'y'.repeat(32_767) }).about).toHaveLength(32_767);
    expect(ok({ email: 'e'.repeat(2001) }).email).toHaveLength(2001);
    expect(error({ about: 'x'.repeat(100_000) })).toBe('Row 5: about is longer than 32767 characters');
    // Names and indexed values stay short enough for their indexes.
    expect(error({ name: 'n'.repeat(301) })).toBe('Row 5: name is longer than 300 characters');
  });

  it('takes city and country from their columns, normalising country names', () => {
    const value = ok({ city: 'Chicago', country: 'USA' });
    expect(value).toMatchObject({ city: 'Chicago', state: 'IL', postalCode: '62701', country: 'United States' });
  });

  it('parses city, postal code and country out of the address when the columns are empty', () => {
    expect(ok({ full_address: 'Moda Cd. 12, 34710 Kadıköy/İstanbul, Türkiye' })).toMatchObject({
      city: 'İstanbul', state: null, postalCode: '34710', country: 'Türkiye',
    });
  });

  it('defaults the country only when a city is known without one', () => {
    expect(ok({ full_address: 'Main St 1', city: 'Springfield' }).country).toBe('United States');
    expect(ok({ full_address: 'Main St 1' }).country).toBeNull();
  });

  it('splits services on , ; or | and drops duplicates', () => {
    expect(ok({ services: 'Wi-Fi; Parking | wi-fi, Delivery,,' }).services).toEqual(['Wi-Fi', 'Parking', 'Delivery']);
  });

  it('reads is_verified from the usual words', () => {
    for (const text of ['true', 'YES', '1', 'Evet', 'verified']) expect(ok({ is_verified: text }).isVerified).toBe(true);
    for (const text of ['false', 'no', '0', 'hayır']) expect(ok({ is_verified: text }).isVerified).toBe(false);
    // Empty: not said, so an update keeps what is stored.
    expect(ok({ is_verified: '' }).isVerified).toBeNull();
  });

  it('keeps coordinates only inside their ranges', () => {
    expect(ok({ latitude: '41.0082', longitude: '28,9784' })).toMatchObject({ latitude: 41.0082, longitude: 28.9784 });
    // Impossible ones are dropped; the row's city centre (Springfield, IL) stands in, marked approximate.
    expect(ok({ latitude: '91', longitude: 'east' })).toMatchObject({ latitude: 39.80172, longitude: -89.64371, coordinatesApproximate: true });
  });

  it('keeps working hours as text and parses JSON by day', () => {
    const value = ok({ working_hours: '{"Monday":"9AM-5PM"}' });
    expect(value.workingHours).toBe('{"Monday":"9AM-5PM"}');
    expect(value.businessHours).toEqual({ monday: { open: '9AM', close: '5PM', closed: false } });
    expect(ok({ working_hours: 'Always open' }).businessHours).toEqual({});
  });

  it('reads the same working hours text the same way every time, JSON or free text', () => {
    for (const text of ['{"Monday":"9AM-5PM","Sunday":"Closed"}', 'Mon-Sat 08:00-20:00, Sun closed']) {
      const first = ok({ working_hours: text }).businessHours;
      expect(first).not.toEqual({});
      expect(ok({ working_hours: ` ${text} ` }).businessHours).toEqual(first);
      expect(ok({ working_hours: text }).businessHours).toEqual(first);
    }
  });

  it('turns Windows line breaks into \\n and reads an export guard off, whatever the cell', () => {
    expect(ok({ about: 'one\r\ntwo\rthree' }).about).toBe('one\ntwo\nthree');
    expect(ok({ name: "'=SUM(A1)" }).name).toBe('=SUM(A1)');
    expect(ok({ name: "'plain" }).name).toBe("'plain");
  });

  it('passes on a reader rejection as the row outcome', () => {
    expect(normaliseRow(columns, { rowNumber: 9, cells: [], error: 'Row 9: unbalanced quotes' })).toEqual({ ok: false, error: 'Row 9: unbalanced quotes' });
  });

  it('drops NUL characters, which PostgreSQL text cannot hold', () => {
    expect(ok({ name: 'Ac\0me' }).name).toBe('Acme');
  });
});

describe('identityKey', () => {
  it('uses the place id when there is one', () => {
    expect(identityKey('Acme', 'Main St', ' ChIJabc ')).toBe('p:ChIJabc');
    expect(ok({ place_id: 'ChIJxyz' }).identityKey).toBe('p:ChIJxyz');
  });

  it('otherwise pairs the normalised name and address', () => {
    expect(identityKey('  ACME   Café ', 'Main  St\t1', null)).toBe('n:acme café|main st 1');
    expect(identityKey('ACME Cafe\u0301', 'x', '')).toBe(identityKey('acme café', 'X', null));
  });

  it('stores a key too long for the unique index as a digest, the same for the same business', () => {
    const name = '𠜎'.repeat(300);
    const address = '𠀋'.repeat(500);
    const key = identityKey(name, address, null);
    expect(key).toMatch(/^h:[0-9a-f]{64}$/);
    expect(identityKey(` ${name} `, address, null)).toBe(key);
  });
});
