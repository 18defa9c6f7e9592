/**
 * One sheet row → a validated BusinessInput, or 'Row N: reason'. Pure: no I/O, so the
 * loader can call it on every row of a million-row file and tests can call it on one.
 *
 * Places (city, district, state, postal code, country and its ISO code) come from data/places's
 * resolver: the file's columns first, then the address read against the gazetteer. When a city is
 * known but no country, DEFAULT_COUNTRY (SPEC: a city's country defaults to 'United States'), so a
 * business and its city never disagree. With no city either, country stays null rather than invented.
 *
 * Coordinates: the latitude/longitude columns, else the '@lat,lng' or '!3dlat!4dlng' of a Google
 * Maps link, else the city's centre from the gazetteer, marked approximate.
 */
import { createHash } from 'node:crypto';
import { resolvePlace } from '../places/resolve.js';
import { coordinatesFromLink } from '../places/coordinates.js';
import type { ColumnMap, Field } from './columns.js';
import { DEFAULT_COUNTRY } from '../../domain/constants.js';
import type { BusinessInput, RowOutcome, SheetRow } from './pipeline.js';
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
 * How strictly a row is read. A file's row keeps going past a value it cannot use (a coordinate
 * out of range is left out, an unknown verified word is false): one odd cell must not cost the
 * row. An admin's form is strict: a value typed there is stored as typed or refused, naming the field.
 */
export interface RowRules {
  strict?: boolean;
}

class RowError extends Error {}

/** NFKC, lowercase, trimmed, inner whitespace collapsed: how names and addresses are compared. */
export function normaliseKeyText(text: string): string {
  return text.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}

/** The import identity: 'p:' + place id, else 'n:' + normalised name + '|' + normalised address. */
export function identityKey(name: string, address: string, placeId: string | null | undefined): string {
  const id = placeId?.trim();
  if (id) return `p:${id}`;
  const key = `n:${normaliseKeyText(name)}|${normaliseKeyText(address)}`;
  // A 300-character name and 500-character address in 4-byte letters would pass the unique
  // index's entry limit; such rare keys are stored as their digest instead.
  return Buffer.byteLength(key) > IDENTITY_KEY_MAX_BYTES ? `h:${createHash('sha256').update(key).digest('hex')}` : key;
}

export const IDENTITY_KEY_MAX_BYTES = 1000;

/** '4,5' → 4.5; empty → null (the stored rating stays); outside 0..5 or not a number → RowError. Two decimals. */
export function parseRating(text: string | null): number | null {
  if (text === null) return null;
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(text)) throw new RowError(`rating "${text}" is not a number`);
  const value = Number(text.replace(',', '.'));
  if (value < 0 || value > MAX_RATING) throw new RowError(`rating ${value} is not between 0 and ${MAX_RATING}`);
  return Math.round(value * 100) / 100;
}

/** '1,234' '1.234' '1 234' → 1234; empty → null; negative or not a whole number → RowError. */
export function parseReviews(text: string | null): number | null {
  if (text === null) return null;
  const grouped = /^\d{1,3}([,.\s\u00a0\u202f'’])\d{3}(\1\d{3})*$/.test(text);
  // '1234.0' is what a spreadsheet number can look like: a whole number all the same.
  const plain = /^\d+(\.0+)?$/.test(text);
  if (/^-\s*\d/.test(text)) throw new RowError(`reviews ${text} is negative`);
  if (!grouped && !plain) throw new RowError(`reviews "${text}" is not a whole number`);
  const value = grouped ? Number(text.replace(/\D/g, '')) : Number(text);
  if (!Number.isSafeInteger(value) || value > 2_147_483_647) throw new RowError(`reviews ${text} is too large`);
  return value;
}

function parseCoordinate(text: string | null, limit: number, field: Field, strict: boolean): number | null {
  if (text === null) return null;
  const value = /^[+-]?\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : NaN;
  if (Math.abs(value) <= limit) return value;
  if (strict) throw new RowError(`${field} "${text}" is not a number between -${limit} and ${limit}`);
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

export function normaliseRow(columns: ColumnMap, row: SheetRow, rules: RowRules = {}): RowOutcome {
  if (row.error !== undefined) return { ok: false, error: row.error };
  try {
    return { ok: true, value: buildInput(columns, row, rules.strict === true) };
  } catch (error) {
    if (error instanceof RowError) return { ok: false, error: `Row ${row.rowNumber}: ${error.message}` };
    throw error;
  }
}

/** A file's columns as buildInput reads them: worked out once per column map, not once per row. */
interface ColumnPlan {
  /** The fields the file has, each with its cell's index and its longest accepted text. */
  cells: { field: Field; index: number; max: number }[];
}

const plans = new WeakMap<ColumnMap, ColumnPlan>();

function planOf(columns: ColumnMap): ColumnPlan {
  let plan = plans.get(columns);
  if (plan === undefined) {
    plan = {
      cells: (Object.keys(columns) as Field[]).map((field) => ({ field, index: columns[field]!, max: FIELD_MAX_LENGTHS[field] ?? FIELD_MAX_LENGTH })),
    };
    plans.set(columns, plan);
  }
  return plan;
}

/** A cell's text as stored: no NUL, line breaks as \n, trimmed, a leading export guard read off; null when empty. */
function cellValue(raw: string, field: Field, max: number): string | null {
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
  if (text.length > max) throw new RowError(`${field} is longer than ${max} characters`);
  return text;
}

/**
 * Working hours texts repeat from row to row ('{"Monday":"9AM-5PM",...}'): each is read once.
 * The BusinessHours answered is shared by every row with that text; nothing changes it after
 * (the loader only serialises it).
 */
const workingHoursOf = memo(readWorkingHours, 5_000);

function buildInput(columns: ColumnMap, row: SheetRow, strict: boolean): BusinessInput {
  // Check every length first: a 100,000-character cell is refused before any regex runs on it.
  const values: Partial<Record<Field, string | null>> = {};
  for (const { field, index, max } of planOf(columns).cells) {
    const raw = row.cells[index];
    values[field] = raw === undefined || raw === null ? null : cellValue(raw, field, max);
  }
  const get = (field: Field) => values[field] ?? null;

  const name = get('name');
  const address = get('full_address');
  const placeId = get('place_id');
  // Without a place id, name and address are the identity. With one, the row may update a stored
  // business without them; whether it would create one instead is known only to the loader.
  if (placeId === null && (name === null || address === null)) {
    const missing = name === null ? 'name' : 'full_address';
    throw new RowError(columns[missing] === undefined ? 'place_id is empty' : `${missing} is empty`);
  }

  const rating = parseRating(get('rating'));
  const reviewCount = parseReviews(get('reviews'));
  const locationLink = get('location_link');
  const columnLatitude = parseCoordinate(get('latitude'), 90, 'latitude', strict);
  const columnLongitude = parseCoordinate(get('longitude'), 180, 'longitude', strict);
  if (strict && (columnLatitude === null) !== (columnLongitude === null)) {
    throw new RowError(`${columnLatitude === null ? 'latitude' : 'longitude'} is empty: give both coordinates, or neither`);
  }
  const own = columnLatitude !== null && columnLongitude !== null ? { latitude: columnLatitude, longitude: columnLongitude } : coordinatesFromLink(locationLink);
  const place = resolvePlace({ address: address ?? '', city: get('city'), state: get('state'), postalCode: get('postal_code'), country: get('country'), coordinates: own });
  const city = place.city;
  const country = place.country ?? (city ? DEFAULT_COUNTRY : null);
  const centre = own ?? (place.place ? { latitude: place.place.latitude, longitude: place.place.longitude } : null);
  const workingHours = get('working_hours');
  const verified = get('is_verified')?.toLowerCase() ?? null;
  if (strict && verified !== null && !TRUE_WORDS.has(verified) && !FALSE_WORDS.has(verified)) throw new RowError(`is_verified "${get('is_verified')}" is not true or false`);
  const email = get('email');
  if (strict && email !== null && !EMAIL.test(email)) throw new RowError(`email "${email}" is not an email address`);

  return {
    rowNumber: row.rowNumber,
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
