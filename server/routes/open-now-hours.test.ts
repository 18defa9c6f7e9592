import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { importOpenNowRows } from './open-now.fixtures.js';
import { openingStatus } from '../../domain/opening-status.js';
import { openHoursText, zoneOffsets } from '../../domain/open-hours.js';
import type { BusinessHours } from '../../domain/types.js';
import type { ListPage } from '../../domain/search.js';
import { openAtOf } from '../../data/reads/open-now.js';

/**
 * `businesses.open_hours` (migration 20261212O): the UTC hours of the week a business is open under
 * its city's offsets, kept by every write, and required by an open-now search's reads of few
 * matches beside the exact test of the week.
 */
describe("an open-now search's open hours", () => {
  let app: TestApp;
  let now = new Date();
  const rows = [
    ['Spätschicht', 'Kneipe', 'Torstr. 8, 10119 Berlin', 'Berlin', 'Germany', 'Sat 22:00-02:30'],
    ['Durchmacher', 'Kneipe', 'Torstr. 9, 10119 Berlin', 'Berlin', 'Germany', 'Sat 22:00-04:00'],
    ['Frühkneipe', 'Kneipe', 'Torstr. 10, 10119 Berlin', 'Berlin', 'Germany', 'Sun 02:15-06:00'],
    ['Nachtkneipe', 'Kneipe', 'Torstr. 11, 10119 Berlin', 'Berlin', 'Germany', 'Mon-Sun 18:00-01:00'],
    ['Rätselkneipe', 'Kneipe', 'Torstr. 12, 10119 Berlin', 'Berlin', 'Germany', 'by appointment'],
    ['Late Kneipe', 'Kneipe', '1 Broadway, New York, NY 10004', 'New York', 'United States', 'Sat 22:00-03:00, Sun 00:00-02:30'],
  ];
  const stored = async () =>
    (
      await app.db.raw(`SELECT b.name, b.business_hours, b.open_week::text AS week, b.open_hours::text AS hours, c.time_zone
                          FROM businesses b LEFT JOIN cities c ON c.id = b.city_id ORDER BY b.name`)
    ).rows as { name: string; business_hours: BusinessHours | null; week: string | null; hours: string | null; time_zone: string | null }[];
  const expected = (r: { week: string | null; time_zone: string | null }) => openHoursText(r.week, r.time_zone ? zoneOffsets(r.time_zone) : null);

  beforeAll(async () => {
    app = await startTestApp({}, { clock: () => now });
    await importOpenNowRows(app.db, rows);
    await app.settle();
  });
  afterAll(() => app.close());

  it('stores the hours an import gives each row, as its week and its city zone give them, none for unread hours', async () => {
    const got = await stored();
    expect(got).toHaveLength(rows.length);
    for (const r of got) expect(r.hours, r.name).toBe(expected(r));
    expect(got.find((r) => r.name === 'Rätselkneipe')?.hours).toBeNull();
    // Saturday 22:00 to Sunday 02:30 in Berlin, at +1 or +2: Saturday 20:00 to Sunday 01:29 UTC.
    expect(got.find((r) => r.name === 'Spätschicht')?.hours).toBe(`{${[140, 141, 142, 143, 144, 145].join(',')}}`);
  });

  it("rewrites them when a business's hours or city change, and when a city's zone changes", async () => {
    const before = await app.db('businesses').where({ name: 'Frühkneipe' }).first('open_week', 'city_id');
    await app.db('businesses').where({ name: 'Frühkneipe' }).update({ open_week: '{[1560,1620)}' }); // Tuesday 02:00-03:00 local
    expect((await stored()).find((r) => r.name === 'Frühkneipe')?.hours).toBe('{24,25}');
    const newYork = (await app.db('cities').where({ name: 'New York' }).first('id')).id as number;
    await app.db('businesses').where({ name: 'Frühkneipe' }).update({ city_id: newYork });
    let got = await stored();
    expect(got.find((r) => r.name === 'Frühkneipe')?.hours).toBe('{30,31}');
    await app.db('cities').where({ name: 'New York' }).update({ time_zone: 'Asia/Tokyo' });
    got = await stored();
    for (const r of got) expect(r.hours, r.name).toBe(expected(r));
    expect(got.find((r) => r.name === 'Frühkneipe')?.hours).toBe('{17}');
    await app.db('cities').where({ name: 'New York' }).update({ time_zone: 'America/New_York' });
    await app.db('businesses').where({ name: 'Frühkneipe' }).update(before);
    for (const r of await stored()) expect(r.hours, r.name).toBe(expected(r));
  });

  it("works the hours out in SQL as in TypeScript, the city's offsets too", async () => {
    const weeks = ['{[0,10080)}', '{}', '{[30,60)}', '{[0,60),[10020,10080)}', '{[540,720),[840,1080),[1980,2520)}', '{[8520,8670)}'];
    const offsets = [[60, 120], [-300, -240], [330], [630, 660], [-210, -150], [0]];
    const { rows: sql } = await app.db.raw(
      `SELECT rehber_open_hours(w::int4multirange, o::int2[])::text AS hours
         FROM unnest(?::text[]) WITH ORDINALITY AS y(w, j), unnest(?::text[]) WITH ORDINALITY AS x(o, i) ORDER BY j, i`,
      [weeks, offsets.map((o) => `{${o.join(',')}}`)],
    );
    const ts = weeks.flatMap((w) => offsets.map((o) => openHoursText(w, o)));
    expect((sql as { hours: string }[]).map((r) => r.hours)).toEqual(ts);
    const { rows: zones } = await app.db.raw(`SELECT time_zone, open_offsets FROM cities WHERE time_zone IS NOT NULL`);
    for (const z of zones as { time_zone: string; open_offsets: number[] }[]) expect(z.open_offsets, z.time_zone).toEqual(zoneOffsets(z.time_zone));
    const { rows: pg } = await app.db.raw(`SELECT rehber_zone_offsets(z) AS o FROM unnest(?::text[]) z`, [['Europe/Berlin', 'America/St_Johns', 'Asia/Kolkata']]);
    expect((pg as { o: number[] }[]).map((r) => r.o)).toEqual([zoneOffsets('Europe/Berlin'), zoneOffsets('America/St_Johns'), zoneOffsets('Asia/Kolkata')]);
  });

  it('finds every business open at each quarter hour across the autumn changes, the reads requiring the hour', async () => {
    const sent: string[] = [];
    const heard = (q: { sql: string }) => void sent.push(q.sql);
    app.db.on('query', heard);
    try {
      const all = await stored();
      const spans: [string, string][] = [
        ['2026-10-24T19:00:00Z', '2026-10-25T05:00:00Z'], // Berlin goes back at 01:00 UTC
        ['2026-11-01T03:00:00Z', '2026-11-01T08:00:00Z'], // New York at 06:00 UTC
      ];
      for (const [from, to] of spans) {
        for (let t = Date.parse(from); t <= Date.parse(to); t += 15 * 60_000) {
          now = new Date(t);
          const open = all
            .filter((r) => {
              const s = r.time_zone ? openingStatus(r.business_hours, r.time_zone, now) : null;
              return s?.state === 'open' || s?.state === 'always';
            })
            .map((r) => r.name)
            .sort();
          const page = (await (await fetch(`${app.url}/api/search?q=kneipe&open=1`)).json()) as ListPage;
          expect(page.items.map((b) => b.name).sort(), now.toISOString()).toEqual(open);
        }
      }
    } finally {
      app.db.removeListener('query', heard);
    }
    const reads = sent.filter((sql) => sql.includes('multirange_contains_elem(b.open_week'));
    expect(reads.length).toBeGreaterThan(0);
    for (const sql of reads) expect(sql).toMatch(/b\.open_hours @> '\{\d+\}'::int2\[\]/);
  });

  it("reads without the hour when a city's stored offsets do not cover its minute, and finds the same", async () => {
    now = new Date('2026-06-14T22:30:00Z'); // Monday 00:30 in Berlin (+2)
    expect((await openAtOf(app.db, now)).hour).toBe(22 + 6 * 24);
    await app.db('cities').where({ name: 'Berlin' }).update({ open_offsets: '{60}' });
    const open = await openAtOf(app.db, new Date(now.getTime() + 60_000));
    expect(open.hour).toBeUndefined();
    now = new Date(now.getTime() + 60_000);
    const page = (await (await fetch(`${app.url}/api/search?q=kneipe&open=1`)).json()) as ListPage;
    expect(page.items.map((b) => b.name)).toEqual(['Nachtkneipe']);
  });
});
