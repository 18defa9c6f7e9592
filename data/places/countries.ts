/**
 * Countries by any of their names: ISO 3166 codes and names in several languages from
 * i18n-iso-countries, matched with letters folded in any script ('Россия', 'turkiye', 'TÜRKEI', 'Turkey', 'TR' and 'TUR'
 * are all TR), so a country typed by a person finds the one the directory stores.
 */
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import { foldName } from '../../domain/slug.js';

const require = createRequire(import.meta.url);
/** The languages whose country names are understood. */
const LANGUAGES = ['en', 'tr', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'ru', 'ar', 'ja', 'zh', 'ko', 'el', 'pl', 'cs', 'sv', 'da', 'no', 'fi', 'hu', 'ro', 'uk', 'he', 'th', 'vi', 'id'];
for (const lang of LANGUAGES) countries.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`));

/**
 * The names a visitor knows (CLDR's English short names), where ISO's first English name is a formal
 * one, inverted or without its accents. Changing one changes stored text and a country page's slug:
 * it needs a migration that renames the stored rows and redirects the old slug (20261129A).
 */
const SHORT_NAMES: Record<string, string> = {
  US: 'United States', RU: 'Russia', IR: 'Iran', TW: 'Taiwan', MK: 'North Macedonia', TZ: 'Tanzania',
  MD: 'Moldova', SY: 'Syria', LA: 'Laos', CD: 'DR Congo', CZ: 'Czechia', KR: 'South Korea', VE: 'Venezuela',
  BO: 'Bolivia', VN: 'Vietnam', PS: 'Palestine', BN: 'Brunei', FM: 'Micronesia', GB: 'United Kingdom',
  CN: 'China', CI: "Côte d'Ivoire", GM: 'Gambia', VA: 'Vatican City', FK: 'Falkland Islands', PN: 'Pitcairn Islands',
  RE: 'Réunion', ST: 'São Tomé and Príncipe', VG: 'British Virgin Islands', VI: 'U.S. Virgin Islands',
  MF: 'Saint Martin', SX: 'Sint Maarten', BQ: 'Caribbean Netherlands',
};

/** The display name of an ISO alpha-2 code: 'TR' → 'Türkiye', 'US' → 'United States'. countryCode reads it back. */
export function countryName(code: string): string {
  return SHORT_NAMES[code] ?? countries.getName(code, 'en') ?? code;
}

let byFoldedName: Map<string, string> | undefined;

/** Every registered name and code, and every name countryName gives, folded → alpha-2 code (built once, on first use). */
function foldedIndex(): Map<string, string> {
  if (byFoldedName) return byFoldedName;
  byFoldedName = new Map(Object.entries(SHORT_NAMES).map(([code, name]) => [foldName(name), code]));
  for (const lang of LANGUAGES) {
    for (const [code, names] of Object.entries(countries.getNames(lang, { select: 'all' }) as Record<string, string[]>)) {
      for (const name of names) {
        const folded = foldName(name);
        if (folded && !byFoldedName.has(folded)) byFoldedName.set(folded, code);
      }
    }
  }
  return byFoldedName;
}

/** The ISO 3166-1 alpha-2 code of a country name (any registered language, any case) or code; null when unknown. */
export function countryCode(text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  if (/^[a-z]{2}$/i.test(t) && countries.isValid(t.toUpperCase())) return t.toUpperCase();
  if (/^[a-z]{3}$/i.test(t) && countries.isValid(t.toUpperCase())) return countries.alpha3ToAlpha2(t.toUpperCase()) ?? null;
  return countryNamed(t);
}

/**
 * The ISO code of the country `text` names by one of its names in any registered language
 * ('Turkey', 'Türkei', 'USA', 'UK', 'Deutschland'), not by an ISO code: as a place typed into a
 * search, 'CA', 'IN' or 'DE' is as likely a state. Null when it names none.
 */
export function countryNamed(text: string): string | null {
  return foldedIndex().get(foldName(text.trim())) ?? null;
}

/** The name the directory stores for the country `text` names (countryNamed), null when none: how a search reads a country (data/reads/query-reading.ts). */
export function storedCountryName(text: string): string | null {
  const code = countryNamed(text);
  return code ? countryName(code) : null;
}

/** The stored country names that `input` means: same ISO country, or the same name once folded. */
export function matchCountries(input: string, stored: string[]): string[] {
  const code = countryCode(input);
  const folded = foldName(input);
  return stored.filter((name) => foldName(name) === folded || (code !== null && countryCode(name) === code));
}
