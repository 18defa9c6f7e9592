import { describe, expect, it } from 'vitest';
import { distanceKm, mapPoints, searchAreaPath, type MapBusiness } from './map-points';

const business = (id: number, latitude: number | null, longitude: number | null): MapBusiness => ({
  id,
  name: `B${id}`,
  slug: `b${id}`,
  rating: 4,
  reviewCount: 3,
  latitude,
  longitude,
  coordinatesApproximate: false,
});

describe('mapPoints', () => {
  it('places the businesses with coordinates on earth and leaves the others to the list', () => {
    const points = mapPoints([business(1, 41.01, 28.97), business(2, null, null), business(3, 91, 0), business(4, 0, 0)]);
    expect(points.map((p) => [p.business.id, p.lat, p.lng])).toEqual([
      [1, 41.01, 28.97],
      [4, 0, 0],
    ]);
  });
});

describe('searchAreaPath', () => {
  it('links to /search with the view centre and its half-diagonal as the radius in km', () => {
    // One degree of latitude is 111.2 km.
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.2, 1);
    expect(searchAreaPath({ lat: 41.0082, lng: 28.9784 }, { lat: 41.0182, lng: 28.9784 })).toBe('/search?near=41.00820,28.97840&radius=1.2');
  });

  it('wraps a longitude past the antimeridian and never asks for a zero radius', () => {
    expect(searchAreaPath({ lat: 10, lng: 190 }, { lat: 10, lng: 190 })).toBe('/search?near=10.00000,-170.00000&radius=0.1');
  });
});
