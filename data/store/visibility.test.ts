import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { getBusinessBySlug } from '../../db/queries/businesses.js';
import { listBusinessesIn, searchBusinesses } from '../reads/search.js';
import { getCityBySlug } from '../../db/queries/cities.js';
import { countAllBusinesses, getStats } from '../../db/queries/stats.js';
import { openLoader } from './load.js';
import { biz, countDrift } from './load.fixtures.js';
import { setBusinessesActive } from './visibility.js';

describe('hiding and showing businesses', () => {
  const t = useTestDb();
  beforeAll(async () => {
    const loader = await openLoader(t.db, { mode: 'upsert', bulk: false });
    await loader.load([biz({ name: 'Alpha Plumbing' }), biz({ name: 'Beta Plumbing' }), biz({ name: 'Gamma Plumbing' })]);
    await loader.close();
  });

  const idOf = async (name: string) => (await t.db('businesses').where({ name }).first('id')).id as number;
  const countsAreExact = async () => (await countDrift(t.db)) === 0;

  it('takes a hidden business off every public read and count, and keeps it for the admin', async () => {
    const beta = await idOf('Beta Plumbing');
    expect(await setBusinessesActive(t.db, [beta], false)).toBe(1);
    expect(await setBusinessesActive(t.db, [beta], false)).toBe(0);
    expect(await getBusinessBySlug(t.db, 'beta-plumbing')).toBeNull();
    const city = (await getCityBySlug(t.db, 'austin'))!;
    expect(city.businessCount).toBe(2);
    const listed = await listBusinessesIn(t.db, { cityId: city.id });
    expect(listed.pagination.total).toBe(2);
    expect(listed.items.map((b) => b.name)).not.toContain('Beta Plumbing');
    expect((await searchBusinesses(t.db, { q: 'beta' })).pagination.total).toBe(0);
    expect((await getStats(t.db)).totalBusinesses).toBe(2);
    expect(await countAllBusinesses(t.db)).toBe(3);
    expect(await countsAreExact()).toBe(true);
  });

  it('brings a shown business back everywhere, counts following', async () => {
    const beta = await idOf('Beta Plumbing');
    expect(await setBusinessesActive(t.db, [beta], true)).toBe(1);
    expect((await getBusinessBySlug(t.db, 'beta-plumbing'))?.name).toBe('Beta Plumbing');
    expect((await getCityBySlug(t.db, 'austin'))!.businessCount).toBe(3);
    expect((await getStats(t.db)).totalBusinesses).toBe(3);
    expect(await countsAreExact()).toBe(true);
  });

  it('keeps a hidden business out of the counts when an import updates it', async () => {
    const gamma = await idOf('Gamma Plumbing');
    await setBusinessesActive(t.db, [gamma], false);
    const loader = await openLoader(t.db, { mode: 'upsert', bulk: false });
    const counts = await loader.load([biz({ name: 'Gamma Plumbing', city: 'Dallas', rating: 3 })]);
    await loader.close();
    expect(counts.updated).toBe(1);
    expect((await getCityBySlug(t.db, 'austin'))!.businessCount).toBe(2);
    expect((await getCityBySlug(t.db, 'dallas'))!.businessCount).toBe(0);
    expect(await countsAreExact()).toBe(true);
  });
});
