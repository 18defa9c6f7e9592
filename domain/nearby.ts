/**
 * "Near a point", shared by the server and the web client: the `near=<lat>,<lng>` and
 * `radius=<km>` query parameters of a public list, and how a distance is written on a card.
 * Pure: no I/O.
 */

/** A point in decimal degrees. */
export interface GeoPoint {
  lat: number;
  lng: number;
}

/** The radius a list takes, in kilometres. */
export const MIN_RADIUS_KM = 0.1;
export const MAX_RADIUS_KM = 500;
/**
 * A list near a point ranks at most this many of the nearest matches (precise ones first, then
 * those placed at their city's centre); past it the total is this number with `totalCapped`.
 */
export const NEAR_CANDIDATES = 100;
/** Businesses a business page lists under "More nearby". */
export const MORE_NEARBY_LIMIT = 6;

const DEGREES = /^[+-]?(\d{1,3}(\.\d{1,12})?|\.\d{1,12})$/;

/** `41.01,28.97` as a point; null when it is not two decimal degrees in range. */
export function parseNear(text: string | null | undefined): GeoPoint | null {
  if (!text) return null;
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length !== 2 || !parts.every((p) => DEGREES.test(p))) return null;
  const [lat, lng] = parts.map(Number);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** A radius in kilometres from MIN_RADIUS_KM to MAX_RADIUS_KM; null otherwise. */
export function parseRadius(text: string | null | undefined): number | null {
  if (!text || !/^\d*\.?\d+$/.test(text.trim())) return null;
  const km = Number(text);
  return km >= MIN_RADIUS_KM && km <= MAX_RADIUS_KM ? km : null;
}

/**
 * A point as the `near` parameter writes it: five decimals (about a metre), so the same spot asked
 * twice is one URL and one cache key, and a visitor's position is not given to the metre.
 */
export const nearParam = ({ lat, lng }: GeoPoint): string => `${round(lat, 5)},${round(lng, 5)}`;

const round = (n: number, digits: number): number => Number(n.toFixed(digits));

/** Countries whose road signs count miles: the United States, the United Kingdom, Liberia, Myanmar. */
const MILE_COUNTRIES = new Set(['US', 'GB', 'LR', 'MM']);

const METRES_PER_MILE = 1609.344;
const FEET_PER_METRE = 3.28084;

/** True where `countryCode` (ISO 3166-1 alpha-2, any case) counts distances in miles. */
export const usesMiles = (countryCode?: string | null): boolean => !!countryCode && MILE_COUNTRIES.has(countryCode.toUpperCase());

/**
 * The radii a visitor picks from on a list near a point, in the page's unit: kilometres, or miles
 * where its country uses them. `radius=` itself is always kilometres, so a mile's choice is its
 * kilometres written out (2 mi is `radius=3.218688`) and any radius from MIN_RADIUS_KM to
 * MAX_RADIUS_KM still works in a URL.
 */
export const RADIUS_STEPS = [1, 2, 5, 10, 25] as const;

export interface RadiusChoice {
  /** The `radius` parameter: kilometres. */
  km: number;
  /** '2 km', '2 mi': written as a card writes a distance (formatDistance). */
  label: string;
}

/** The radius choices in the units of `countryCode`. */
export function radiusChoices(countryCode?: string | null): RadiusChoice[] {
  const metresPerStep = usesMiles(countryCode) ? METRES_PER_MILE : 1000;
  return RADIUS_STEPS.map((n) => ({ km: round((n * metresPerStep) / 1000, 6), label: formatDistance(n * metresPerStep, countryCode) }));
}

/**
 * The units a list near a point offers its radius in: the radius already chosen keeps its own (a
 * mile's choice stays in miles even when the list it leaves is empty), else the country of the
 * list's nearest business, the page's country as far as the list knows it.
 */
export function radiusCountry(radius: number | undefined, nearestCountryCode: string | null | undefined): string | null {
  if (radius !== undefined) {
    if (radiusChoices('US').some((c) => c.km === radius)) return 'US';
    if (radiusChoices(null).some((c) => c.km === radius)) return null;
  }
  return nearestCountryCode ?? null;
}

/**
 * A distance in metres as a card writes it, in the units of `countryCode` (the business's):
 * '850 m', '3.2 km', '12 km'; '500 ft', '0.4 mi', '3.2 mi', '12 mi' where miles are used.
 * Under a kilometre (a tenth of a mile) in tens of metres (feet); under ten in tenths; past it whole.
 */
export function formatDistance(metres: number, countryCode?: string | null): string {
  const m = Math.max(0, metres);
  if (usesMiles(countryCode)) {
    const miles = m / METRES_PER_MILE;
    if (miles < 0.1) return `${Math.max(10, Math.round((m * FEET_PER_METRE) / 10) * 10)} ft`;
    return miles < 10 ? `${round(miles, 1)} mi` : `${Math.round(miles)} mi`;
  }
  if (m < 1000) {
    const tens = Math.max(10, Math.round(m / 10) * 10);
    // 995 m rounds to a thousand: a kilometre.
    if (tens < 1000) return `${tens} m`;
  }
  const km = m / 1000;
  return km < 9.95 ? `${round(km, 1)} km` : `${Math.round(km)} km`;
}
