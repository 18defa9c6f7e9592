import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { readDataChanges, readDataVersion } from '../data-version.js';
import { down, up } from './20261218Y-record-country-of-changes.js';

describe('migration 20261218Y: the country of each business and city a statement changes', () => {
  const t = useTestDb();

  /** The `ly:` keys `write` recorded. */
  async function countriesOf(write: () => Promise<unknown>): Promise<string[]> {
    const before = BigInt((await readDataVersion(t.db))!.version);
    await write();
    const changed = await readDataChanges(t.db, before, BigInt((await readDataVersion(t.db))!.version));
    return [...changed!].filter((k) => k.startsWith('ly:'));
  }

  it("records `ly:` of a business's country and its city's, none after its down, and again after its up", async () => {
    const [germany] = await t.db('countries').insert({ name: 'Germany', slug: 'germany' }).returning('id');
    const [city] = await t.db('cities').insert({ name: 'Berlin', slug: 'berlin', country: 'Germany' }).returning('id');
    await t.db('businesses').insert({ name: 'Alpha', slug: 'alpha', address: 'Torstraße 1', identity_key: 'n:alpha', city_id: city.id });
    const edit = (name: string) => () => t.db('businesses').where({ slug: 'alpha' }).update({ name });
    const recount = () => t.db('cities').where({ id: city.id }).increment('business_count', 1);
    expect([await countriesOf(edit('Alpha 1')), await countriesOf(recount)]).toEqual([[`ly:${germany.id}`], [`ly:${germany.id}`]]);
    await down(t.db);
    expect([await countriesOf(edit('Alpha 2')), await countriesOf(recount)]).toEqual([[], []]);
    expect(await t.db.raw(`SELECT 1 FROM pg_proc WHERE proname = 'rehber_country_keys'`).then((r) => r.rows)).toEqual([]);
    await up(t.db);
    expect([await countriesOf(edit('Alpha 3')), await countriesOf(recount)]).toEqual([[`ly:${germany.id}`], [`ly:${germany.id}`]]);
  });
});
