import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/index.js';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { importOpenNowRows } from '../../server/routes/open-now.fixtures.js';
import { openHoursText, zoneOffsets } from '../../domain/open-hours.js';
import { openLoader } from './load.js';
import { biz } from './load.fixtures.js';
import { refreshZoneOffsets } from './zone-offsets.js';
import { waitsOnLock } from './lock-waits.fixtures.js';

/**
 * A server's zone refresh (zone-offsets.ts) beside an import batch that writes businesses into
 * the cities it rewrites, each on a connection of its own: the batch open (its rows written, not
 * committed) while the refresh runs, and the refresh open while the batch runs. Both commit, and
 * every business ends with the hours of its week under its city's offsets as the refresh left
 * them, whether its row came by the import's lane (hours staged from the offsets the loader read)
 * or the usual way (the row trigger's).
 */
describe('a zone refresh beside an import batch of the same cities', () => {
  const t = useTestDb();
  const now = new Date();
  const berlinWeek = { monday: { open: '18:00', close: '01:00' }, saturday: { open: '22:00', close: '02:30' } };
  const nyWeek = { friday: { open: '20:00', close: '03:00' } };
  beforeEach(async () => {
    await t.db.raw('TRUNCATE businesses, cities CASCADE');
    await importOpenNowRows(t.db, [
      ['Spätschicht', 'Kneipe', 'Torstr. 8, 10119 Berlin', 'Berlin', 'Germany', 'Sat 22:00-02:30'],
      ['Late Kneipe', 'Kneipe', '1 Broadway, New York, NY 10004', 'New York', 'United States', 'Sat 22:00-03:00'],
    ]);
    // Offsets another runtime stored (as if Berlin kept +1 and New York -5 all year): the refresh rewrites both.
    await t.db('cities').where({ name: 'Berlin' }).update({ open_offsets: '{60}' });
    await t.db('cities').where({ name: 'New York' }).update({ open_offsets: '{-300}' });
  }, 30_000);

  /** New businesses of both cities (the lane's), placed as the CSV's rows were (their gazetteer places). */
  const batch = async (round: string) => {
    const city = async (name: string) => {
      const c = await t.db('cities').where({ name }).first('name', 'state', 'country', 'geoname_id', 'country_code', 'latitude', 'longitude');
      return { city: c.name, state: c.state, country: c.country, countryCode: c.country_code, cityPlace: { id: c.geoname_id, countryCode: c.country_code, latitude: c.latitude, longitude: c.longitude } };
    };
    return [
      biz({ name: `Neu ${round}`, address: 'Torstr. 20, 10119 Berlin', ...(await city('Berlin')), businessHours: berlinWeek }),
      biz({ name: `New ${round}`, address: '3 Broadway, New York, NY 10004', ...(await city('New York')), businessHours: nyWeek }),
    ];
  };
  const everyHourOfItsCity = async () => {
    const stored = (
      await t.db.raw(`SELECT b.name, b.open_week::text AS week, b.open_hours::text AS hours, c.time_zone, c.open_offsets
                        FROM businesses b JOIN cities c ON c.id = b.city_id ORDER BY b.name`)
    ).rows as { name: string; week: string | null; hours: string | null; time_zone: string; open_offsets: number[] }[];
    expect(stored.map((r) => r.name)).toEqual(['Late Kneipe', expect.stringMatching(/^Neu /), expect.stringMatching(/^New /), 'Spätschicht']);
    for (const r of stored) {
      expect(r.open_offsets, r.name).toEqual(zoneOffsets(r.time_zone, now));
      expect(r.hours, r.name).toBe(openHoursText(r.week, zoneOffsets(r.time_zone, now)));
    }
  };
  it('rewrites the rows of a batch committed while it waited for their cities', async () => {
    const loader = await openLoader(t.db, { mode: 'upsert', bulk: false });
    let opened!: () => void;
    let release!: () => void;
    const written = new Promise<void>((r) => (opened = r));
    const gate = new Promise<void>((r) => (release = r));
    try {
      const rows = await batch('a');
      const loading = loader.load(rows, async () => {
        opened();
        await gate;
      });
      await written;
      const refreshing = refreshZoneOffsets(t.db, now);
      expect(await waitsOnLock(t.db, refreshing)).toBe(true);
      release();
      expect((await loading).imported).toBe(2);
      expect(await refreshing).toBe(2);
    } finally {
      release();
      await loader.close();
    }
    await everyHourOfItsCity();
  }, 30_000);

  it('gives a batch that waited for a refresh the offsets the refresh committed', async () => {
    const loader = await openLoader(t.db, { mode: 'upsert', bulk: false });
    // The loader has read the stored offsets before the refresh (a batch of the same import before it).
    await loader.load([{ ...(await batch('warm-up'))[0], name: 'Warm-up', identityKey: 'n:warm-up' }]);
    await t.db('businesses').where({ name: 'Warm-up' }).delete();
    const rows = await batch('b');
    const refresh = await t.db.transaction();
    try {
      expect(await refreshZoneOffsets(refresh as unknown as Db, now)).toBe(2);
      const loading = loader.load(rows);
      expect(await waitsOnLock(t.db, loading)).toBe(true);
      await refresh.commit();
      expect((await loading).imported).toBe(2);
    } finally {
      if (!refresh.isCompleted()) await refresh.rollback();
      await loader.close();
    }
    await everyHourOfItsCity();
  }, 30_000);

  it('lets a refresh that comes between the lane and the rows the usual way wait for the batch rather than deadlock', async () => {
    const loader = await openLoader(t.db, { mode: 'upsert', bulk: false });
    // The batch: a new business of New York (the lane's), then Spätschicht of Berlin moved to New
    // York and Late Kneipe of New York moved to Berlin (the usual way: the row trigger locks the
    // city a business moves into, and the counts move both cities).
    const [, newYork] = await batch('c');
    const berlin = (await batch('c'))[0];
    const stored = async (name: string) => (await t.db('businesses').where({ name }).first('identity_key')).identity_key as string;
    const rows = [
      newYork,
      { ...newYork, name: 'Spätschicht', identityKey: await stored('Spätschicht') },
      { ...berlin, name: 'Late Kneipe', identityKey: await stored('Late Kneipe') },
    ];
    // A third session holds the moved rows, so the batch stops after its lane (which locked New York).
    const holder = await t.db.transaction();
    try {
      await holder.raw(`SELECT 1 FROM businesses WHERE name IN ('Spätschicht', 'Late Kneipe') FOR UPDATE`);
      const loading = loader.load(rows);
      expect(await waitsOnLock(t.db, loading)).toBe(true);
      // The refresh comes now: had it locked Berlin and waited for New York, the batch, let go,
      // would have waited for Berlin (a deadlock, one of them aborted).
      const refreshing = refreshZoneOffsets(t.db, now);
      await new Promise((r) => setTimeout(r, 500));
      await holder.commit();
      const [loaded, refreshed] = await Promise.allSettled([loading, refreshing]);
      expect(loaded.status === 'rejected' ? String(loaded.reason) : 'committed').toBe('committed');
      expect(refreshed.status === 'rejected' ? String(refreshed.reason) : 'committed').toBe('committed');
    } finally {
      if (!holder.isCompleted()) await holder.rollback();
      await loader.close();
    }
    const cityOf = async (name: string) => (await t.db('businesses').join('cities', 'cities.id', 'businesses.city_id').where('businesses.name', name).first('cities.name')).name;
    expect(await cityOf('Spätschicht')).toBe('New York');
    expect(await cityOf('Late Kneipe')).toBe('Berlin');
    const hours = (
      await t.db.raw(`SELECT b.name, b.open_week::text AS week, b.open_hours::text AS hours, c.time_zone FROM businesses b JOIN cities c ON c.id = b.city_id`)
    ).rows as { name: string; week: string | null; hours: string | null; time_zone: string }[];
    for (const r of hours) expect(r.hours, r.name).toBe(openHoursText(r.week, zoneOffsets(r.time_zone, now)));
  }, 30_000);
});
