/**
 * Titles made unique: when other active businesses of the same name share a city, a business's title
 * adds its district, else its street (domain/page-meta.ts businessMeta). The detail API answer
 * and the crawler head both carry the same `titlePlace` (business-page.ts reads it), so the
 * server's <title> and the client's document.title agree. Pure; it stays beside its reads rather
 * than in domain/ because the street rule (data/places/street.ts) is the address corpus's.
 */
import type { Namesake } from '../../db/queries/namesakes.js';
import type { Business } from '../../domain/types.js';
import { streetAddress } from '../places/street.js';

type Place = Namesake;

const fold = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim().toLocaleLowerCase('tr');

/**
 * The first of district, street, street with postal code and whole address that no namesake shares;
 * null without namesakes. When every one is shared (the same business imported twice under
 * different place ids), the street all the same.
 */
export function titlePlace(b: Place & { city: { name: string } | null }, namesakes: Place[]): string | null {
  if (!namesakes.length) return null;
  const city = b.city?.name ?? null;
  const street = (p: Place) => streetAddress(p.address, { city, district: p.district, state: p.state, postalCode: p.postalCode, country: p.country });
  const readings: Array<(p: Place) => string | null> = [
    // A district that only repeats the city's name tells nothing apart.
    (p) => (p.district && fold(p.district) !== fold(city) ? p.district : null),
    street,
    (p) => [street(p), p.postalCode].filter(Boolean).join(' '),
    (p) => p.address,
  ];
  for (const read of readings) {
    const mine = read(b)?.replace(/\s+/g, ' ').trim();
    if (mine && namesakes.every((n) => fold(read(n)) !== fold(mine))) return mine;
  }
  return street(b) || null;
}

/**
 * The business with its `titlePlace` (null when its name is its own in its city), set on the
 * business just read (a copy of its forty fields cost more than the rest of the title).
 */
export function titled(b: Business, namesakes: Place[]): Business {
  b.titlePlace = namesakes.length ? titlePlace({ ...b, address: b.address ?? '' }, namesakes) : null;
  return b;
}
