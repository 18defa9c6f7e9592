import { describe, expect, it } from 'vitest';
import { coordinatesFromLink } from './coordinates.js';

describe('coordinatesFromLink', () => {
  it('reads the pin of a Google Maps place link before the map centre', () => {
    const link = 'https://www.google.com/maps/place/Hagia+Sophia/@41.0085,28.9780,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d41.008583!4d28.980175';
    expect(coordinatesFromLink(link)).toEqual({ latitude: 41.008583, longitude: 28.980175 });
  });

  it('reads the centre of an /@lat,lng,zoom link and a ?q=lat,lng link', () => {
    expect(coordinatesFromLink('https://www.google.com/maps/@-33.8568,151.2153,15z')).toEqual({ latitude: -33.8568, longitude: 151.2153 });
    expect(coordinatesFromLink('https://maps.google.com/?q=40.7128,-74.0060')).toEqual({ latitude: 40.7128, longitude: -74.006 });
  });

  it('gives null for links without coordinates and for impossible ones', () => {
    expect(coordinatesFromLink('https://maps.google.com/?cid=123456')).toBeNull();
    expect(coordinatesFromLink('https://www.google.com/maps/@95.1,10.2,15z')).toBeNull();
    expect(coordinatesFromLink(null)).toBeNull();
  });
});
