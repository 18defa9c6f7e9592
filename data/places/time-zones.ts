/**
 * A city's time zone when the gazetteer gives it none (a city it does not know, or a place without a
 * zone), so its businesses still get an open-now status: the zone of the nearest zoned place of the
 * same country when the city has coordinates; without them, the zone nearly everyone of the country
 * lives in (ZONE_SHARE of its places' people), else none (the United States, Russia, Spain with the
 * Canaries: a guess there would be hours off for part of the country).
 */
import { countryPlaces } from './gazetteer.js';

/** The share of a country's people one zone must hold to be the zone of a city without coordinates. */
const ZONE_SHARE = 0.99;

export function zoneNear(countryCode: string | null | undefined, latitude?: number | null, longitude?: number | null): string | null {
  if (!countryCode) return null;
  const { size, columns } = countryPlaces(countryCode);
  if (latitude != null && longitude != null) {
    // Nearest by the equirectangular approximation: enough to rank places of one country.
    const cos = Math.cos((latitude * Math.PI) / 180);
    let best: string | null = null;
    let bestDistance = Infinity;
    for (let i = 0; i < size; i++) {
      const zone = columns.timeZones[i];
      if (!zone) continue;
      const dLat = columns.latitudes[i] - latitude;
      const dLon = (((columns.longitudes[i] - longitude + 540) % 360) - 180) * cos;
      const d = dLat * dLat + dLon * dLon;
      if (d < bestDistance) [best, bestDistance] = [zone, d];
    }
    return best;
  }
  const people = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < size; i++) {
    const zone = columns.timeZones[i];
    if (!zone) continue;
    people.set(zone, (people.get(zone) ?? 0) + columns.populations[i]);
    total += columns.populations[i];
  }
  for (const [zone, n] of people) if (total > 0 && n >= ZONE_SHARE * total) return zone;
  return null;
}
