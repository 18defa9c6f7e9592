/**
 * A business as a list shows it: the fields its card and the map read, and no other. The lists of
 * the public pages (a city's, a category's, a category in a place, the search, the home page's)
 * keep their businesses so, in the server render's data island and in the browser's cache alike:
 * a page's island carried each business whole (its about, services, e-mail, dates...), much of it
 * drawn by nothing on the page, and its JSON is written, escaped and sent with every page.
 */
import { memo } from './memo.js';
import { openIntervals, type Interval } from './opening-status.js';
import type { Business, BusinessHours } from './types.js';

const weeks = new WeakMap<BusinessHours, readonly Interval[] | null>();

/**
 * The weeks worked out, by the hours' JSON: many businesses keep the same hours (office hours,
 * shop hours), each read as an object of its own, and writing it out is a few times cheaper than
 * reading its fourteen-odd times into intervals. A few thousand weeks: a directory's common ones stay.
 */
const weekOfText = memo('open weeks', (text: string): readonly Interval[] | null => openIntervals(JSON.parse(text) as BusinessHours), 4_096, 4 * 1024 * 1024);

/**
 * The week's open intervals of `hours` (openIntervals: null when they cannot be read for certain),
 * worked out once per hours object, and once per hours written the same: a card row and its badge
 * ask it of the same object, a row kept for the data version is shown again by every page that
 * lists it, and a page's neighbours mostly keep hours other businesses keep too. Hours are never
 * changed in place (a write reads its business again), nor are the intervals given (they are shared).
 */
export function openWeek(hours: BusinessHours | null | undefined): readonly Interval[] | null {
  if (!hours) return null;
  let week = weeks.get(hours);
  if (week === undefined) {
    week = weekOfText(JSON.stringify(hours));
    weeks.set(hours, week);
  }
  return week;
}

/** Whether the opening badge draws the open-now status from `hours` (they are read for certain). */
export const hoursReadable = (hours: BusinessHours | null | undefined): boolean => openWeek(hours) !== null;

/** The fields of a business a card row is made from (a Business has them all). */
export type CardSource = Pick<
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

/**
 * What BusinessCard, its opening badge and distance note, and the map read of a business. Its week
 * is the open intervals the badge draws the open-now status from (local minutes of the week,
 * opening-status.ts), not the seven days of opening and closing times they are read from: about a
 * third of a row's JSON. Null when the badge shows the hours' text (workingHours) instead.
 */
export type CardRow = Omit<CardSource, 'businessHours'> & { openWeek: readonly Interval[] | null };

/** A list answer whose businesses are card rows. */
export type CardList<T extends { items: readonly unknown[] }> = Omit<T, 'items'> & { items: CardRow[] };

/**
 * `b` as a card row. The opening badge draws the open-now status from the hours when they can be
 * read in a known zone, and shows the hours' text otherwise: a row carries only the one it draws.
 * Written as one literal in one order, so every row has the same shape (and its JSON the same keys).
 */
export function cardRow(b: CardSource): CardRow {
  const week = b.timeZone ? openWeek(b.businessHours) : null;
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
    openWeek: week,
    workingHours: week ? null : b.workingHours,
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
export function nearbyRow(b: Omit<CardSource, 'address' | 'phoneDisplay' | 'latitude' | 'longitude'>): NearbyRow {
  const week = b.timeZone ? openWeek(b.businessHours) : null;
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
    openWeek: week,
    workingHours: week ? null : b.workingHours,
    timeZone: b.timeZone ?? null,
    coordinatesApproximate: b.coordinatesApproximate,
    countryCode: b.countryCode,
  };
  if (b.distance !== undefined) row.distance = b.distance;
  return row;
}

/** A list answer with its businesses as card rows (the rest of it as it was). */
export function cardList<T extends { items: readonly CardSource[] }>(answer: T): CardList<T> {
  return { ...answer, items: answer.items.map(cardRow) };
}
