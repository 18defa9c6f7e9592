/**
 * A business as a list shows it: the fields its card and the map read, and no other. The lists of
 * the public pages (a city's, a category's, a category in a place, the search, the home page's)
 * keep their businesses so, in the server render's data island and in the browser's cache alike:
 * a page's island carried each business whole (its about, services, e-mail, dates...), much of it
 * drawn by nothing on the page, and its JSON is written, escaped and sent with every page.
 */
import { openIntervals } from './opening-status.js';
import type { Business, BusinessHours } from './types.js';

const readable = new WeakMap<BusinessHours, boolean>();

/**
 * Whether the opening badge draws the open-now status from `hours` (they are read for certain),
 * worked out once per hours object: a card row and its badge ask it of the same object, and a row
 * kept for the data version is shown again by every page that lists it. Hours are never changed in
 * place (a write reads its business again).
 */
export function hoursReadable(hours: BusinessHours | null | undefined): boolean {
  if (!hours) return false;
  let known = readable.get(hours);
  if (known === undefined) {
    known = openIntervals(hours) !== null;
    readable.set(hours, known);
  }
  return known;
}

/** What BusinessCard, its opening badge and distance note, and the map read of a business. */
export type CardRow = Pick<
  Business,
  | 'id'
  | 'slug'
  | 'name'
  | 'isVerified'
  | 'photo'
  | 'category'
  | 'city'
  | 'rating'
  | 'reviewCount'
  | 'address'
  | 'phoneDisplay'
  | 'businessHours'
  | 'workingHours'
  | 'timeZone'
  | 'latitude'
  | 'longitude'
  | 'coordinatesApproximate'
  | 'countryCode'
  | 'distance'
>;

/** A list answer whose businesses are card rows. */
export type CardList<T extends { items: readonly unknown[] }> = Omit<T, 'items'> & { items: CardRow[] };

/**
 * `b` as a card row. The opening badge draws the open-now status from the hours when they can be
 * read in a known zone, and shows the hours' text otherwise: a row carries only the one it draws.
 * Written as one literal in one order, so every row has the same shape (and its JSON the same keys).
 */
export function cardRow(b: CardRow): CardRow {
  const status = !!b.timeZone && hoursReadable(b.businessHours);
  const row: CardRow = {
    id: b.id,
    slug: b.slug,
    name: b.name,
    isVerified: b.isVerified,
    photo: b.photo,
    category: b.category,
    city: b.city,
    rating: b.rating,
    reviewCount: b.reviewCount,
    address: b.address,
    phoneDisplay: b.phoneDisplay,
    businessHours: status ? b.businessHours : {},
    workingHours: status ? null : b.workingHours,
    timeZone: b.timeZone ?? null,
    latitude: b.latitude,
    longitude: b.longitude,
    coordinatesApproximate: b.coordinatesApproximate,
    countryCode: b.countryCode,
  };
  // Only in a list near a point: absent, not undefined, elsewhere (the API's answer has no key).
  if (b.distance !== undefined) row.distance = b.distance;
  return row;
}

/**
 * What a compact card draws ("More nearby" on a business page): a card row without the address,
 * phone and spot, which that card leaves out. A business page's neighbours are kept so in its data
 * island and in the browser's cache alike, and the server need not work out their phone forms.
 */
export type NearbyRow = Omit<CardRow, 'address' | 'phoneDisplay' | 'latitude' | 'longitude'>;

/** `b` as a compact card's row, in one order, as cardRow writes its rows. */
export function nearbyRow(b: NearbyRow): NearbyRow {
  const status = !!b.timeZone && hoursReadable(b.businessHours);
  const row: NearbyRow = {
    id: b.id,
    slug: b.slug,
    name: b.name,
    isVerified: b.isVerified,
    photo: b.photo,
    category: b.category,
    city: b.city,
    rating: b.rating,
    reviewCount: b.reviewCount,
    businessHours: status ? b.businessHours : {},
    workingHours: status ? null : b.workingHours,
    timeZone: b.timeZone ?? null,
    coordinatesApproximate: b.coordinatesApproximate,
    countryCode: b.countryCode,
  };
  if (b.distance !== undefined) row.distance = b.distance;
  return row;
}

/** A list answer with its businesses as card rows (the rest of it as it was). */
export function cardList<T extends { items: readonly CardRow[] }>(answer: T): CardList<T> {
  return { ...answer, items: answer.items.map(cardRow) };
}
