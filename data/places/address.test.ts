import { describe, expect, it } from 'vitest';
import { normaliseCountry, parseAddress } from './address.js';

describe('parseAddress', () => {
  it('reads US addresses with and without the country', () => {
    expect(parseAddress('123 Main St, Springfield, IL 62701, United States')).toEqual({
      city: 'Springfield', state: 'IL', postalCode: '62701', country: 'United States',
    });
    expect(parseAddress('1600 Amphitheatre Pkwy, Mountain View, CA 94043')).toEqual({
      city: 'Mountain View', state: 'CA', postalCode: '94043', country: 'United States',
    });
    expect(parseAddress('350 5th Ave, New York, NY 10118-0110, USA').country).toBe('United States');
  });

  it('reads Turkish addresses: the city after the slash, no state, the postal code', () => {
    expect(parseAddress('Caferağa Mah. Moda Cd. No:12, 34710 Kadıköy/İstanbul, Türkiye')).toEqual({
      city: 'İstanbul', state: null, postalCode: '34710', country: 'Türkiye',
    });
    expect(parseAddress('Atatürk Blv. 5, 06420 Çankaya/Ankara, Turkey').country).toBe('Türkiye');
    expect(parseAddress('Atatürk Blv. 5, 06420 Çankaya/Ankara')).toMatchObject({ city: 'Ankara', country: 'Türkiye' });
  });

  it('reads European "postcode city, country" addresses', () => {
    expect(parseAddress('Boulevard Haussmann 130, 75009 Paris, France')).toEqual({
      city: 'Paris', state: null, postalCode: '75009', country: 'France',
    });
    expect(parseAddress('Unter den Linden 77, 10117 Berlin, Deutschland')).toMatchObject({ city: 'Berlin', country: 'Germany' });
    expect(parseAddress('Damrak 1, 1012 LG Amsterdam, Netherlands')).toMatchObject({ city: 'Amsterdam', postalCode: '1012 LG' });
    expect(parseAddress('10 Downing St, London SW1A 2AA, UK')).toEqual({
      city: 'London', state: null, postalCode: 'SW1A 2AA', country: 'United Kingdom',
    });
  });

  it('reads a Canadian province and postcode', () => {
    expect(parseAddress('1 King St W, Toronto, ON M5H 1A1, Canada')).toEqual({
      city: 'Toronto', state: 'ON', postalCode: 'M5H 1A1', country: 'Canada',
    });
  });

  it('takes a country it does not know by name after a postcode and city', () => {
    expect(parseAddress('Kenyatta Ave 1, 00100 Nairobi, Kenia')).toMatchObject({ city: 'Nairobi', country: 'Kenia' });
  });

  it('leaves parts null rather than guess', () => {
    expect(parseAddress('Somewhere')).toEqual({ city: null, state: null, postalCode: null, country: null });
    expect(parseAddress('221 Baker Street, Marylebone')).toEqual({ city: null, state: null, postalCode: null, country: null });
    expect(parseAddress('Rue 1, Paris, France')).toMatchObject({ city: 'Paris', country: 'France' });
  });
});

describe('normaliseCountry', () => {
  it('folds the usual variants to one name', () => {
    for (const v of ['USA', 'US', 'U.S.A.', 'United States of America', 'united states']) expect(normaliseCountry(v)).toBe('United States');
    for (const v of ['Turkey', 'TÜRKİYE', 'Türkiye', 'TR', 'turkiye']) expect(normaliseCountry(v)).toBe('Türkiye');
    expect(normaliseCountry('UK')).toBe('United Kingdom');
    expect(normaliseCountry('  Narnia ')).toBe('Narnia');
  });
});
