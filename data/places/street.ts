/**
 * The street part of a one-line address, for schema.org's PostalAddress: the trailing parts that
 * repeat the locality (city, district, state, postal code, country) are taken off, so
 * `streetAddress` does not say the city a second time beside `addressLocality`.
 */
import { foldName } from '../../domain/slug.js';
import { countryCode } from './countries.js';

export interface Locality {
  city?: string | null;
  district?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
}

/** 'Moda Cd. No:12, 34710 Kadıköy/İstanbul, Türkiye' → 'Moda Cd. No:12'; the whole address when no part is the locality. */
export function streetAddress(address: string, locality: Locality): string {
  const parts = address.split(',').map((p) => p.trim()).filter(Boolean);
  const names = [locality.city, locality.district, locality.state].filter((n): n is string => !!n).map(foldName).filter(Boolean);
  const postal = locality.postalCode ? foldName(locality.postalCode) : null;
  const isLocality = (part: string): boolean => {
    const folded = ` ${foldName(part)} `;
    if (postal && folded.includes(` ${postal} `)) return true;
    if (names.some((n) => folded.includes(` ${n} `))) return true;
    // Postal codes and state abbreviations alone ('125009', 'NY 10001'), or a country.
    if (/^[\p{Lu}\d\s-]{4,}$/u.test(part) && /\d{3}/.test(part)) return true;
    return countryCode(part) !== null;
  };
  let end = parts.length;
  while (end > 1 && isLocality(parts[end - 1])) end--;
  return parts.slice(0, end).join(', ');
}
