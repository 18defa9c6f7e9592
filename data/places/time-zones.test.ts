import { describe, expect, it } from 'vitest';
import { zoneNear } from './time-zones.js';

describe('zoneNear', () => {
  it("takes the nearest zoned place's zone of the country where the city has coordinates", () => {
    expect(zoneNear('US', 40.7, -74)).toBe('America/New_York');
    expect(zoneNear('US', 34.05, -118.24)).toBe('America/Los_Angeles');
    expect(zoneNear('RU', 43.1, 131.9)).toBe('Asia/Vladivostok');
  });

  it("takes the zone nearly every one of the country lives in, and none in a country of several zones", () => {
    expect(zoneNear('DE')).toBe('Europe/Berlin');
    expect(zoneNear('TR')).toBe('Europe/Istanbul');
    expect(zoneNear('US')).toBeNull();
    expect(zoneNear('ES')).toBeNull(); // the Canaries
    expect(zoneNear('XX')).toBeNull();
    expect(zoneNear(null)).toBeNull();
  });
});
