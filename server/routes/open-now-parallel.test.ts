import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { signedInAdmin, type AdminClient } from '../admin-client.fixtures.js';
import { importOpenNowRows } from './open-now.fixtures.js';
import { openingStatus } from '../../domain/opening-status.js';
import type { ListPage } from '../../domain/search.js';

/**
 * "Open now" under parallel requests: while the clock passes a minute at which a business opens
 * and an edit makes another open round the clock, every answer is the whole answer of one minute
 * and one data version, and the first request after both shows the new state.
 */
describe('"open now" under parallel requests across a minute and a write', () => {
  let app: TestApp;
  let admin: AdminClient;
  let now = new Date();
  let puzzle = 0;
  let city = '';
  let near = '';
  const UNREAD = 'by appointment';
  const ALWAYS = 'Open 24 hours';

  beforeAll(async () => {
    app = await startTestApp({}, { clock: () => now });
    await importOpenNowRows(app.db);
    await app.settle();
    admin = await signedInAdmin(app);
    puzzle = (await app.db('businesses').where({ name: 'Rätselhaft' }).first('id')).id as number;
    const berlin = await app.db('cities').where({ name: 'Berlin' }).first('slug', 'latitude', 'longitude');
    city = berlin.slug as string;
    near = `near=${Number(berlin.latitude).toFixed(5)},${Number(berlin.longitude).toFixed(5)}`;
  });
  afterAll(() => app.close());

  /** Berlin's open businesses at 08:59 and at 09:00 of a weekday, with Rätselhaft's hours unread or round the clock. */
  const openInBerlin = (nine: boolean, always: boolean) => ['Immerauf', ...(always ? ['Rätselhaft'] : []), ...(nine ? ['Tagescafe'] : [])].sort();
  /** The open-now lists asked, each with the Berlin names it shows (the search asks for the cafés only). */
  const lists = () => [
    { path: `/api/cities/${city}/businesses?open=1`, shows: (names: string[]) => names },
    { path: `/api/categories/cafe/businesses?open=1`, shows: (names: string[]) => names.filter((n) => n !== 'Immerauf') },
    { path: `/api/search?q=cafe&open=1`, shows: (names: string[]) => names.filter((n) => n !== 'Immerauf') },
    { path: `/api/cities/${city}/businesses?${near}&open=1`, shows: (names: string[]) => names },
  ];
  /** The city's page without the filter: it puts each business's row in the memos of its version. */
  const plain = () => `/api/cities/${city}/businesses`;

  /**
   * Checks one answer to `path` against the states it may show: one of `minutes` and one of the
   * hours Rätselhaft had, the items, the total, each item's own hours (its badge) and the facets all
   * of that one state. Returns the state it showed.
   */
  const check = (path: string, shows: (names: string[]) => string[], page: ListPage, minutes: Date[]): string => {
    const berlinNames = page.items.filter((b) => b.timeZone === 'Europe/Berlin').map((b) => b.name).sort();
    // The minutes asked are 08:59 and 09:00 (07:00 UTC), when Tagescafe opens.
    const states = minutes.flatMap((at) => [false, true].map((always) => ({ at, always })));
    const state = states.find((s) => JSON.stringify(shows(openInBerlin(s.at.getUTCMinutes() === 0, s.always))) === JSON.stringify(berlinNames));
    expect(state, `${path}: ${berlinNames.join(', ')}`).toBeDefined();
    // Each item's hours, as its badge reads them, say open at the minute the list was read at.
    for (const b of page.items) {
      const status = openingStatus(b.businessHours, b.timeZone, state!.at);
      expect(status?.state === 'open' || status?.state === 'always', `${path}: ${b.name} (${b.workingHours}) at ${state!.at.toISOString()}`).toBe(true);
    }
    expect(page.pagination.total, path).toBe(page.items.length);
    if (page.facets) {
      const byCity = new Map<string, number>();
      for (const b of page.items) byCity.set(b.city?.name ?? '', (byCity.get(b.city?.name ?? '') ?? 0) + 1);
      expect(Object.fromEntries(page.facets.cities.map((c) => [c.label, c.count])), path).toEqual(Object.fromEntries(byCity));
    }
    return `${state!.at.toISOString()} ${state!.always ? ALWAYS : UNREAD}`;
  };

  const get = async (path: string): Promise<{ status: number; page: ListPage }> => {
    const res = await fetch(app.url + path);
    return { status: res.status, page: (await res.json()) as ListPage };
  };

  it('answers every request with one minute and one version, and the next one after them with the new state', async () => {
    // Weekdays at 08:59:30 CEST, then 09:00:10, when Tagescafe opens; each round edits Rätselhaft's hours the other way.
    const days = ['2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-03', '2026-04-06', '2026-04-07', '2026-04-08'];
    let always = false;
    for (const day of days) {
      const before = new Date(`${day}T06:59:30Z`);
      const after = new Date(`${day}T07:00:10Z`);
      now = before;
      // Each list asked twice (the answer cache keeps a URL from its second ask), the plain page too (the rows' memo).
      for (const { path, shows } of lists()) for (let i = 0; i < 2; i++) check(path, shows, (await get(path)).page, [before]);
      for (let i = 0; i < 2; i++) expect((await get(plain())).status).toBe(200);

      // Four clients ask every list and the plain page over and over until the minute and the edit are past.
      let asking = true;
      const failures: unknown[] = [];
      const client = async () => {
        while (asking) {
          const paths = [...lists(), { path: plain(), shows: null }];
          const answers = await Promise.all(paths.map(({ path }) => get(path)));
          try {
            paths.forEach(({ path, shows }, i) => {
              expect(answers[i].status, path).toBe(200);
              if (shows) check(path, shows, answers[i].page, [before, after]);
            });
          } catch (err) {
            failures.push(err);
            asking = false;
          }
        }
      };
      const clients = [client(), client(), client(), client()];
      await new Promise((resolve) => setTimeout(resolve, 15));
      now = after;
      expect((await admin.call('PUT', `/api/admin/businesses/${puzzle}`, { fields: { working_hours: always ? UNREAD : ALWAYS } })).status).toBe(200);
      always = !always;
      await new Promise((resolve) => setTimeout(resolve, 15));
      asking = false;
      await Promise.all(clients);
      if (failures.length) throw failures[0];

      // The first request after the minute and the write: their state, whole.
      for (const { path, shows } of lists()) expect(check(path, shows, (await get(path)).page, [after]), path).toBe(`${after.toISOString()} ${always ? ALWAYS : UNREAD}`);
    }
  });
});
