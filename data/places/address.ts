/**
 * City, state, postal code and country read out of a one-line address, for files that have only
 * `full_address`. Addresses are written in many ways; this knows the common ones and
 * leaves a part null rather than guess:
 *   US          '123 Main St, Springfield, IL 62701, United States'  (country optional)
 *   Canada      '1 King St W, Toronto, ON M5H 1A1, Canada'
 *   Turkish     'Çarşı Sk. No:93, 34710 Kadıköy/İstanbul, Türkiye'   (city İstanbul; the district
 *               is not a state, so state stays null)
 *   European    'Boulevard Haussmann 130, 75009 Paris, France'
 *   British     '10 Downing St, London SW1A 2AA, United Kingdom'
 */
import { US_STATE_CODES } from './us-states.js';

export interface AddressParts {
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
}

// Variants → the one name we store, keyed by lowercase with dots and spaces removed.
const COUNTRY_VARIANTS: Record<string, string> = {
  us: 'United States', usa: 'United States', unitedstates: 'United States',
  unitedstatesofamerica: 'United States', america: 'United States',
  tr: 'Türkiye', turkey: 'Türkiye', türkiye: 'Türkiye', turkiye: 'Türkiye', türkei: 'Türkiye',
  uk: 'United Kingdom', gb: 'United Kingdom', greatbritain: 'United Kingdom', unitedkingdom: 'United Kingdom',
  deutschland: 'Germany', de: 'Germany', españa: 'Spain', espana: 'Spain', italia: 'Italy',
  nederland: 'Netherlands', thenetherlands: 'Netherlands', holland: 'Netherlands',
  österreich: 'Austria', schweiz: 'Switzerland', suisse: 'Switzerland', svizzera: 'Switzerland',
  belgië: 'Belgium', belgique: 'Belgium', polska: 'Poland', sverige: 'Sweden', norge: 'Norway',
  danmark: 'Denmark', suomi: 'Finland', ελλάδα: 'Greece', hellas: 'Greece', brasil: 'Brazil',
  méxico: 'Mexico', uae: 'United Arab Emirates', ksa: 'Saudi Arabia', southkorea: 'South Korea',
  republicofkorea: 'South Korea', russianfederation: 'Russia', czechrepublic: 'Czechia',
};

// Names recognised as the last part of an address even when no postcode precedes them.
const COUNTRY_NAMES = [
  'United States', 'Türkiye', 'United Kingdom', 'Canada', 'Mexico', 'Brazil', 'Argentina', 'Chile',
  'Colombia', 'Peru', 'Germany', 'France', 'Spain', 'Portugal', 'Italy', 'Netherlands', 'Belgium',
  'Luxembourg', 'Switzerland', 'Austria', 'Ireland', 'Denmark', 'Norway', 'Sweden', 'Finland',
  'Iceland', 'Poland', 'Czechia', 'Slovakia', 'Hungary', 'Romania', 'Bulgaria', 'Greece', 'Cyprus',
  'Croatia', 'Slovenia', 'Serbia', 'Ukraine', 'Russia', 'Georgia', 'Azerbaijan', 'Israel',
  'Egypt', 'Morocco', 'Tunisia', 'South Africa', 'Nigeria', 'Kenya', 'India', 'Pakistan', 'China',
  'Japan', 'South Korea', 'Singapore', 'Malaysia', 'Indonesia', 'Thailand', 'Vietnam',
  'Philippines', 'Australia', 'New Zealand', 'United Arab Emirates', 'Saudi Arabia', 'Qatar',
];

// 'TÜRKİYE' lowercases to 'türki̇ye' (i + combining dot) unless İ is folded first.
const countryKey = (text: string) =>
  text.normalize('NFC').replace(/İ/g, 'i').toLowerCase().replace(/\u0307/g, '').replace(/[\s.]+/g, '');

const KNOWN_COUNTRIES = new Map<string, string>(Object.entries(COUNTRY_VARIANTS));
for (const name of COUNTRY_NAMES) KNOWN_COUNTRIES.set(countryKey(name), name);

/** The recognised canonical name, or null when the text is not a country we know. */
export function knownCountry(text: string): string | null {
  return KNOWN_COUNTRIES.get(countryKey(text.trim())) ?? null;
}

/** 'USA' → 'United States', 'Turkey' → 'Türkiye', 'UK' → 'United Kingdom'; unknown names as written. */
export function normaliseCountry(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  return knownCountry(trimmed) ?? trimmed;
}

const CA_PROVINCES = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));

const US_STATE_ZIP = /^([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/;
const CA_PROVINCE_POSTCODE = /^([A-Z]{2})\s+([A-Z]\d[A-Z] ?\d[A-Z]\d)$/i;
const TURKISH = /^(\d{5})\s+([^/]+?)\s*\/\s*(.+)$/u;
// '75009 Paris', 'D-10115 Berlin', '1012 AB Amsterdam', '00-950 Warszawa', '1000 Ljubljana'.
// Four or five digits (or 'NN-NNN'): street numbers are mostly shorter, so '221 Baker St' is not read as one.
const POSTCODE_CITY = /^((?:[A-Z]{1,2}-)?(?:\d{4,5}|\d{2}-\d{3})(?:\s[A-Z]{2}(?=\s))?)\s+(\p{L}[\p{L}\p{M}\s.'’-]*)$/u;
// 'London SW1A 2AA'
const CITY_UK_POSTCODE = /^(\p{L}[\p{L}\p{M}\s.'’-]*?)\s+([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})$/iu;

const EMPTY: AddressParts = { city: null, state: null, postalCode: null, country: null };

/** The parts the address shows; any part it does not show clearly is null. */
export function parseAddress(address: string): AddressParts {
  const parts = address
    .split(',')
    .map((p) => p.trim().replace(/\s+/g, ' '))
    .filter((p) => p !== '');
  if (parts.length < 2) return { ...EMPTY };

  const last = parts.length - 1;
  const lastCountry = knownCountry(parts[last]);
  if (lastCountry) {
    if (last < 2) return { ...EMPTY, country: lastCountry };
    const found = matchLocality(parts, last - 1, lastCountry);
    if (found) return found;
    // 'Street 1, Paris, France': with a known country, a part of words before it is the city.
    const city = parts[last - 1];
    return { city: /\d/.test(city) ? null : city, state: null, postalCode: null, country: lastCountry };
  }
  const found = matchLocality(parts, last, null);
  if (found) return found;
  // '..., 00100 Nairobi, Kenya': a country we do not know by name, after a recognised locality.
  if (last >= 2 && /^[\p{L}\s.'’-]+$/u.test(parts[last])) {
    const before = matchLocality(parts, last - 1, normaliseCountry(parts[last]));
    if (before && before.postalCode) return before;
  }
  return { ...EMPTY };
}

/** Reads parts[at] as 'ST 12345', 'ON M5H 1A1', '34710 Kadıköy/İstanbul', '75009 Paris' or 'London SW1A 2AA'. */
function matchLocality(parts: string[], at: number, country: string | null): AddressParts | null {
  const locality = parts[at];
  let m = US_STATE_ZIP.exec(locality);
  if (m && US_STATE_CODES.has(m[1]) && at >= 1) {
    return { city: parts[at - 1], state: m[1], postalCode: m[2], country: country ?? 'United States' };
  }
  m = CA_PROVINCE_POSTCODE.exec(locality);
  if (m && CA_PROVINCES.has(m[1].toUpperCase()) && at >= 1) {
    return { city: parts[at - 1], state: m[1].toUpperCase(), postalCode: m[2].toUpperCase(), country: country ?? 'Canada' };
  }
  m = TURKISH.exec(locality);
  if (m) return { city: m[3], state: null, postalCode: m[1], country: country ?? 'Türkiye' };
  m = POSTCODE_CITY.exec(locality);
  if (m) return { city: m[2].trim(), state: null, postalCode: m[1], country };
  m = CITY_UK_POSTCODE.exec(locality);
  if (m) return { city: m[1].trim(), state: null, postalCode: m[2].toUpperCase(), country };
  return null;
}
