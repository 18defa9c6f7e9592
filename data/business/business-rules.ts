/**
 * What a valid business is: the rules every field of a business obeys, wherever it comes from (a
 * row of an imported file, data/import/business-row.ts; an admin's edit, data/store/business-writes.ts).
 * Field texts in, a validated BusinessInput out, or a BusinessRuleError naming the field. No I/O
 * besides the gazetteer in memory, so the loader can call it on every row of a million-row file.
 *
 * Places (city, district, state, postal code, country and its ISO code) come from data/places's
 * resolver: the file's columns first, then the address read against the gazetteer. When a city is
 * known but no country, DEFAULT_COUNTRY, so a business and its city never disagree. With no city
 * either, country stays null rather than invented.
 *
 * Coordinates: the latitude/longitude columns, else the '@lat,lng' or '!3dlat!4dlng' of a Google
 * Maps link, else the city's centre from the gazetteer, marked approximate.
 */
import { createHash } from 'node:crypto';
import { resolvePlace } from '../places/resolve.js';
import { coordinatesFromLink } from '../places/coordinates.js';
import type { BusinessInput, Field } from '../../domain/business-columns.js';
import { DEFAULT_COUNTRY } from '../../domain/constants.js';
import { InputError } from '../../domain/errors.js';
import { readWorkingHours } from '../../domain/hours-text.js';
import { memo } from '../../domain/memo.js';
import { unneutralise } from '../../domain/formula-guard.js';

/**
 * Longest accepted cell, in characters: what a spreadsheet cell can hold (Excel and LibreOffice stop
 * at 32,767), so no text a spreadsheet program wrote is refused. A longer one rejects the row.
 */
export const FIELD_MAX_LENGTH = 32_767;
// Fields that end up in a btree (place_id, postal_code, country, city, state, category) are kept
// short: PostgreSQL refuses an index entry over ~2,700 bytes, which would fail a whole batch.
export const FIELD_MAX_LENGTHS: Partial<Record<Field, number>> = {
  name: 300,
  full_address: 500,
  place_id: 255,
  postal_code: 32,
  country: 100,
  city: 200,
  state: 200,
  district: 200,
  category: 200,
};
export const MAX_RATING = 5;

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'evet', 'verified', 'x', '✓', 'doğru', 'dogru']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'hayır', 'hayir', 'unverified', 'yanlış', 'yanlis']);
// One @, no spaces, a dot in the domain: enough to catch a value typed in the wrong field.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * How strictly a business is read. A file's row keeps going past a value it cannot use (a
 * coordinate out of range is left out, an unknown verified word is false): one odd cell must not
 * cost the row. An admin's form is strict: a value typed there is stored as typed or refused, naming the field.
 */
export interface BusinessRules {
  strict?: boolean;
}

/** A field breaks a rule: the message names it. An import makes it a rejected row, an edit a 400. */
export class BusinessRuleError extends InputError {}

/** Each field's texts as read: undefined for a field the source does not have, null for an empty one. */
export type FieldTexts = Partial<Record<Field, string | null>>;

/** The longest text a field takes. */
export const fieldMaxLength = (field: Field): number => FIELD_MAX_LENGTHS[field] ?? FIELD_MAX_LENGTH;

/** NFKC, lowercase, trimmed, inner whitespace collapsed: how names and addresses are compared. */
export function normaliseKeyText(text: string): string {
  return text.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}

/** A business's identity: 'p:' + place id, else 'n:' + normalised name + '|' + normalised address. */
export function identityKey(name: string, address: string, placeId: string | null | undefined): string {
  const id = placeId?.trim();
  if (id) return `p:${id}`;
  const key = `n:${normaliseKeyText(name)}|${normaliseKeyText(address)}`;
  // A 300-character name and 500-character address in 4-byte letters would pass the unique
  // index's entry limit; such rare keys are stored as their digest instead.
  return Buffer.byteLength(key) > IDENTITY_KEY_MAX_BYTES ? `h:${createHash('sha256').update(key).digest('hex')}` : key;
}

export const IDENTITY_KEY_MAX_BYTES = 1000;

/** '4,5' → 4.5; empty → null (the stored rating stays); outside 0..5 or not a number → BusinessRuleError. Two decimals. */
export function parseRating(text: string | null): number | null {
  if (text === null) return null;
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(text)) throw new BusinessRuleError(`rating "${text}" is not a number`);
  const value = Number(text.replace(',', '.'));
  if (value < 0 || value > MAX_RATING) throw new BusinessRuleError(`rating ${value} is not between 0 and ${MAX_RATING}`);
  return Math.round(value * 100) / 100;
}

/** '1,234' '1.234' '1 234' → 1234; empty → null; negative or not a whole number → BusinessRuleError. */
export function parseReviews(text: string | null): number | null {
  if (text === null) return null;
  const grouped = /^\d{1,3}([,.\s\u00a0\u202f'’])\d{3}(\1\d{3})*$/.test(text);
  // '1234.0' is what a spreadsheet number can look like: a whole number all the same.
  const plain = /^\d+(\.0+)?$/.test(text);
  if (/^-\s*\d/.test(text)) throw new BusinessRuleError(`reviews ${text} is negative`);
  if (!grouped && !plain) throw new BusinessRuleError(`reviews "${text}" is not a whole number`);
  const value = grouped ? Number(text.replace(/\D/g, '')) : Number(text);
  if (!Number.isSafeInteger(value) || value > 2_147_483_647) throw new BusinessRuleError(`reviews ${text} is too large`);
  return value;
}

function parseCoordinate(text: string | null, limit: number, field: Field, strict: boolean): number | null {
  if (text === null) return null;
  const value = /^[+-]?\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : NaN;
  if (Math.abs(value) <= limit) return value;
  if (strict) throw new BusinessRuleError(`${field} "${text}" is not a number between -${limit} and ${limit}`);
  return null;
}

/** Split on ',', ';' or '|', trimmed, first spelling kept, duplicates (any case) dropped. */
export function parseServices(text: string | null): string[] | null {
  if (text === null) return null;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(/[,;|]/)) {
    const service = part.trim().replace(/\s+/g, ' ');
    const key = service.toLocaleLowerCase();
    if (service === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(service);
  }
  return out;
}

/** A cell's text as stored: no NUL, line breaks as \n, trimmed, a leading export guard read off; null when empty. */
export function fieldText(raw: string, field: Field, max = fieldMaxLength(field)): string | null {
  let text = raw;
  // PostgreSQL text cannot hold NUL; a stray one in a legacy file must not fail a whole batch.
  // Line breaks as \n: Windows files and Excel cells say \r\n, and an export must import back unchanged.
  // Looked for before replacing: almost no cell has either, and a search costs less than a replace.
  if (text.indexOf('\0') >= 0) text = text.replace(/\0/g, '');
  if (text.indexOf('\r') >= 0) text = text.replace(/\r\n?/g, '\n');
  text = text.trim();
  // Every file rehber writes guards cells against formula injection with apostrophes
  // (domain/formula-guard.ts); reading them off here makes an export import back unchanged.
  // A guarded tab or CR start was whitespace the trim above would have taken.
  if (text.indexOf("'") >= 0) {
    const read = unneutralise(text);
    if (read !== text) text = read.trim();
  }
  if (text === '') return null;
  if (text.length > max) throw new BusinessRuleError(`${field} is longer than ${max} characters`);
  return text;
}

/**
 * Working hours texts repeat from row to row ('{"Monday":"9AM-5PM",...}'): each is read once.
 * The BusinessHours answered is shared by every row with that text; nothing changes it after
 * (the loader only serialises it).
 */
const workingHoursOf = memo('working hours', readWorkingHours, 5_000);

/**
 * The business these field texts describe (each read by fieldText first), or a BusinessRuleError.
 * `rowNumber` is carried along for the loader's messages.
 */
export function businessFromFields(values: FieldTexts, rowNumber: number, rules: BusinessRules = {}): BusinessInput {
  const strict = rules.strict === true;
  const get = (field: Field) => values[field] ?? null;

  const name = get('name');
  const address = get('full_address');
  const placeId = get('place_id');
  // Without a place id, name and address are the identity. With one, the row may update a stored
  // business without them; whether it would create one instead is known only to the loader.
  if (placeId === null && (name === null || address === null)) {
    const missing = name === null ? 'name' : 'full_address';
    throw new BusinessRuleError(values[missing] === undefined ? 'place_id is empty' : `${missing} is empty`);
  }

  const rating = parseRating(get('rating'));
  const reviewCount = parseReviews(get('reviews'));
  const locationLink = get('location_link');
  const columnLatitude = parseCoordinate(get('latitude'), 90, 'latitude', strict);
  const columnLongitude = parseCoordinate(get('longitude'), 180, 'longitude', strict);
  if (strict && (columnLatitude === null) !== (columnLongitude === null)) {
    throw new BusinessRuleError(`${columnLatitude === null ? 'latitude' : 'longitude'} is empty: give both coordinates, or neither`);
  }
  const own = columnLatitude !== null && columnLongitude !== null ? { latitude: columnLatitude, longitude: columnLongitude } : coordinatesFromLink(locationLink);
  const place = resolvePlace({ address: address ?? '', city: get('city'), state: get('state'), postalCode: get('postal_code'), country: get('country'), coordinates: own });
  const city = place.city;
  const country = place.country ?? (city ? DEFAULT_COUNTRY : null);
  const centre = own ?? (place.place ? { latitude: place.place.latitude, longitude: place.place.longitude } : null);
  const workingHours = get('working_hours');
  const verified = get('is_verified')?.toLowerCase() ?? null;
  if (strict && verified !== null && !TRUE_WORDS.has(verified) && !FALSE_WORDS.has(verified)) throw new BusinessRuleError(`is_verified "${get('is_verified')}" is not true or false`);
  const email = get('email');
  if (strict && email !== null && !EMAIL.test(email)) throw new BusinessRuleError(`email "${email}" is not an email address`);

  return {
    rowNumber,
    identityKey: identityKey(name ?? '', address ?? '', placeId),
    name,
    address,
    postalCode: place.postalCode,
    city,
    state: place.state,
    country,
    countryCode: place.countryCode ?? (country === DEFAULT_COUNTRY ? 'US' : null),
    district: get('district') ?? place.district,
    cityPlace: place.place,
    category: get('category'),
    phone: get('phone'),
    email: email?.toLowerCase() ?? null,
    website: get('website'),
    rating,
    reviewCount,
    about: get('about'),
    description: get('description'),
    workingHours,
    businessHours: workingHours === null ? null : workingHoursOf(workingHours),
    photo: get('photo'),
    placeId,
    locationLink,
    services: parseServices(get('services')),
    latitude: centre?.latitude ?? null,
    longitude: centre?.longitude ?? null,
    coordinatesApproximate: own === null && centre !== null,
    isVerified: verified === null ? null : TRUE_WORDS.has(verified),
  };
}
