import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { statementsSent } from '../../db/test-db.js';
import { loadSample } from '../../data/samples/sample.js';
import type { ListPage } from '../../domain/search.js';
import { listOrderSql } from '../../db/queries/search.js';
import { NEAR_CANDIDATES } from '../../domain/nearby.js';

/**
 * Filters that no listing index carries (a phone, verified), asked by a stranger over the whole
 * directory: one that nothing passes reads no walk (the kept counts say there is nothing, and the
 * walk read every active business to find none: 6-8 s at the million), open now or not, near a
 * point or not; one that
 * few pass is read whole and sorted, in the walk's order (docs/performance.md, "A filter few pass").
 */
describe('a filter few or no businesses pass', () => {
  let app: TestApp;
  const get = async (path: string): Promise<{ status: number; body: ListPage }> => {
    const res = await fetch(app.url + path);
    return { status: res.status, body: (await res.json()) as ListPage };
  };
  /** The statements' texts sent while `read` runs. */
  const sentDuring = async (read: () => Promise<unknown>): Promise<string[]> => (await statementsSent(app.db, read)).map((s) => s.sql);
  const walks = (sent: string[]) => sent.filter((q) => q.includes('SELECT b.id FROM businesses b WHERE') || q.includes('WITH walk AS MATERIALIZED'));

  beforeAll(async () => {
    app = await startTestApp();
    await loadSample(app.db);
    // No business of the sample without a phone is verified: verified and without one, none.
    await app.db.raw(`UPDATE businesses SET is_verified = false WHERE coalesce(phone, '') = ''`);
    const { rows } = await app.db.raw(`SELECT count(*)::int AS n FROM businesses WHERE is_active AND is_verified AND coalesce(phone, '') = ''`);
    expect(rows[0].n).toBe(0);
    await app.settle();
  });
  afterAll(() => app.close());

  it('answers a filter nothing passes with no business and walks nothing, on every page, open now or not', async () => {
    let n = 0;
    for (const query of ['verified=true&hasPhone=false', 'verified=true&hasPhone=false&page=3', 'verified=true&hasPhone=false&sort=name', 'verified=true&hasPhone=false&open=true']) {
      let answer: { status: number; body: ListPage } | undefined;
      const sent = await sentDuring(async () => (answer = await get(`/api/search?${query}&n=${++n}`)));
      expect(answer!.status).toBe(200);
      expect(answer!.body.items).toEqual([]);
      expect(answer!.body.pagination.total).toBe(0);
      expect(walks(sent)).toEqual([]);
    }
  });

  it('near a point, walks nothing for a filter nothing passes', async () => {
    // Every business its own point within a few kilometres: the nearest unfiltered are more than the walk keeps.
    await app.db.raw(`UPDATE businesses SET latitude = 41 + (id % 100) / 1000.0, longitude = 29 + (id % 97) / 1000.0, coordinates_approximate = false`);
    const { rows: [{ n }] } = await app.db.raw(`SELECT count(*)::int AS n FROM businesses WHERE is_active`);
    expect(n).toBeGreaterThan(NEAR_CANDIDATES);
    await app.settle();
    let answer: { status: number; body: ListPage } | undefined;
    const sent = await sentDuring(async () => (answer = await get(`/api/search?verified=true&hasPhone=false&near=41.05,29.05`)));
    expect(answer!.status).toBe(200);
    expect(answer!.body.items).toEqual([]);
    // The nearest unfiltered are walked for the facets; none under the filters.
    expect(sent.filter((q) => q.includes('<->') && q.includes('is_verified ='))).toEqual([]);
  });

  it('reads a filter few pass whole and sorted: the pages the walk gives, in its order', async () => {
    const { rows } = await app.db.raw(`SELECT count(*)::int AS n FROM businesses b WHERE b.is_active AND b.is_verified`);
    expect(rows[0].n).toBeGreaterThan(30);
    for (const sort of ['rating', 'name', 'reviews'] as const) {
      for (const page of [1, 2]) {
        let answer: { status: number; body: ListPage } | undefined;
        const sent = await sentDuring(async () => (answer = await get(`/api/search?verified=true&sort=${sort}&limit=12&page=${page}`)));
        expect(answer!.status).toBe(200);
        const { rows: expected } = await app.db.raw(`SELECT b.id FROM businesses b WHERE b.is_active AND b.is_verified ORDER BY ${listOrderSql(sort)} LIMIT 12 OFFSET ?`, [(page - 1) * 12]);
        expect(answer!.body.items.map((b) => Number(b.id))).toEqual(expected.map((r: { id: string }) => Number(r.id)));
        expect(answer!.body.pagination.total).toBe(rows[0].n);
        // The page's own read, once the counts are kept: the set's matches read whole, not walked.
        if (page === 2) expect(sent.some((q) => q.includes('enable_indexscan = off'))).toBe(true);
      }
    }
  });
});
