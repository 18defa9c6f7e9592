import { foldName } from '@domain/slug';
import type { Business } from '@domain/types';

/**
 * The address as the page shows it, once: the stored address line, then only the parts it does not
 * already name (postal code, city, country), so '…, 34710 Kadıköy/İstanbul, Türkiye' is not followed
 * by 'Postal code: 34710' and 'Türkiye' again. Compared with accents and case folded.
 */
export function addressLines(b: Pick<Business, 'address' | 'postalCode' | 'country'> & { city: { name: string } | null }): string[] {
  const address = b.address.trim();
  const said = ` ${foldName(address)} `;
  const missing = (part: string | null | undefined): part is string => !!part && !!part.trim() && !said.includes(` ${foldName(part)} `);
  const place = [b.postalCode, b.city?.name].filter(missing).join(' ');
  return [address, place, missing(b.country) ? b.country : ''].filter(Boolean);
}
