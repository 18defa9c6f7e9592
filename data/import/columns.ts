/**
 * Header mapping: the import columns plus the optional ones, matched
 * case-insensitively, ignoring spaces, hyphens, underscores and a BOM, with common aliases.
 */
import { MAX_COLUMNS } from '../../domain/constants.js';
import { InputError } from '../../domain/errors.js';

/** A file wider than MAX_COLUMNS, refused before its rows are read. */
export const tooManyColumns = (n: number): InputError => new InputError(`The file has ${n} columns; rehber reads at most ${MAX_COLUMNS}`, 400);

export { FIELDS, type Field } from '../../domain/business-columns.js';
import { FIELDS, type Field } from '../../domain/business-columns.js';

/** For each known field present in the file, the index of its cell. */
export type ColumnMap = Partial<Record<Field, number>>;

/**
 * What a new business needs. A file needs an identity: place_id alone (enough to update stored
 * businesses) or name and full_address together; one with neither is refused before any row is read.
 */
export const REQUIRED_FIELDS: readonly Field[] = ['name', 'full_address'];

// Aliases in their squashed form (see squash); each field's own name is added below.
const ALIASES: Record<Field, string[]> = {
  name: ['businessname', 'title', 'companyname', 'placename'],
  category: ['type', 'maincategory', 'categories', 'businesscategory'],
  phone: ['telephone', 'phonenumber', 'tel', 'internationalphonenumber'],
  full_address: ['address', 'fulladdress', 'streetaddress', 'formattedaddress'],
  postal_code: ['postal', 'zip', 'zipcode', 'postcode', 'postalcode'],
  country: ['countryname'],
  rating: ['stars', 'averagerating'],
  reviews: ['reviewscount', 'reviewcount', 'numberofreviews', 'userratingstotal'],
  photo: ['image', 'photourl', 'imageurl', 'picture'],
  working_hours: ['hours', 'openinghours', 'workinghours', 'businesshours'],
  about: [],
  place_id: ['googleplaceid', 'placeid'],
  location_link: ['mapsurl', 'googlemapsurl', 'maplink', 'locationlink', 'mapsurl', 'googlemapslink'],
  city: ['town'],
  state: ['region', 'province'],
  email: ['mail', 'emailaddress'],
  website: ['site', 'url', 'web', 'websiteurl'],
  description: [],
  services: [],
  latitude: ['lat'],
  longitude: ['lng', 'lon', 'long'],
  is_verified: ['verified', 'isverified'],
  district: ['neighborhood', 'neighbourhood', 'borough', 'ward', 'quarter'],
};

/** The header's comparable form: lowercase, no BOM, spaces, hyphens, underscores or dots. */
export function squash(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\-_.]+/g, '');
}

const LOOKUP = new Map<string, Field>();
for (const field of FIELDS) {
  LOOKUP.set(squash(field), field);
  for (const alias of ALIASES[field]) if (!LOOKUP.has(alias)) LOOKUP.set(alias, field);
}

/** The map for these headers, whatever is missing (see mapHeaders for the refusing version). */
export function matchHeaders(headers: readonly string[]): ColumnMap {
  const map: ColumnMap = {};
  headers.forEach((header, index) => {
    const field = LOOKUP.get(squash(header));
    // The first column wins when two map to the same field, as a reader scanning left to right expects.
    if (field !== undefined && map[field] === undefined) map[field] = index;
  });
  return map;
}

/** The required columns these headers lack, when they carry no identity either (see REQUIRED_FIELDS). */
function missingIdentity(map: ColumnMap): Field[] {
  if (map.place_id !== undefined) return [];
  return REQUIRED_FIELDS.filter((field) => map[field] === undefined);
}

/** True when the headers carry an identity: how readers pick a sheet. */
export function hasRequiredHeaders(headers: readonly string[]): boolean {
  return missingIdentity(matchHeaders(headers)).length === 0;
}

/** Maps the headers, or throws InputError(400) naming the missing required columns. */
export function mapHeaders(headers: readonly string[]): ColumnMap {
  const map = matchHeaders(headers);
  const missing = missingIdentity(map);
  if (missing.length > 0) throw new InputError(`Missing required columns: ${missing.join(', ')} (or place_id, to update stored businesses)`, 400);
  return map;
}
