/**
 * A business's own coordinates out of its Google Maps link. The '!3d<lat>!4d<lng>' pair is the
 * place's pin; '/@<lat>,<lng>,<zoom>z' is where the map was centred, read only when there is no pin.
 */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

const NUMBER = '(-?\\d{1,3}(?:\\.\\d+)?)';
const PIN = new RegExp(`!3d${NUMBER}!4d${NUMBER}`);
const CENTRE = new RegExp(`/@${NUMBER},${NUMBER}(?:,|$|/)`);
const QUERY = new RegExp(`[?&](?:q|query|ll|center)=${NUMBER}(?:,|%2C)${NUMBER}(?:&|$)`);

/** The coordinates a Maps link carries, or null when it carries none (or impossible ones). */
export function coordinatesFromLink(link: string | null): Coordinates | null {
  if (!link) return null;
  for (const pattern of [PIN, CENTRE, QUERY]) {
    const m = pattern.exec(link);
    if (!m) continue;
    const latitude = Number(m[1]);
    const longitude = Number(m[2]);
    if (Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 && !(latitude === 0 && longitude === 0)) return { latitude, longitude };
  }
  return null;
}
