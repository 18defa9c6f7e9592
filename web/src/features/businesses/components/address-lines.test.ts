import { describe, expect, it } from 'vitest';
import { addressLines } from './address-lines';

describe('addressLines', () => {
  it('does not repeat a postal code, city or country the address already names', () => {
    expect(addressLines({ address: 'Moda Cd. 12, 34710 Kadıköy/İstanbul, Türkiye', postalCode: '34710', country: 'Türkiye', city: { name: 'İstanbul' } })).toEqual([
      'Moda Cd. 12, 34710 Kadıköy/İstanbul, Türkiye',
    ]);
    expect(addressLines({ address: '5 Main St, Springfield, IL 62701, united states', postalCode: '62701', country: 'United States', city: { name: 'Springfield' } })).toEqual([
      '5 Main St, Springfield, IL 62701, united states',
    ]);
  });

  it('adds the parts the address leaves out', () => {
    expect(addressLines({ address: 'Moda Cd. 12', postalCode: '34710', country: 'Türkiye', city: { name: 'Istanbul' } })).toEqual(['Moda Cd. 12', '34710 Istanbul', 'Türkiye']);
    expect(addressLines({ address: 'Moda Cd. 12, Istanbul', postalCode: null, country: null, city: { name: 'İstanbul' } })).toEqual(['Moda Cd. 12, Istanbul']);
  });

  it('matches whole words only: a postal code inside a longer number is still shown', () => {
    expect(addressLines({ address: 'Building 347100', postalCode: '34710', country: null, city: null })).toEqual(['Building 347100', '34710']);
  });
});
