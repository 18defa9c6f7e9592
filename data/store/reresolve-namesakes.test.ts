/** A database where towns of one name were merged (as imports before the fix left it), re-resolved. */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { reresolvePlaces } from './reresolve.js';
import { countDrift } from './load.fixtures.js';
import { NAMESAKES, SPOTS } from '../places/namesakes.fixtures.js';

const t = useTestDb();
beforeAll(async () => {
  // The first row had state IL, so the city row took it, with Missouri's place and coordinates.
  const [merged] = await t.db('cities')
    .insert({ name: 'Springfield', state: 'IL', country: 'United States', country_code: 'US', slug: 'springfield', geoname_id: NAMESAKES.springfieldMO,
      latitude: 37.21533, longitude: -93.29824, alt_names: '|springfield|', business_count: 3 })
    .returning('id');
  await t.db('countries').insert({ name: 'United States', slug: 'united-states', code: 'US', business_count: 3 });
  const row = (name: string, address: string, extra: Record<string, unknown>) => ({
    name, slug: name.toLowerCase().replace(/\W+/g, '-'), identity_key: `n:${name}`, address, city_id: merged.id, country: 'United States', country_code: 'US', ...extra,
  });
  await t.db('businesses').insert([
    row('Lincoln Deli', '1 Main St', { state: 'IL', latitude: 37.21533, longitude: -93.29824, coordinates_approximate: true }),
    row('Prairie Pies', '9 Oak St', { ...SPOTS.springfieldIL, coordinates_approximate: false }),
    row('Ozark Grill', '123 Main St, Springfield, MO 65806, United States', { state: 'MO', postal_code: '65806', latitude: 37.21533, longitude: -93.29824, coordinates_approximate: true }),
  ]);
});

const townOf = async (name: string) =>
  (await t.db('businesses as b').join('cities as c', 'c.id', 'b.city_id').where('b.name', name).first('c.geoname_id', 'b.slug')) as { geoname_id: number; slug: string };

describe('re-resolving towns of one name merged by an earlier import', () => {
  it("moves each business to its own town by its state or its own coordinates, and gives the kept city row its place's state", async () => {
    expect(await reresolvePlaces(t.db)).toMatchObject({ checked: 3, changed: 2 });
    expect(await townOf('Lincoln Deli')).toEqual({ geoname_id: NAMESAKES.springfieldIL, slug: 'lincoln-deli' });
    expect(await townOf('Prairie Pies')).toEqual({ geoname_id: NAMESAKES.springfieldIL, slug: 'prairie-pies' });
    expect(await townOf('Ozark Grill')).toEqual({ geoname_id: NAMESAKES.springfieldMO, slug: 'ozark-grill' });
    const cities = await t.db('cities').orderBy('geoname_id').select('geoname_id', 'state', 'slug', 'business_count', 'latitude');
    expect(cities).toEqual([
      { geoname_id: NAMESAKES.springfieldIL, state: 'IL', slug: 'springfield-il', business_count: 2, latitude: 39.80172 },
      // The slug stays (links to it keep working); its state now is Missouri's.
      { geoname_id: NAMESAKES.springfieldMO, state: 'MO', slug: 'springfield', business_count: 1, latitude: 37.21533 },
    ]);
    expect(await countDrift(t.db)).toBe(0);
  });

  it('changes nothing when run again', async () => {
    expect(await reresolvePlaces(t.db)).toMatchObject({ checked: 3, changed: 0, citiesRemoved: 0 });
  });
});
