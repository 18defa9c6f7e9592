/**
 * What a business page asks PostgreSQL: its business is kept per data version by the read service
 * (data/reads/public-reads.ts) from its second ask, so a page asked again under another URL (a
 * tracking parameter, the API's detail of it) reads nothing until a write; the open-now badge is drawn in the browser, so
 * neither does the next minute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { importCsvText } from '../../data/import/import.fixtures.js';
import { editBusiness } from '../../data/store/business-writes.js';

const HEADER = 'name,category,phone,full_address,place_id,working_hours,latitude,longitude';
const ROWS = [
  'Alpha Bäckerei,Bakery,030 1234567,"Torstraße 1, 10119 Berlin, Deutschland",PR-A,Mon-Fri 09:00-18:00,52.5291,13.4010',
  'Beta Café,Cafe,030 7654321,"Torstraße 2, 10119 Berlin, Deutschland",PR-B,Daily 07:00-23:00,52.5292,13.4012',
  'Gamma Laden,Bakery,,"Berlin, Deutschland",PR-C,,,',
];

describe('what a business page reads', () => {
  let app: TestApp;
  let now = new Date('2026-03-02T10:00:00Z');
  const statements: string[] = [];
  /** Every statement, the version's included. */
  const all: string[] = [];
  const count = (q: { sql: string }) => {
    all.push(q.sql);
    // The version's own bookkeeping is not the page's.
    if (!/from "data_version"|data_changes/.test(q.sql)) statements.push(q.sql);
  };
  let n = 0;
  /** The page (a new URL each time, so the answer cache never serves it) and the statements it sent. */
  async function ask(path: string) {
    const before = statements.length;
    const res = await fetch(`${app.url}${path}${path.includes('?') ? '&' : '?'}n=${++n}`);
    return { status: res.status, text: await res.text(), statements: statements.slice(before) };
  }
  const slugOf = async (placeId: string) => (await app.db('businesses').where({ place_id: placeId }).first('id', 'slug')) as { id: number; slug: string };

  beforeAll(async () => {
    app = await startTestApp({}, { clock: () => now });
    await importCsvText(app.db, [HEADER, ...ROWS].join('\n'), { source: 'cli', mode: 'upsert' });
    await app.settle();
    app.db.on('query', count);
  });
  afterAll(async () => {
    app.db.off('query', count);
    await app.close();
  });

  it('a page asked again in the same data version reads nothing, a minute later too, until a write to its business', async () => {
    const { id, slug } = await slugOf('PR-A');
    const first = await ask(`/details/${slug}`);
    expect(first.status).toBe(200);
    expect(first.statements.length).toBeGreaterThan(0);
    // Asked once, its business is read and let go (a crawl asks each page once); asked again, kept.
    const second = await ask(`/details/${slug}`);
    expect(second.statements.length).toBeGreaterThan(0);

    const again = await ask(`/details/${slug}`);
    expect([again.status, again.statements]).toEqual([200, []]);
    // The API's detail of the same business is the same read.
    expect((await ask(`/api/businesses/detail/${slug}`)).statements).toEqual([]);
    // The badge is the browser's: the server's page does not change with the minute.
    now = new Date(now.getTime() + 2 * 60_000);
    const later = await ask(`/details/${slug}`);
    expect([later.status, later.statements]).toEqual([200, []]);
    expect(later.text).toContain('data-opening-status="pending"');

    await editBusiness(app.db, id, { fields: { about: 'Sourdough at dawn' } }, null);
    await app.settle();
    const edited = await ask(`/details/${slug}`);
    expect(edited.statements.length).toBeGreaterThan(0);
    expect(edited.text).toContain('Sourdough at dawn');
  });

  it('a page answered from what is kept sends no statement at all, not even a check of the version', async () => {
    const { slug } = await slugOf('PR-B');
    // Read and kept (its business and its neighbours): each statement says the version it saw.
    for (let i = 0; i < 2; i++) expect((await ask(`/details/${slug}`)).status).toBe(200);
    const silent = [];
    for (let i = 0; i < 3; i++) {
      const before = all.length;
      const page = await ask(`/details/${slug}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Alpha Bäckerei');
      silent.push(all.length === before);
    }
    // The version's own poll (every few seconds) may land in one of them.
    expect(silent.filter(Boolean).length).toBeGreaterThanOrEqual(2);
  });

  it('a slug that finds nothing is read again each time (not kept)', async () => {
    expect((await ask('/details/no-such-business')).status).toBe(404);
    const again = await ask('/details/no-such-business');
    expect(again.status).toBe(404);
    expect(again.statements.length).toBeGreaterThan(0);
  });

  it('a cold page sends one statement, its neighbours read with its business, and no check of the version', async () => {
    /** The page of `placeId` in a version nothing of it is kept in: its statements, and what was sent after the last of them. */
    const cold = async (placeId: string) => {
      const before = all.length;
      const page = await ask(`/details/${(await slugOf(placeId)).slug}`);
      expect(page.status).toBe(200);
      const sent = all.slice(before);
      return { page, after: sent.slice(sent.indexOf(page.statements.at(-1)!) + 1) };
    };
    const clean = [];
    for (let round = 0; round < 2; round++) {
      // A new version: nothing of before is kept.
      const { id } = await slugOf('PR-C');
      await editBusiness(app.db, id, { fields: { about: `Corner shop ${round}` } }, null);
      await app.settle();
      const alone = await cold('PR-C');
      expect(alone.page.statements).toHaveLength(1);
      // Its business with its namesakes and its nearest neighbours with their rows, together.
      const near = await cold('PR-B');
      expect(near.page.text).toContain('Alpha Bäckerei');
      expect(near.page.statements).toHaveLength(1);
      // Asked a second time, read again in one statement and kept, business and neighbours alike; then nothing.
      const { slug } = await slugOf('PR-B');
      expect((await ask(`/details/${slug}`)).statements).toHaveLength(1);
      expect((await ask(`/details/${slug}`)).statements).toEqual([]);
      clean.push(alone.after.length === 0, near.after.length === 0);
    }
    // Each statement said the version it saw, so none is read after them (the version's own poll,
    // every few seconds, may land after one of them).
    expect(clean.filter(Boolean).length).toBeGreaterThanOrEqual(3);
  });

  it("a page's neighbours are its compact cards' rows (no address, phone or spot), read so; the API's answer of them, whole with their phone forms, is read apart", async () => {
    const { id, slug } = await slugOf('PR-B');
    await editBusiness(app.db, id, { fields: { about: 'Open late' } }, null);
    await app.settle();
    const island = (html: string) => JSON.parse(/<script type="application\/json" id="rehber-state">([\s\S]*?)<\/script>/.exec(html)![1]) as { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> };
    // Asked twice: read with the page's statement, then kept.
    for (let i = 0; i < 2; i++) {
      const page = await ask(`/details/${slug}`);
      const near = island(page.text).queries.find((q) => q.queryKey.at(-1) === 'nearby')!.state.data as Array<Record<string, unknown>>;
      expect(near.map((b) => b.name)).toEqual(['Alpha Bäckerei']);
      for (const key of ['address', 'phoneDisplay', 'phoneE164', 'latitude', 'longitude']) expect(Object.keys(near[0])).not.toContain(key);
    }
    // The page's statement read only what the cards draw: the API's whole rows are a statement of their own, then kept.
    const api = await ask(`/api/businesses/detail/${slug}/nearby`);
    expect(api.statements).toHaveLength(1);
    expect(JSON.parse(api.text)).toMatchObject([{ name: 'Alpha Bäckerei', address: 'Torstraße 1, 10119 Berlin, Deutschland', phoneE164: '+49301234567', phoneDisplay: '030 1234567' }]);
    await ask(`/api/businesses/detail/${slug}/nearby`);
    expect((await ask(`/api/businesses/detail/${slug}/nearby`)).statements).toEqual([]);
  });

  it("a business's JSON, which shows no neighbours, reads its business alone", async () => {
    const { id, slug } = await slugOf('PR-A');
    await editBusiness(app.db, id, { fields: { about: 'Rye on Sundays' } }, null);
    await app.settle();
    const detail = await ask(`/api/businesses/detail/${slug}`);
    expect(detail.status).toBe(200);
    expect(detail.statements).toHaveLength(1);
    expect(detail.statements[0]).not.toContain('<->');
    // Its neighbours, asked on their own, are still theirs to read.
    const nearby = await ask(`/api/businesses/detail/${slug}/nearby`);
    expect(nearby.text).toContain('Beta Café');
  });
});
