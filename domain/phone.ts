/**
 * Phone numbers as a spreadsheet gives them ('+90 216 555 12 12', '(512) 555-0100', '0216 555 12 12'),
 * read with the business's country as the default: an E.164 form for `tel:` links and JSON-LD,
 * and a display form (national in the number's own country, international otherwise). Text that
 * cannot be a phone gets no forms: it is shown as written and never made a link. Pure (the
 * browser shows the same forms), on libphonenumber-js's small metadata.
 */
import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  Metadata,
  type MetadataJson,
  parsePhoneNumberFromString,
  type PhoneNumber,
} from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';
import { memo } from './memo.js';

export interface PhoneForms {
  /** '+902165551212': for tel: links and structured data. */
  e164: string | null;
  /** '0216 555 12 12': how people of the number's country write it. */
  national: string | null;
  /** '+90 216 555 12 12': how everyone else should dial it. */
  international: string | null;
  /** The number's own country (ISO alpha-2), when its prefix tells. */
  country: string | null;
}

const NONE: PhoneForms = { e164: null, national: null, international: null, country: null };

/** `raw` read as a number of `countryCode` (ISO alpha-2) unless it carries its own; null when it cannot be a phone. */
function readPhone(raw: string | null | undefined, countryCode?: string | null, plans: MetadataJson = metadata): PhoneNumber | null {
  const text = raw?.trim().replace(/^tel:/i, '');
  if (!text || !/\d/.test(text)) return null;
  const country = isoCode(countryCode);
  let parsed;
  try {
    parsed = parsePhoneNumberFromString(text, country ? { defaultCountry: country } : {}, plans);
  } catch {
    return null;
  }
  // Possible (right length for its country), not valid: numbering plans change faster than the
  // metadata, and a real number wrongly refused would lose its Call button.
  return parsed && parsed.isPossible() ? parsed : null;
}

// An extension ('ext. 4') dials after the call connects: the link keeps it the RFC 3966 way.
const e164Of = (parsed: PhoneNumber) => (parsed.ext ? `${parsed.number};ext=${parsed.ext}` : parsed.number);

/** The forms of `raw`, read as a number of `countryCode` (ISO alpha-2) unless it carries its own. */
export function phoneForms(raw: string | null | undefined, countryCode?: string | null): PhoneForms {
  const parsed = readPhone(raw, countryCode);
  if (!parsed) return NONE;
  return { e164: e164Of(parsed), national: parsed.formatNational(), international: parsed.formatInternational(), country: parsed.country ?? null };
}

/** How the business page shows the number: nationally when it is of the business's own country; as written when it is no phone. */
export function displayPhone(raw: string, countryCode?: string | null): string {
  return phoneAnswer(raw, countryCode).display;
}

/**
 * The E.164 form and the display form of displayPhone from one parse, formatting only the form
 * shown (every business view reads one; a list maps many rows). Equal to phoneAnswerOfLibrary for
 * every input (phone.test.ts compares them over a corpus), without the library's search for the
 * exact country of a shared calling code where that country cannot change the answer. Kept by
 * country and text (`answerOfKey`).
 */
export function phoneAnswer(raw: string, countryCode?: string | null): PhoneAnswer {
  return answerOfKey(`${countryCode ?? ''}${KEY_SEPARATOR}${raw}`);
}

/** A view's phone forms: the E.164 form (null when it is no phone) and the form shown. Shared by every caller that asks: not to be changed. */
export type PhoneAnswer = Readonly<{ e164: string | null; display: string }>;

const KEY_SEPARATOR = '\u0000';

/**
 * The answers given, by country and text: an answer depends on nothing else (the library's
 * metadata is fixed for the process), and the same businesses come back in list after list and
 * near point after point, each formatted again on every read. Bounded for a directory's worth of
 * the most asked numbers; a business read once pays a look-up it does not use.
 */
const answerOfKey = memo(
  'phone answers',
  (key: string): PhoneAnswer => {
    const at = key.indexOf(KEY_SEPARATOR);
    return answerFor(key.slice(at + 1), key.slice(0, at) || null);
  },
  50_000,
  16 * 1024 * 1024,
);

function answerFor(raw: string, countryCode?: string | null): PhoneAnswer {
  if (!mainOrNone(isoCode(countryCode)) && !WITH_PLUS.test(raw)) return phoneAnswerOfLibrary(raw, countryCode);
  const parsed = readPhone(raw, countryCode, mainPlans);
  if (parsed && mayBelongElsewhere(parsed)) return phoneAnswerOfLibrary(raw, countryCode);
  return answerOf(parsed, raw, countryCode);
}

/** phoneAnswer as libphonenumber-js reads it, country search included: the reference, and the way for the rare numbers the shortcut leaves. */
export function phoneAnswerOfLibrary(raw: string, countryCode?: string | null): { e164: string | null; display: string } {
  return answerOf(readPhone(raw, countryCode), raw, countryCode);
}

function answerOf(parsed: PhoneNumber | null, raw: string, countryCode: string | null | undefined): { e164: string | null; display: string } {
  if (!parsed) return { e164: null, display: raw };
  const e164 = e164Of(parsed);
  return { e164, display: sharesCallingCode(e164, countryCode) ? parsed.formatNational() : parsed.formatInternational() };
}

/*
 * The shortcut. When countries share a calling code (+1: US and 24 others; +44: GB, GG, IM, JE; a
 * dozen codes in all), the library tests the number against each country's patterns in turn, and
 * compiles every pattern again on each test: for a number no country claims (the bench's '+1 555 …')
 * that is 25 countries and most of a view's phone cost. The country matters to the answer only
 * through the numbering plan it selects (lengths, formats), and a number no other country claims
 * ends with the calling code's main country or none, which select the same plan. So the number is
 * parsed against metadata where each calling code has only its main country (no search), and the
 * library's own reading is used instead when another country might claim the number, or when a
 * national number's default country is not its calling code's main one (a national number keeps
 * the default country when none claims it; one written with + never takes it).
 */

/** Written with its calling code after a plus: the default country does not become its country. */
const WITH_PLUS = /^\s*(?:tel:)?\+/i;
const mainPlans: MetadataJson = {
  ...metadata,
  country_calling_codes: Object.fromEntries(Object.entries(metadata.country_calling_codes).map(([code, countries]) => [code, countries.slice(0, 1)])),
};

/** The parts of the library's Metadata that its country search reads (not in its typings). */
interface Plan {
  selectNumberingPlan(country: string): void;
  leadingDigits(): string | undefined;
  nationalNumberPattern(): string;
  type(name: string): { pattern(): string } | undefined;
}

// The number types the library's getNumberType tries.
const NUMBER_TYPES = ['FIXED_LINE', 'MOBILE', 'PREMIUM_RATE', 'TOLL_FREE', 'SHARED_COST', 'VOIP', 'PERSONAL_NUMBER', 'PAGER', 'UAN', 'VOICEMAIL'];

/**
 * For each calling code, a test per country after the main one that is true whenever the library
 * would give that country the number: its leading digits, as the library tests them, or else (a
 * superset of the library's getNumberType) the national pattern and any type's pattern. Compiled once.
 */
const otherClaims = new Map<string, ((nationalNumber: string) => boolean)[]>(
  Object.entries(metadata.country_calling_codes)
    .filter(([, countries]) => countries.length > 1)
    .map(([code, countries]) => [code, countries.slice(1).map(claimOf)]),
);

function claimOf(country: string): (nationalNumber: string) => boolean {
  const plan = new Metadata(metadata) as unknown as Plan;
  plan.selectNumberingPlan(country);
  const leading = plan.leadingDigits();
  if (leading) {
    const re = new RegExp(leading);
    return (n) => n.search(re) === 0;
  }
  const entire = (pattern: string) => new RegExp(`^(?:${pattern})$`);
  const national = entire(plan.nationalNumberPattern());
  const types = NUMBER_TYPES.map((name) => plan.type(name)?.pattern()).filter((p): p is string => !!p).map(entire);
  return (n) => national.test(n) && types.some((t) => t.test(n));
}

function mayBelongElsewhere(parsed: PhoneNumber): boolean {
  const claims = otherClaims.get(parsed.countryCallingCode);
  return claims !== undefined && claims.some((claims) => claims(parsed.nationalNumber));
}

/** Whether `country` is absent, unknown, or the first country of its calling code. */
function mainOrNone(country: CountryCode | undefined): boolean {
  if (!country || !isSupportedCountry(country, metadata)) return true;
  return metadata.country_calling_codes[getCountryCallingCode(country, metadata)]?.[0] === country;
}

/**
 * Whether the number is dialled the national way from `countryCode`. The calling code decides, not
 * the number's own country: a Rome number in 06 698 is the Vatican's ('VA') yet Italian callers dial
 * it as 06 6982 0000, and the same holds across +1 and +44. Calling codes are prefix-free, so a
 * prefix test on E.164 is exact.
 */
function sharesCallingCode(e164: string, countryCode: string | null | undefined): boolean {
  const home = isoCode(countryCode);
  return home !== undefined && isSupportedCountry(home, metadata) && e164.startsWith(`+${getCountryCallingCode(home, metadata)}`);
}

/** 'tr' and ' TR ' are Türkiye too: a hand-edited or older row may not have the canonical case. */
function isoCode(countryCode: string | null | undefined): CountryCode | undefined {
  const code = countryCode?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? (code as CountryCode) : undefined;
}
