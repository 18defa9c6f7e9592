import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { importOpenNowRows } from '../../server/routes/open-now.fixtures.js';
import { openHoursText, zoneOffsets } from '../../domain/open-hours.js';
import { openAtOf } from '../reads/open-now.js';
import { refreshZoneOffsets } from './zone-offsets.js';

describe("cities' zone offsets kept to the runtime's zone data", () => {
  const t = useTestDb();
  // Saturday 2026-07-04 21:30 UTC: 23:30 in Berlin (+2), 17:30 in New York (-4).
  const now = new Date('2026-07-04T21:30:00Z');
  beforeAll(async () => {
    await importOpenNowRows(t.db, [
      ['Spätschicht', 'Kneipe', 'Torstr. 8, 10119 Berlin', 'Berlin', 'Germany', 'Sat 22:00-02:30'],
      ['Nachtkneipe', 'Kneipe', 'Torstr. 11, 10119 Berlin', 'Berlin', 'Germany', 'Mon-Sun 18:00-01:00'],
      ['Late Kneipe', 'Kneipe', '1 Broadway, New York, NY 10004', 'New York', 'United States', 'Sat 22:00-03:00'],
    ]);
  });

  const hoursOf = async () =>
    (
      await t.db.raw(`SELECT b.name, b.open_week::text AS week, b.open_hours::text AS hours, c.time_zone
                        FROM businesses b JOIN cities c ON c.id = b.city_id ORDER BY b.name`)
    ).rows as { name: string; week: string; hours: string | null; time_zone: string }[];

  it('finds nothing to write when the stored offsets are the runtime\'s', async () => {
    expect(await refreshZoneOffsets(t.db, now)).toBe(0);
  });

  it("rewrites a city whose stored offsets differ, and its businesses' open hours, so open-now searches read the hour again", async () => {
    // Offsets stored by a runtime whose rules for Berlin were other (as if it kept +1 all year).
    await t.db('cities').where({ name: 'Berlin' }).update({ open_offsets: '{60}' });
    const stale = await hoursOf();
    expect(stale.find((r) => r.name === 'Spätschicht')?.hours).toBe(openHoursText(stale[0].week, [60]));
    // The read service sees that Berlin's offsets do not cover its minute now, and reads without the hour.
    expect((await openAtOf(t.db, now)).hour).toBeUndefined();

    expect(await refreshZoneOffsets(t.db, now)).toBe(1);
    const berlin = await t.db('cities').where({ name: 'Berlin' }).first('open_offsets');
    expect(berlin.open_offsets).toEqual(zoneOffsets('Europe/Berlin', now));
    for (const r of await hoursOf()) expect(r.hours, r.name).toBe(openHoursText(r.week, zoneOffsets(r.time_zone, now)));
    expect((await openAtOf(t.db, new Date(now.getTime() + 60_000))).hour).toBe(5 * 24 + 21);
    // A second server starting finds nothing left to write.
    expect(await refreshZoneOffsets(t.db, now)).toBe(0);
  });
});
