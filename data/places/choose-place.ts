/**
 * Which of several places of one name a row means (Springfield, Illinois or Missouri; Portland,
 * Oregon or Maine; Paris, France or Texas; Córdoba, Spain or Argentina). The row's own facts
 * decide, strongest first: its coordinates, the state it names, its ZIP code's state, a state
 * abbreviation anywhere in the address; only when it carries none is the most populous meant.
 */
import type { Coordinates } from './coordinates.js';
import { distanceKm, worldCities, placeAt, type Place } from './gazetteer.js';
import { usState, zipState } from './us-states.js';

/** A business this far from a place's centre can still be in it (a city and its suburbs). */
export const NEAR_KM = 50;

export interface PlaceHints {
  /** The business's own spot (latitude/longitude columns or its Maps link). */
  coordinates?: Coordinates | null;
  /** The state the row names: its column, or the address beside the city. */
  state?: string | null;
  postalCode?: string | null;
  /** Every word of the address (asked for only when nothing else decides): a state abbreviation among them is the weakest hint. */
  words?: () => ReadonlySet<string>;
}

/** The place of `places` (one name, most populous first) within NEAR_KM of the spot, nearest first. */
export function nearestPlace(places: Place[], spot: Coordinates): Place | null {
  let best: Place | null = null;
  let bestKm = NEAR_KM;
  for (const p of places) {
    const km = distanceKm(p, spot);
    if (km <= bestKm) [best, bestKm] = [p, km];
  }
  return best;
}

/**
 * The place the row means among `places`, or null when its facts rule every one out: a US state
 * that none of them is in names another town of that name, one the gazetteer does not know, and
 * a guess would file the business, and its city row, under the wrong state.
 */
export function choosePlace(places: Place[], hints: PlaceHints, ownState: string | null = null): Place | null {
  if (!places.length) return null;
  // Coordinates far from every candidate say nothing about which: the place may be too small for
  // the gazetteer, or the pin misplaced; the other facts still decide.
  const near = hints.coordinates ? nearestPlace(places, hints.coordinates) : null;
  if (near) return near;
  if (places[0].countryCode !== 'US') return places[0];
  const state = usState(hints.state ?? ownState);
  if (state) return places.find((p) => p.admin1 === state) ?? null;
  // A ZIP code of another state is more likely a typing slip than a town the gazetteer lacks.
  const zip = zipState(hints.postalCode);
  const byZip = zip ? places.find((p) => p.admin1 === zip) : undefined;
  if (byZip) return byZip;
  if (places.length === 1 || !hints.words) return places[0];
  const words = hints.words();
  return places.find((p) => words.has(p.admin1)) ?? places[0];
}

/** The place's own state where GeoNames names it as people write it (the US abbreviations). */
export const placeState = (place: { countryCode: string; admin1?: string }): string | null =>
  place.countryCode === 'US' && place.admin1 !== undefined && /^[A-Z]{2}$/.test(place.admin1) ? place.admin1 : null;

/** The world's big cities in one-degree cells, for the country of a spot that names none. */
let grid: Map<string, Place[]> | undefined;
const cellOf = (lat: number, lon: number) => `${Math.floor(lat)}:${Math.floor(lon)}`;

/**
 * The country of the big city (100,000 people or more) nearest a spot, within about 200 km; null
 * when there is none that close (open sea, a thinly peopled land). Only a hint: a town's own
 * gazetteer entry must still be found near the spot.
 */
export function countryNear(spot: Coordinates): string | null {
  if (!grid) {
    const world = worldCities();
    grid = new Map();
    for (let i = 0; i < world.size; i++) {
      const p = placeAt(world, i);
      const key = cellOf(p.latitude, p.longitude);
      grid.set(key, [...(grid.get(key) ?? []), p]);
    }
  }
  let best: Place | null = null;
  let bestKm = 200;
  for (let dLat = -2; dLat <= 2; dLat++) {
    for (let dLon = -3; dLon <= 3; dLon++) {
      for (const p of grid.get(cellOf(spot.latitude + dLat, spot.longitude + dLon)) ?? []) {
        const km = distanceKm(p, spot);
        if (km < bestKm) [best, bestKm] = [p, km];
      }
    }
  }
  return best?.countryCode ?? null;
}
