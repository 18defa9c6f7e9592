import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { startTestApp, type TestApp } from '../test-app.js';
import { importOpenNowRows } from './open-now.fixtures.js';
import { openingMinute, openWeekText } from '../../domain/opening-status.js';
import { readWorkingHours } from '../../domain/hours-text.js';
import type { ListPage } from '../../domain/search.js';
import { openAtOf } from '../../data/reads/open-now.js';
import { businessWhere } from '../../db/queries/facets.js';
import { planRows } from '../../db/queries/planned-rows.js';

describe('the "open now" filter (open=1)', () => {
  let app: TestApp;
  let now = new Date();
  const names = async (path: string): Promise<string[]> => {
    const res = await fetch(app.url + path);
    expect(res.status).toBe(200);
    return ((await res.json()) as ListPage).items.map((b) => b.name).sort();
  };
  const berlin = async () => (await app.db('cities').where({ name: 'Berlin' }).first('slug')).slug as string;

  beforeAll(async () => {
    app = await startTestApp({}, { clock: () => now });
    await importOpenNowRows(app.db);
    await app.settle();
  });
  afterAll(() => app.close());

  it('gives cities their gazetteer time zone and businesses their city zone', async () => {
    const zones = await app.db('cities').orderBy('name').select('name', 'time_zone');
    expect(zones).toEqual([{ name: 'Berlin', time_zone: 'Europe/Berlin' }, { name: 'New York', time_zone: 'America/New_York' }]);
    const res = await fetch(`${app.url}/api/search?q=Tagescafe`);
    expect(((await res.json()) as ListPage).items[0].timeZone).toBe('Europe/Berlin');
  });

  it("stores each business's open intervals as domain/opening-status.ts reads its hours, as the migration's SQL does for the rows stored before", async () => {
    const asText = (hours: string) => openWeekText(readWorkingHours(hours));
    const { rows } = await app.db.raw(`SELECT working_hours, open_week::text AS week FROM businesses`);
    for (const r of rows as { working_hours: string; week: string | null }[]) expect(r.week, r.working_hours).toBe(asText(r.working_hours));
    const more = [
      '{"Monday":"9AM-5PM","Tuesday":"12AM-12PM","Wednesday":"9:30 pm - 2 a.m.","Thursday":"Closed"}',
      '{"Monday":"9AM-5PM","Tuesday":"9AM"}',
      '{"Monday":"noon-5PM"}',
      '{"Sunday":"10PM-6AM","Saturday":"8.30-24:00"}',
      '{"Friday":"13PM-14PM"}',
      '{"Friday":"09:00-09:00"}',
      'Fri-Mon 22:00-06:00, Tue-Thu closed',
      'Mo-Fr 8-18, Sa 9-13',
      'Pazartesi-Cumartesi 09:00-18:00, Pazar kapalı',
      'Daily 7-23',
      '24/7',
      'Mon-Sun closed',
      '{}',
    ];
    const sql = await app.db.raw(`SELECT rehber_open_week(h::jsonb)::text AS week FROM unnest(?::text[]) WITH ORDINALITY AS x(h, i) ORDER BY i`, [
      more.map((h) => JSON.stringify(readWorkingHours(h))),
    ]);
    expect((sql.rows as { week: string | null }[]).map((r) => r.week)).toEqual(more.map(asText));
  });

  it('lists on a city page only what is open at that minute, in the city zone, across the March change', async () => {
    const city = await berlin();
    // Monday 30 March 2026, 09:30 CEST: the first weekday of summer time.
    now = new Date('2026-03-30T07:30:00Z');
    expect(await names(`/api/cities/${city}/businesses?open=1`)).toEqual(['Immerauf', 'Tagescafe']);
    // 08:30 CEST: the café is not open yet (winter's offset would have said 09:30).
    now = new Date('2026-03-30T06:30:00Z');
    expect(await names(`/api/cities/${city}/businesses?open=1`)).toEqual(['Immerauf']);
    // Without the filter every business shows, the unread hours too.
    expect(await names(`/api/cities/${city}/businesses`)).toHaveLength(5);
  });

  it('keeps a Friday night open past midnight, and a Sunday after the October change', async () => {
    const city = await berlin();
    now = new Date('2026-06-12T23:00:00Z'); // Saturday 13 June, 01:00 CEST
    expect(await names(`/api/cities/${city}/businesses?open=1`)).toEqual(['Immerauf', 'Nachtbar']);
    now = new Date('2026-10-25T07:30:00Z'); // Sunday 25 October, 08:30 CET
    expect(await names(`/api/cities/${city}/businesses?open=1`)).toEqual(['Immerauf']);
    now = new Date('2026-10-25T08:30:00Z'); // 09:30 CET
    expect(await names(`/api/cities/${city}/businesses?open=1`)).toEqual(['Immerauf', 'Sonntagsbäcker']);
  });

  it('reads each business in its own zone on search and category pages, and never lists unread hours', async () => {
    // Monday 9 March 2026, 14:30 UTC: 15:30 in Berlin, 10:30 EDT in New York (its change was the day before).
    now = new Date('2026-03-09T14:30:00Z');
    expect(await names('/api/search?q=cafe&open=1')).toEqual(['Deli Uptown', 'Tagescafe']);
    expect(await names('/api/categories/cafe/businesses?open=1')).toEqual(['Deli Uptown', 'Tagescafe']);
    // 13:30 UTC is 08:30 EST had New York not changed; it did: 09:30 EDT, open.
    now = new Date('2026-03-09T13:30:00Z');
    expect(await names('/api/categories/cafe/businesses?open=1')).toEqual(['Deli Uptown', 'Tagescafe']);
    now = new Date('2026-03-09T12:30:00Z');
    expect(await names('/api/categories/cafe/businesses?open=1')).toEqual(['Tagescafe']);
  });

  it("counts a search's facets over its open matches, and gives an open-now city or category page none", async () => {
    now = new Date('2026-03-09T14:30:00Z'); // 15:30 in Berlin, 10:30 in New York
    const get = async (path: string) => (await (await fetch(app.url + path)).json()) as ListPage;
    const cities = (page: ListPage) => page.facets?.cities.map((c) => `${c.label} ${c.count}`).sort();
    expect(cities(await get('/api/search?q=cafe'))).toEqual(['Berlin 3', 'New York 1']);
    const open = await get('/api/search?q=cafe&open=1');
    expect(cities(open)).toEqual(['Berlin 1', 'New York 1']);
    expect(open.facets?.categories.map((c) => `${c.label} ${c.count}`)).toEqual(['Cafe 2']);
    // Each facet with every other filter: open in Berlin, the city facet still offers New York's.
    expect(cities(await get(`/api/search?q=cafe&open=1&city=${await berlin()}`))).toEqual(['Berlin 1', 'New York 1']);
    expect((await get(`/api/cities/${await berlin()}/businesses?open=1`)).facets).toBeUndefined();
    expect((await get('/api/categories/cafe/businesses?open=1')).facets).toBeUndefined();
    expect((await get('/api/categories/cafe/businesses')).facets?.cities).toHaveLength(2);
  });

  it('reads an open-now search\'s matches once, with the filter: never the matches of every hour', async () => {
    now = new Date('2026-03-09T14:31:00Z'); // a minute no test asked before: nothing of it kept
    const sent: string[] = [];
    const heard = (q: { sql: string }) => void sent.push(q.sql);
    app.db.on('query', heard);
    try {
      const get = async (path: string) => (await (await fetch(app.url + path)).json()) as ListPage;
      const open = await get('/api/search?q=cafe&open=1');
      expect(open.items.map((b) => b.name).sort()).toEqual(['Deli Uptown', 'Tagescafe']);
      const inBerlin = await get(`/api/search?q=cafe&open=1&city=${await berlin()}`);
      expect(inBerlin.items.map((b) => b.name)).toEqual(['Tagescafe']);
      expect(inBerlin.facets?.cities.map((c) => `${c.label} ${c.count}`).sort()).toEqual(['Berlin 1', 'New York 1']);
    } finally {
      app.db.removeListener('query', heard);
    }
    // (The planner's estimate may go in the same round trip as the first matches: it carries the filter too.)
    const matches = sent.filter((sql) => sql.includes('search_vector'));
    expect(matches.length).toBeGreaterThan(0);
    for (const sql of matches) expect(sql).toContain('multirange_contains_elem(b.open_week');
  });

  it('never answers an open-now list from a minute before', async () => {
    const city = await berlin();
    const path = `/api/cities/${city}/businesses?open=1`;
    now = new Date('2026-03-30T06:58:30Z'); // 08:58 CEST
    expect(await names(path)).toEqual(['Immerauf']);
    expect(await names(path)).toEqual(['Immerauf']); // asked twice: kept for this minute
    const res = await fetch(app.url + path);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    now = new Date('2026-03-30T07:00:10Z'); // 09:00 CEST
    expect(await names(path)).toEqual(['Immerauf', 'Tagescafe']);
  });

  it('leaves a business out during its lunch break, written as shifts in JSON or in text', async () => {
    await importOpenNowRows(app.db, [
      ['Mittagstisch', 'Imbiss', 'Torstr. 6, 10119 Berlin', 'Berlin', 'Germany', '{"Monday":["9AM-12PM","2PM-6PM"],"Tuesday":"Closed"}'],
      ['Zweischicht', 'Imbiss', 'Torstr. 7, 10119 Berlin', 'Berlin', 'Germany', 'Mon-Fri 09:00-12:00, 14:00-18:00'],
    ]);
    await app.settle();
    const path = `/api/categories/imbiss/businesses?open=1`;
    now = new Date('2026-06-15T08:00:00Z'); // Monday 15 June 2026, 10:00 CEST
    expect(await names(path)).toEqual(['Mittagstisch', 'Zweischicht']);
    now = new Date('2026-06-15T11:00:00Z'); // 13:00: both at lunch
    expect(await names(path)).toEqual([]);
    now = new Date('2026-06-15T12:00:00Z'); // 14:00
    expect(await names(path)).toEqual(['Mittagstisch', 'Zweischicht']);
  });

  it('agrees with the badge on the minute it reads, minute by minute across the changes of three zones', async () => {
    const spans: [string, string, string][] = [
      ['Europe/Berlin', '2026-10-24T23:30:00Z', '2026-10-25T02:30:00Z'],
      ['Europe/Berlin', '2026-03-29T00:30:00Z', '2026-03-29T02:30:00Z'],
      ['America/New_York', '2026-11-01T04:30:00Z', '2026-11-01T07:30:00Z'],
      // Lord Howe Island goes back by half an hour.
      ['Australia/Lord_Howe', '2026-04-04T14:00:00Z', '2026-04-04T16:00:00Z'],
    ];
    for (const [zone, from, to] of spans) {
      const { rows } = await app.db.raw(
        `SELECT extract(epoch FROM t)::bigint * 1000 AS ms, rehber_open_minute(t, ?) AS minute FROM generate_series(?::timestamptz, ?::timestamptz, interval '1 minute') t`,
        [zone, from, to],
      );
      for (const r of rows as { ms: string; minute: number }[]) expect(r.minute, `${zone} ${new Date(Number(r.ms)).toISOString()}`).toBe(openingMinute(new Date(Number(r.ms)), zone));
    }
  });

  it("gives each city the minute rehber_open_minute gives its zone, once a minute, the repeated autumn hour too", async () => {
    await importOpenNowRows(app.db, [['Lord Howe Cafe', 'Cafe', '1 Lagoon Rd, Lord Howe Island', 'Lord Howe', 'Australia', 'Daily 08:00-17:00']]);
    await app.settle();
    await app.db('cities').where({ name: 'Lord Howe' }).update({ time_zone: 'Australia/Lord_Howe' });
    const instants = [
      '2026-10-25T00:45:00Z', // Berlin: the first 02:45
      '2026-10-25T01:15:00Z', // the second 02:15
      '2026-10-25T01:59:00Z',
      '2026-03-29T00:59:00Z', // the minute before spring's change
      '2026-03-29T01:00:00Z',
      '2026-11-01T05:30:00Z', // New York: the first 01:30
      '2026-11-01T06:30:00Z', // the second
      '2026-04-04T15:15:00Z', // Lord Howe goes back by half an hour
      '2026-04-04T15:45:00Z',
    ];
    for (const at of instants) {
      const open = await openAtOf(app.db, new Date(at));
      const { rows } = await app.db.raw(
        `SELECT id, name, (?::int[])[id] AS ours, coalesce(rehber_open_minute(?::timestamptz, time_zone), -1) AS sql FROM cities ORDER BY name`,
        [open.literal, at],
      );
      expect(rows.length).toBeGreaterThanOrEqual(3);
      for (const r of rows as { id: number; name: string; ours: number; sql: number }[]) {
        expect(r.ours, `${r.name} ${at}`).toBe(r.sql);
        expect(open.minuteOf(r.id), `${r.name} ${at}`).toBe(r.sql);
      }
    }
  });

  it("reads a row's minute from those bound to the statement, never its city or zone row by row", async () => {
    const openAt = await openAtOf(app.db, new Date('2026-03-09T14:30:00Z'));
    const category = (await app.db('categories').where({ name: 'Cafe' }).first('id')).id as number;
    for (const f of [{ openAt }, { openAt, categoryId: category }]) {
      const where = businessWhere(f);
      const { rows } = await app.db.raw(`EXPLAIN (FORMAT JSON, VERBOSE) SELECT b.id FROM businesses b WHERE ${where.sql}`, where.bindings as Knex.RawBinding[]);
      expect(JSON.stringify(rows)).not.toMatch(/SubPlan|InitPlan|cities|time_zone|rehber_open_minute/);
    }
  });

  it("tests each row's week with no PL/pgSQL call and binds no minutes, the planner guessing as much as it did", async () => {
    const openAt = await openAtOf(app.db, new Date('2026-03-09T14:30:00Z'));
    const cityId = (await app.db('cities').where({ name: 'Berlin' }).first('id')).id as number;
    const { rows: functions } = await app.db.raw(
      `SELECT p.proname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE l.lanname = 'plpgsql' AND p.pronamespace = 'public'::regnamespace`,
    );
    const plpgsql = (functions as { proname: string }[]).map((r) => r.proname);
    expect(plpgsql).toContain('rehber_open_minute');
    const planned = async (where: { sql: string; bindings: unknown[] }) => {
      const { rows } = await app.db.raw(`EXPLAIN (FORMAT JSON, VERBOSE) SELECT b.id FROM businesses b WHERE ${where.sql}`, where.bindings as Knex.RawBinding[]);
      return { text: JSON.stringify(rows), rows: planRows(rows as Record<string, unknown>[]) };
    };
    for (const f of [{ openAt }, { openAt, cityId }]) {
      const where = businessWhere(f);
      // The minutes of every city are part of the statement's text, never a value to escape.
      expect(where.bindings).not.toContain(openAt.literal);
      const plan = await planned(where);
      for (const name of plpgsql) expect(plan.text, name).not.toContain(name);
      // The planner guesses a third of the rows open whatever the minute, so its estimate needs none.
      const estimate = businessWhere(f, { estimate: true });
      expect(estimate.sql).not.toContain(openAt.literal);
      expect((await planned(estimate)).rows).toBe(plan.rows);
    }
  });

  it('leaves a night that closed at the first 02:30 out of the second, after the October change', async () => {
    await importOpenNowRows(app.db, [
      ['Spätschicht', 'Kneipe', 'Torstr. 8, 10119 Berlin', 'Berlin', 'Germany', 'Sat 22:00-02:30'],
      ['Durchmacher', 'Kneipe', 'Torstr. 9, 10119 Berlin', 'Berlin', 'Germany', 'Sat 22:00-04:00'],
    ]);
    await app.settle();
    const city = await berlin();
    const kneipen = async (path: string) => (await names(path)).filter((n) => n === 'Spätschicht' || n === 'Durchmacher');
    for (const path of [`/api/cities/${city}/businesses?open=1`, '/api/categories/kneipe/businesses?open=1']) {
      now = new Date('2026-10-25T00:15:00Z'); // the first 02:15 (CEST)
      expect(await kneipen(path), path).toEqual(['Durchmacher', 'Spätschicht']);
      now = new Date('2026-10-25T00:45:00Z'); // the first 02:45
      expect(await kneipen(path), path).toEqual(['Durchmacher']);
      now = new Date('2026-10-25T01:15:00Z'); // the second 02:15 (CET)
      expect(await kneipen(path), path).toEqual(['Durchmacher']);
    }
  });

  it("gives a city the gazetteer does not know its country's zone when the country has one, and none in a country of several", async () => {
    await importOpenNowRows(app.db, [
      ['Dorfladen', 'Laden', 'Hauptstr. 1, 99999 Kleinwinzigheim', 'Kleinwinzigheim', 'Germany', 'Mon-Fri 09:00-18:00'],
      ['Corner Store', 'Laden', '1 Main St, Nowhereville', 'Nowhereville', 'United States', 'Mon-Fri 09:00-18:00'],
    ]);
    await app.settle();
    const zones = await app.db('cities').whereIn('name', ['Kleinwinzigheim', 'Nowhereville']).orderBy('name').select('name', 'geoname_id', 'time_zone');
    expect(zones).toEqual([
      { name: 'Kleinwinzigheim', geoname_id: null, time_zone: 'Europe/Berlin' },
      { name: 'Nowhereville', geoname_id: null, time_zone: null },
    ]);
    now = new Date('2026-06-15T08:00:00Z'); // Monday 10:00 in Germany
    expect(await names('/api/categories/laden/businesses?open=1')).toEqual(['Dorfladen']);
  });

  it('refuses a bad open value with a 400', async () => {
    const res = await fetch(`${app.url}/api/search?q=cafe&open=maybe`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/open/);
  });
});
