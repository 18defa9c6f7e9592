import { describe, expect, it } from 'vitest';
import { resolvePlace } from './resolve.js';
import { countryName } from './countries.js';

const at = (address: string, columns: Omit<Parameters<typeof resolvePlace>[0], 'address'> = {}) => {
  const r = resolvePlace({ address, ...columns });
  return { city: r.place?.name ?? r.city, district: r.district, cc: r.countryCode, postalCode: r.postalCode };
};

describe('resolvePlace', () => {
  it.each([
    ['Bennelong Point, Sydney NSW 2000, Australia', 'Sydney', 'AU', '2000'],
    ['Praça do Comércio, 4000-140 Porto, Portugal', 'Porto', 'PT', '4000-140'],
    ['2 Chome-1-1 Shinsaibashisuji, Chuo Ward, Osaka 542-0016, Japan', 'Osaka', 'JP', '542-0016'],
    ['Av. Paulista, 1578 - Bela Vista, São Paulo - SP, 01310-200, Brazil', 'São Paulo', 'BR', '01310-200'],
    ['Tverskaya St, 7, Moscow, Russia, 125009', 'Moscow', 'RU', '125009'],
    ['1 Sheikh Mohammed bin Rashid Blvd - Downtown Dubai - Dubai - United Arab Emirates', 'Dubai', 'AE', null],
    ['1 Fullerton Rd, Singapore 018956', 'Singapore', 'SG', null],
    ['Av. Juárez 1, Centro, 06000 Ciudad de México, CDMX, Mexico', 'Mexico City', 'MX', '06000'],
  ])('finds the city of the layouts that failed before: %s', (address, city, cc, postalCode) => {
    expect(at(address)).toMatchObject({ city, cc, ...(postalCode ? { postalCode } : {}) });
  });

  it('resolves one place whatever the spelling or script', () => {
    for (const a of ['Marienplatz 8, 80331 München, Deutschland', 'Marienplatz 8, 80331 Munich, Germany', 'Marienplatz 8, 80331 MÜNCHEN, DE']) {
      expect(resolvePlace({ address: a }).place?.id).toBe(2867714);
    }
    expect(at('ул. Тверская, 7, Москва, Россия, 125009')).toMatchObject({ city: 'Moscow', cc: 'RU' });
    expect(at('〒542-0016 大阪府大阪市中央区心斎橋筋1丁目')).toMatchObject({ city: 'Osaka', cc: 'JP', district: '中央区' });
  });

  it('keeps a district beside its city, and lifts a borough named alone to its metropolis', () => {
    expect(at('Çarşı Sk. No:93, 34710 Kadıköy/İstanbul, Türkiye')).toEqual({ city: 'Istanbul', district: 'Kadıköy', cc: 'TR', postalCode: '34710' });
    expect(at('Oranienstr. 1, Kreuzberg, 10997 Berlin, Germany')).toMatchObject({ city: 'Berlin', district: 'Kreuzberg' });
    expect(at('123 Court St, Brooklyn, NY 11201, USA')).toMatchObject({ city: 'New York City', district: 'Brooklyn', cc: 'US' });
    expect(at('Shibuya 2-21-1, Shibuya City, Tokyo 150-0002, Japan')).toMatchObject({ city: 'Tokyo', district: 'Shibuya City' });
  });

  it('finds the same district whether the city comes from a column or from the address', () => {
    const columns = { city: 'İstanbul', country: 'Turkey' };
    expect(at('Çarşı Sk. No:93, 34710 Kadıköy/İstanbul', columns)).toMatchObject({ city: 'Istanbul', district: 'Kadıköy', cc: 'TR' });
    expect(at('Oranienstr. 1, Kreuzberg, 10997 Berlin', { city: 'Berlin', country: 'Germany' })).toMatchObject({ city: 'Berlin', district: 'Kreuzberg' });
    // The address's district counts only when it lies in the column's city.
    expect(at('Çarşı Sk. No:93, 34710 Kadıköy/İstanbul', { city: 'Ankara', country: 'Turkey' })).toMatchObject({ city: 'Ankara', district: null });
    expect(at('Marienplatz 8', { city: 'Munich', country: 'DE' })).toMatchObject({ city: 'Munich', district: null });
  });

  it('uses the country and city columns, and the state to choose between places of one name', () => {
    expect(at('Marienplatz 8', { city: 'Munich', country: 'DE' })).toMatchObject({ city: 'Munich', cc: 'DE' });
    expect(at('Calle 1', { country: 'España', city: 'Córdoba' })).toMatchObject({ cc: 'ES' });
    expect(resolvePlace({ address: 'Calle 1', country: 'Argentina', city: 'Córdoba' }).place?.countryCode).toBe('AR');
    expect(resolvePlace({ address: '1 Main St, Springfield, IL 62701' }).place?.admin1).toBe('IL');
    expect(resolvePlace({ address: '1 Main St, Springfield, MA 01103' }).place?.admin1).toBe('MA');
  });

  it('names the country of an address without one only from an unmistakable city', () => {
    expect(at('Damstraat 1, 1012 AB Amsterdam')).toMatchObject({ city: 'Amsterdam', cc: 'NL' });
    expect(at('Main St, Springfield')).toMatchObject({ city: null, cc: null });
  });

  it('says unknown rather than guessing', () => {
    expect(at('Unit 5, Industrial Estate, United Kingdom')).toMatchObject({ city: null, cc: 'GB' });
    expect(at('Londoner Str. 4, 10115 Berlin')).toMatchObject({ city: 'Berlin' });
    expect(at('Paris Street 5, Springfield, IL 62701, USA')).toMatchObject({ city: 'Springfield' });
  });

  it('reads the address for what the place columns leave empty, and only for that', () => {
    const place = (input: Parameters<typeof resolvePlace>[0]) => {
      const r = resolvePlace(input);
      return [r.city, r.state, r.postalCode, r.country, r.countryCode, r.place?.name ?? null];
    };
    // The state and the postal code from the address, the rest from the columns.
    expect(place({ address: '1 Main St, Springfield, IL 62701, United States', city: 'Springfield', country: 'United States' })).toEqual(['Springfield', 'IL', '62701', 'United States', 'US', 'Springfield']);
    // A postal code after the country: the country's part is taken off the address first.
    expect(place({ address: 'Tverskaya St, 7, Moscow, Russia, 125009', city: 'Moscow', country: 'Russia' })).toEqual(['Moscow', null, '125009', 'Russia', 'RU', 'Moscow']);
    expect(place({ address: 'Çarşı Sk. No:93, 34710 Kadıköy/İstanbul, Türkiye', city: 'İstanbul', country: 'Türkiye' })).toEqual(['İstanbul', null, '34710', 'Türkiye', 'TR', 'Istanbul']);
    // Every column given: the address says nothing, whatever it holds.
    expect(place({ address: 'anything at all', city: 'Austin', state: 'TX', postalCode: '73301', country: 'United States' })).toEqual(['Austin', 'TX', '73301', 'United States', 'US', 'Austin']);
  });

  it('keeps a country the file names that ISO does not know, as written', () => {
    expect(resolvePlace({ address: 'Somewhere 1', country: 'Narnia' })).toMatchObject({ country: 'Narnia', countryCode: null });
  });

  it('gives countries the names visitors know', () => {
    expect([countryName('US'), countryName('TR'), countryName('RU'), countryName('DE')]).toEqual(['United States', 'Türkiye', 'Russia', 'Germany']);
  });
});
