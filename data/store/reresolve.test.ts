import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { reresolvePlaces } from './reresolve.js';
import { countDrift } from './load.fixtures.js';

const t = useTestDb();
beforeAll(async () => {
  // Stored the way the old layout parser left them: 'CDMX' as a city, Osaka and Sydney in none.
  const [cdmx] = await t.db('cities').insert({ name: 'CDMX', country: 'Mexico', slug: 'cdmx', business_count: 1 }).returning('id');
  await t.db('countries').insert([{ name: 'Mexico', slug: 'mexico', business_count: 1 }]);
  const row = (name: string, address: string, extra: Record<string, unknown> = {}) => ({
    name, slug: name.toLowerCase().replace(/\W+/g, '-'), identity_key: `n:${name}`, address, ...extra,
  });
  await t.db('businesses').insert([
    row('Taqueria', '06000 Ciudad de México, CDMX, Mexico', { city_id: cdmx.id, country: 'Mexico' }),
    row('Opera Bar', 'Bennelong Point, Sydney NSW 2000, Australia', { latitude: -33.8568, longitude: 151.2153 }),
    row('Namba Ramen', '2 Chome-1-1 Shinsaibashisuji, Chuo Ward, Osaka 542-0016, Japan', { is_active: false }),
    row('Nowhere Shop', 'Unit 5, Industrial Estate'),
  ]);
});

const stored = (name: string) =>
  t.db('businesses as b').leftJoin('cities as c', 'c.id', 'b.city_id').where('b.name', name)
    .first('b.slug', 'c.name as city', 'c.slug as city_slug', 'b.district', 'b.country', 'b.country_code', 'b.postal_code', 'b.latitude', 'b.longitude', 'b.coordinates_approximate');

describe('reresolvePlaces', () => {
  it('moves stored businesses to the cities their addresses name, with counts, keeping slugs and own coordinates', async () => {
    const result = await reresolvePlaces(t.db);
    expect(result).toMatchObject({ checked: 4, changed: 3, citiesRemoved: 1 });
    expect(await stored('Taqueria')).toMatchObject({ slug: 'taqueria', city: 'Ciudad de México', country: 'Mexico', country_code: 'MX', coordinates_approximate: true });
    expect(await stored('Opera Bar')).toMatchObject({ city: 'Sydney', country: 'Australia', postal_code: '2000', latitude: -33.8568, coordinates_approximate: false });
    expect(await stored('Namba Ramen')).toMatchObject({ city: 'Osaka', district: 'Chuo Ward', country_code: 'JP' });
    expect(await stored('Nowhere Shop')).toMatchObject({ city: null, country: null });
    // The old 'CDMX' city is gone; the hidden business's city exists but counts nobody.
    expect(await t.db('cities').where({ name: 'CDMX' }).first()).toBeUndefined();
    expect(await t.db('cities').orderBy('name').select('name', 'business_count')).toEqual([
      { name: 'Ciudad de México', business_count: 1 },
      { name: 'Osaka', business_count: 0 },
      { name: 'Sydney', business_count: 1 },
    ]);
    expect(await countDrift(t.db)).toBe(0);
  });

  it('changes nothing when run again', async () => {
    expect(await reresolvePlaces(t.db)).toMatchObject({ checked: 4, changed: 0, citiesRemoved: 0, countriesRemoved: 0 });
  });
});
