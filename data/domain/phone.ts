/**
 * Phone numbers as a spreadsheet gives them ('+90 216 555 12 12', '(512) 555-0100', '0216 555 12 12'),
 * read with the business's country as the default: an E.164 form for `tel:` links and JSON-LD,
 * and a display form (national in the number's own country, international otherwise). Text that
 * cannot be a phone gets no forms: it is shown as written and never made a link. Pure (the
 * browser shows the same forms), on libphonenumber-js's small metadata.
 */
import { type CountryCode, getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/min';

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
function readPhone(raw: string | null | undefined, countryCode?: string | null): PhoneNumber | null {
  const text = raw?.trim().replace(/^tel:/i, '');
  if (!text || !/\d/.test(text)) return null;
  const country = isoCode(countryCode) as CountryCode | undefined;
  let parsed;
  try {
    parsed = parsePhoneNumberFromString(text, country ? { defaultCountry: country } : undefined);
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
 * shown (every business view reads one; a list maps many rows).
 */
export function phoneAnswer(raw: string, countryCode?: string | null): { e164: string | null; display: string } {
  const parsed = readPhone(raw, countryCode);
  if (!parsed) return { e164: null, display: raw };
  const e164 = e164Of(parsed);
  return { e164, display: sharesCallingCode(e164, countryCode) ? parsed.formatNational() : parsed.formatInternational() };
}

/**
 * Whether the number is dialled the national way from `countryCode`. The calling code decides, not
 * the number's own country: a Rome number in 06 698 is the Vatican's ('VA') yet Italian callers dial
 * it as 06 6982 0000, and the same holds across +1 and +44. Calling codes are prefix-free, so a
 * prefix test on E.164 is exact.
 */
function sharesCallingCode(e164: string, countryCode: string | null | undefined): boolean {
  const home = isoCode(countryCode);
  return home !== undefined && isSupportedCountry(home) && e164.startsWith(`+${getCountryCallingCode(home)}`);
}

/** 'tr' and ' TR ' are Türkiye too: a hand-edited or older row may not have the canonical case. */
function isoCode(countryCode: string | null | undefined): string | undefined {
  const code = countryCode?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : undefined;
}
