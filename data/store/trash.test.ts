import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { getBusinessByOtherSlug, getBusinessBySlug } from '../../db/queries/businesses.js';
import { listBusinessesIn, searchBusinesses } from '../reads/search.js';
import { getCityBySlug } from '../../db/queries/cities.js';
import { getStats } from '../../db/queries/stats.js';
import { countSource, readSource } from '../../db/queries/sitemaps.js';
import { listTrash } from '../../db/queries/trash.js';
import { openLoader } from './load.js';
import { biz, countDrift } from './load.fixtures.js';
import { editBusiness } from './business-writes.js';
import { mergeGroup } from './group-writes.js';
import { setBusinessesActive } from './visibility.js';
import { purgeBusinesses, restoreBusinesses, sweepTrash, trashBusinesses } from './trash.js';

describe('the trash: delete, restore, delete for good, retention', () => {
  const t = useTestDb();
  beforeAll(async () => {
    const loader = await openLoader(t.db, { mode: 'upsert', bulk: false });
    await loader.load([
      biz({ name: 'Alpha Plumbing' }),
      biz({ name: 'Beta Plumbing', phone: '+1 512 555 0100', services: ['Drains'], about: 'Pipes fixed fast', placeId: 'B1' }),
      biz({ name: 'Gamma Plumbing', city: 'Dallas' }),
    ]);
    await loader.close();
  });

  const idOf = async (name: string) => Number((await t.db('businesses').where({ name }).first('id')).id);
  const rowOf = (id: number) => t.db('businesses').where({ id }).first();
  const facets = () => t.db('business_facets').where('n', '>', 0).orderBy(['city_id', 'category_id', 'rating_floor']).select();
  const sitemapSlugs = () =>
    t.db.transaction(async (trx) => {
      const slugs: string[] = [];
      for await (const rows of readSource(trx, 'businesses', 100)) slugs.push(...rows.map((r) => r.slug));
      return slugs;
    });
  // The live business and the facets just before the first delete, for the restore to bring back.
  let liveRow: Record<string, unknown>;
  let liveFacets: unknown[];
  const austinCount = async () => (await getCityBySlug(t.db, 'austin'))!.businessCount;

  it('moves a deleted business to the trash: gone from every public read, count and sitemap, listed with who deleted it', async () => {
    const beta = await idOf('Beta Plumbing');
    await editBusiness(t.db, beta, { fields: {}, slug: 'beta-plumbing-austin' }, 'admin');
    expect(await getBusinessByOtherSlug(t.db, 'beta-plumbing')).not.toBeNull();
    const city = (await getCityBySlug(t.db, 'austin'))!;
    expect(city.businessCount).toBe(2);
    liveRow = await rowOf(beta);
    liveFacets = await facets();

    expect(await trashBusinesses(t.db, [beta], 'admin')).toBe(1);
    expect(await trashBusinesses(t.db, [beta], 'admin')).toBe(0);
    expect(await rowOf(beta)).toBeUndefined();
    expect(await getBusinessBySlug(t.db, 'beta-plumbing-austin')).toBeNull();
    // Its former slug redirects nowhere while it is in the trash.
    expect(await getBusinessByOtherSlug(t.db, 'beta-plumbing')).toBeNull();
    expect(await austinCount()).toBe(1);
    expect((await listBusinessesIn(t.db, { cityId: city.id })).pagination.total).toBe(1);
    expect((await searchBusinesses(t.db, { q: 'beta' })).pagination.total).toBe(0);
    expect((await getStats(t.db)).totalBusinesses).toBe(2);
    expect(await countSource(t.db, 'businesses')).toBe(2);
    expect(await sitemapSlugs()).not.toContain('beta-plumbing-austin');
    expect((await facets()).reduce((n, f) => n + f.n, 0)).toBe(2);
    expect(await countDrift(t.db)).toBe(0);

    const trash = await listTrash(t.db, { page: 1, limit: 20 });
    expect(trash.entries).toEqual([{ id: beta, name: 'Beta Plumbing', slug: 'beta-plumbing-austin', city: 'Austin', deletedAt: expect.any(String), deletedBy: 'admin' }]);
    expect((await listTrash(t.db, { page: 1, limit: 20, search: 'BETA' })).pagination.total).toBe(1);
    expect((await listTrash(t.db, { page: 1, limit: 20, search: 'alpha' })).pagination.total).toBe(0);
    expect((await listTrash(t.db, { page: 1, limit: 20, search: '%' })).pagination.total).toBe(0);
  });

  it('restores it exactly: same id, slug, values, search document, former slug, counts and facets', async () => {
    const beta = Number((await t.db('trashed_businesses').first('business_id')).business_id);
    expect(await restoreBusinesses(t.db, [beta], 'admin')).toBe(1);
    expect(await rowOf(beta)).toEqual(liveRow);
    expect(liveRow).toMatchObject({ name: 'Beta Plumbing', slug: 'beta-plumbing-austin', phone: '+1 512 555 0100', place_id: 'B1', services: ['Drains'] });
    expect(liveRow.search_vector).toContain("'beta'");
    expect((await getBusinessBySlug(t.db, 'beta-plumbing-austin'))?.id).toBe(beta);
    expect((await getBusinessByOtherSlug(t.db, 'beta-plumbing'))?.id).toBe(beta);
    expect((await searchBusinesses(t.db, { q: 'pipes' })).items.map((b) => b.id)).toEqual([beta]);
    expect(await austinCount()).toBe(2);
    expect(await sitemapSlugs()).toContain('beta-plumbing-austin');
    expect(await facets()).toEqual(liveFacets);
    expect((await facets()).reduce((n, f) => n + f.n, 0)).toBe(3);
    expect(await countDrift(t.db)).toBe(0);
    expect(await t.db('trashed_businesses').select()).toEqual([]);
    const log = await t.db('business_versions').where({ business_id: beta }).orderBy('id').pluck('action');
    expect(log.slice(-3)).toEqual(['edit', 'delete', 'restore']);
  });

  it('refuses a restore whose place id or address was taken since, naming it, and changes nothing', async () => {
    const beta = await idOf('Beta Plumbing');
    await trashBusinesses(t.db, [beta], 'admin');
    const loader = await openLoader(t.db, { mode: 'upsert', bulk: false });
    await loader.load([biz({ name: 'Beta Plumbing Again', placeId: 'B1' })]);
    await loader.close();
    const again = await idOf('Beta Plumbing Again');
    await expect(restoreBusinesses(t.db, [beta], 'admin')).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^Cannot restore Beta Plumbing: Beta Plumbing Again \(.+\) now has its place id/),
    });
    await trashBusinesses(t.db, [again], 'admin');

    const alpha = await idOf('Alpha Plumbing');
    await editBusiness(t.db, alpha, { fields: {}, slug: 'beta-plumbing-austin' }, 'admin');
    await expect(restoreBusinesses(t.db, [beta], 'admin')).rejects.toMatchObject({
      status: 409,
      message: 'Cannot restore Beta Plumbing: its address beta-plumbing-austin is now used by Alpha Plumbing (beta-plumbing-austin)',
    });
    // All or nothing: the restorable one of the two stays in the trash too.
    await expect(restoreBusinesses(t.db, [again, beta], 'admin')).rejects.toMatchObject({ status: 409 });
    expect(await rowOf(beta)).toBeUndefined();
    expect(await rowOf(again)).toBeUndefined();
    expect((await listTrash(t.db, { page: 1, limit: 20 })).entries.map((e) => e.id)).toEqual([again, beta]);
    expect(await countDrift(t.db)).toBe(0);
    await expect(restoreBusinesses(t.db, [999999], 'admin')).rejects.toMatchObject({ status: 404 });
    await editBusiness(t.db, alpha, { fields: {}, slug: 'alpha-plumbing' }, 'admin');
  });

  it('answers a key taken some other way (its id, after a sequence reset) with a 409 too', async () => {
    const again = Number((await t.db('trashed_businesses').where({ name: 'Beta Plumbing Again' }).first('business_id')).business_id);
    await t.db.raw(`INSERT INTO businesses (id, name, slug, address, identity_key) VALUES (?, 'Squatter', 'squatter', '1 Road', 'n:squatter')`, [again]);
    await expect(restoreBusinesses(t.db, [again], 'admin')).rejects.toMatchObject({
      status: 409,
      message: 'Cannot restore Beta Plumbing Again: a business stored since holds one of its keys (businesses_pkey)',
    });
    await t.db('businesses').where({ id: again }).delete();
    expect(await t.db('trashed_businesses').where({ business_id: again }).first()).toBeDefined();
  });

  it('deletes for good only from the trash, and logs it', async () => {
    const again = Number((await t.db('trashed_businesses').where({ name: 'Beta Plumbing Again' }).first('business_id')).business_id);
    const alpha = await idOf('Alpha Plumbing');
    expect(await purgeBusinesses(t.db, [again, alpha], 'admin')).toBe(1);
    expect(await rowOf(alpha)).toBeDefined();
    expect(await t.db('trashed_businesses').where({ business_id: again }).first()).toBeUndefined();
    await expect(restoreBusinesses(t.db, [again], 'admin')).rejects.toMatchObject({ status: 404 });
    expect(await t.db('business_versions').where({ business_id: again }).orderBy('id', 'desc').first('action', 'username')).toEqual({ action: 'purge', username: 'admin' });
  });

  it('restores a business whose city was merged into another while it waited into that city', async () => {
    const gamma = await idOf('Gamma Plumbing');
    await trashBusinesses(t.db, [gamma], 'admin');
    const dallas = await t.db('cities').where({ slug: 'dallas' }).first('id');
    const austin = await t.db('cities').where({ slug: 'austin' }).first('id');
    await mergeGroup(t.db, 'city', dallas.id, austin.id);
    expect(await restoreBusinesses(t.db, [gamma], 'admin')).toBe(1);
    expect((await rowOf(gamma)).city_id).toBe(austin.id);
    expect(await countDrift(t.db)).toBe(0);
  });

  it('makes the city and country again for a business whose were removed for having none left', async () => {
    const loader = await openLoader(t.db, { mode: 'upsert', bulk: false });
    await loader.load([biz({ name: 'Zeta Plumbing', address: '1 King St, Toronto, ON, Canada', city: 'Toronto', state: 'ON', country: 'Canada', countryCode: 'CA' })]);
    await loader.close();
    const zeta = await idOf('Zeta Plumbing');
    await trashBusinesses(t.db, [zeta], 'admin');
    // What re-resolution does at its end.
    await t.db.raw('DELETE FROM cities c WHERE NOT EXISTS (SELECT 1 FROM businesses b WHERE b.city_id = c.id)');
    await t.db.raw('DELETE FROM countries c WHERE NOT EXISTS (SELECT 1 FROM businesses b WHERE b.country = c.name)');
    expect(await getCityBySlug(t.db, 'toronto')).toBeNull();
    expect(await restoreBusinesses(t.db, [zeta], 'admin')).toBe(1);
    const city = (await getCityBySlug(t.db, 'toronto'))!;
    expect([city.name, city.businessCount, (await rowOf(zeta)).city_id]).toEqual(['Toronto', 1, city.id]);
    expect(await t.db('countries').where({ name: 'Canada' }).first('business_count')).toEqual({ business_count: 1 });
    expect(await countDrift(t.db)).toBe(0);
  });

  it('keeps one trashing or restoring of the same business when two run at once', async () => {
    const gamma = await idOf('Gamma Plumbing');
    const trashed = await Promise.all([trashBusinesses(t.db, [gamma], 'a'), trashBusinesses(t.db, [gamma], 'b')]);
    expect(trashed.sort()).toEqual([0, 1]);
    const restored = await Promise.allSettled([restoreBusinesses(t.db, [gamma], 'a'), restoreBusinesses(t.db, [gamma], 'b')]);
    expect(restored.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await countDrift(t.db)).toBe(0);
    expect((await facets()).reduce((n, f) => n + f.n, 0)).toBe(3);
  });

  it('keeps a hidden business hidden and out of the counts through the trash and back', async () => {
    const gamma = await idOf('Gamma Plumbing');
    await setBusinessesActive(t.db, [gamma], false);
    const before = await rowOf(gamma);
    await trashBusinesses(t.db, [gamma], 'admin');
    expect(await countDrift(t.db)).toBe(0);
    await restoreBusinesses(t.db, [gamma], 'admin');
    expect(await rowOf(gamma)).toEqual(before);
    expect(await countDrift(t.db)).toBe(0);
    await setBusinessesActive(t.db, [gamma], true);
  });

  it('keeps entries 30 days, then the next sweep purges them', async () => {
    const [alpha, gamma] = [await idOf('Alpha Plumbing'), await idOf('Gamma Plumbing')];
    await trashBusinesses(t.db, [alpha, gamma], 'admin');
    await t.db('trashed_businesses').where({ business_id: alpha }).update({ deleted_at: t.db.raw(`now() - interval '31 days'`) });
    await t.db('trashed_businesses').where({ business_id: gamma }).update({ deleted_at: t.db.raw(`now() - interval '29 days'`) });
    expect(await sweepTrash(t.db)).toBe(1);
    const left = (await listTrash(t.db, { page: 1, limit: 20 })).entries.map((e) => e.id);
    expect(left).toContain(gamma);
    expect(left).not.toContain(alpha);
    expect(await t.db('business_versions').where({ business_id: alpha }).orderBy('id', 'desc').first('action')).toEqual({ action: 'expire' });
  });
});
