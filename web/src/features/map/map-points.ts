/**
 * The pure side of the map: which businesses it can place, and the "Search this area" link for a
 * view. No map library here: these run in the server render and in unit tests.
 */
import type { Business } from '@domain/types';
import { paths } from '@/config/paths';

export interface LatLng {
  lat: number;
  lng: number;
}

/** What a marker needs of a business (and what its card shows). */
export type MapBusiness = Pick<Business, 'id' | 'name' | 'slug' | 'rating' | 'reviewCount' | 'latitude' | 'longitude' | 'coordinatesApproximate'>;

export interface MapPoint extends LatLng {
  business: MapBusiness;
}

const onEarth = (lat: number | null, lng: number | null): boolean =>
  lat !== null && lng !== null && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/** The businesses that have coordinates, as points; those without are left to the list. */
export function mapPoints(businesses: readonly MapBusiness[]): MapPoint[] {
  return businesses.filter((b) => onEarth(b.latitude, b.longitude)).map((b) => ({ lat: b.latitude!, lng: b.longitude!, business: b }));
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * `/search?near=<lat>,<lng>&radius=<km>` for a view: its centre, and the distance from the centre to
 * a corner (half the diagonal) so the circle searched covers everything the visitor sees. Five
 * decimals of a degree are about a metre; the radius is rounded up to a tenth of a km.
 */
export function searchAreaPath(center: LatLng, corner: LatLng): string {
  const lng = ((((center.lng + 180) % 360) + 360) % 360) - 180;
  const radius = Math.max(0.1, Math.ceil(distanceKm(center, corner) * 10) / 10);
  // Numbers only, so the comma is written as is, as a visitor would type it.
  return `${paths.search()}?near=${center.lat.toFixed(5)},${lng.toFixed(5)}&radius=${radius}`;
}
