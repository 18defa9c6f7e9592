import { describe, expect, it } from 'vitest';
import { streetAddress } from './street.js';

describe('streetAddress', () => {
  it('takes off the parts that repeat the locality', () => {
    expect(streetAddress('Moda Cd. No:12, 34710 Kadıköy/İstanbul, Türkiye', { city: 'İstanbul', postalCode: '34710', country: 'Türkiye' })).toBe('Moda Cd. No:12');
    expect(streetAddress('123 Main St, Springfield, IL 62701, USA', { city: 'Springfield', state: 'IL', postalCode: '62701', country: 'United States' })).toBe('123 Main St');
    expect(streetAddress('Tverskaya St, 7, Moscow, Russia, 125009', { city: 'Moscow', postalCode: '125009', country: 'Russia' })).toBe('Tverskaya St, 7');
    expect(streetAddress('Av. Paulista, 1578 - Bela Vista, São Paulo - SP, 01310-200, Brazil', { city: 'São Paulo', postalCode: '01310-200' })).toBe(
      'Av. Paulista, 1578 - Bela Vista',
    );
  });

  it('keeps a one-part address, and everything when nothing repeats the locality', () => {
    expect(streetAddress('Marienplatz 8', { city: 'Munich' })).toBe('Marienplatz 8');
    expect(streetAddress('Unit 5, Industrial Estate', { city: null })).toBe('Unit 5, Industrial Estate');
  });
});
