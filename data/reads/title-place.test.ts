import { describe, expect, it } from 'vitest';
import { titlePlace } from './title-place.js';
import { businessMeta } from '../../domain/page-meta.js';

describe('titles made unique', () => {
  const place = (address: string, district: string | null = null, postalCode: string | null = null) => ({ address, district, postalCode, state: null, country: 'Türkiye' });
  const ankara = { name: 'Ankara' };

  it('adds nothing to a name that is its own in its city', () => {
    expect(titlePlace({ ...place('İstiklal Cd. No:110, 73902 Keçiören/Ankara, Türkiye', 'Keçiören'), city: ankara }, [])).toBeNull();
  });
  it('adds the district when the namesakes are in other districts', () => {
    expect(titlePlace({ ...place('A Sk. 1, Çankaya/Ankara, Türkiye', 'Çankaya'), city: ankara }, [place('B Sk. 2, Keçiören/Ankara, Türkiye', 'Keçiören')])).toBe('Çankaya');
  });
  it('adds the street when a namesake shares the district (or there is none)', () => {
    const mine = { ...place('İstiklal Cd. No:110, 73902 Keçiören/Ankara, Türkiye', 'Keçiören', '73902'), city: ankara };
    expect(titlePlace(mine, [place('Cumhuriyet Cd. No:35, 45340 Keçiören/Ankara, Türkiye', 'Keçiören', '45340')])).toBe('İstiklal Cd. No:110');
    expect(titlePlace({ ...place('116 Maple Dr, Boston, MA 53382, United States'), city: { name: 'Boston' } }, [place('123 Sunset Blvd, Boston, MA 34705, United States')])).toBe('116 Maple Dr');
  });
  it('gives each of a set of namesakes a different title', () => {
    const all = [place('Main St 1, Berlin', 'Mitte'), place('Main St 2, Berlin', 'Mitte'), place('Main St 3, Berlin', 'Pankow'), place('Main St 3, 10115 Berlin', null, '10115')];
    const titles = all.map((p, i) => businessMeta({ name: 'X', slug: `x${i}`, about: null, address: p.address, category: null, city: { name: 'Berlin' }, titlePlace: titlePlace({ ...p, city: { name: 'Berlin' } }, all.filter((_, j) => j !== i)) }).title);
    expect(new Set(titles).size).toBe(all.length);
    expect(titles[0]).toBe('X (Main St 1) - in Berlin | rehber');
  });
});
