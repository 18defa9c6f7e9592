import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { loadSample } from '../../data/samples/sample.js';
import { signedInAdmin, type AdminClient } from '../admin-client.fixtures.js';
import type { ListPage } from '../../domain/search.js';
import { MAX_LIST_DEPTH, MAX_PAGE_SIZE } from '../../domain/constants.js';
import { deepestPage } from '../../db/queries/paging.js';

/**
 * A page a stranger chooses: any page of a public list answers, one past the list's deepest as a
 * page past its last (no business, the list's total), and no statement walks past the deepest.
 */
describe('pages far past the end of a list', () => {
  let app: TestApp;
  let admin: AdminClient;
  const get = async <T>(path: string): Promise<{ status: number; body: T }> => {
    const res = await fetch(app.url + path);
    return { status: res.status, body: (await res.json()) as T };
  };
  /** The numbers bound to the statements sent while `read` runs. */
  const boundNumbers = async (read: () => Promise<unknown>): Promise<number[]> => {
    const numbers: number[] = [];
    const heard = (q: { bindings?: unknown[] }) => void numbers.push(...(q.bindings ?? []).filter((b) => typeof b === 'number' || (typeof b === 'string' && /^\d{5,}$/.test(b))).map(Number));
    app.db.on('query', heard);
    try {
      await read();
    } finally {
      app.db.removeListener('query', heard);
    }
    return numbers;
  };

  beforeAll(async () => {
    // A Monday morning: open now binds the minute of the week (0-10079), which from Sunday 22:41 in
    // Istanbul is past the deepest entry this test looks for in every statement's numbers.
    app = await startTestApp({}, { clock: () => new Date('2026-03-02T07:00:00Z') });
    await loadSample(app.db);
    admin = await signedInAdmin(app);
  });
  afterAll(() => app.close());

  // Each paged public list: a city's, a category's, of a category in a city, a district and a
  // country, open now, near a point, and the search.
  const LISTS = [
    '/api/cities/istanbul/businesses?',
    '/api/categories/florist/businesses?',
    '/api/cities/istanbul/businesses?category=florist&',
    '/api/cities/istanbul/businesses?category=florist&district=Kadıköy&',
    '/api/categories/florist/businesses?country=turkiye&',
    '/api/cities/istanbul/businesses?open=1&',
    '/api/categories/florist/businesses?open=1&sort=name&',
    '/api/cities/istanbul/businesses?near=41.0082,28.9784&',
    '/api/search?q=cafe&',
    '/api/search?open=1&',
  ];

  it('answers a page past the deepest as a page past the last: no business, the first page\'s total, and no walk past the deepest', async () => {
    for (const list of LISTS) {
      for (const limit of [undefined, MAX_PAGE_SIZE]) {
        const sized = limit ? `${list}limit=${limit}&` : list;
        const first = await get<ListPage>(`${sized}page=1`);
        expect(first.status, sized).toBe(200);
        for (const page of [deepestPage(limit ?? 24) + 1, Number.MAX_SAFE_INTEGER]) {
          let deep!: { status: number; body: ListPage };
          const numbers = await boundNumbers(async () => (deep = await get<ListPage>(`${sized}page=${page}`)));
          expect(deep.status, `${sized}page=${page}`).toBe(200);
          expect(deep.body.items, `${sized}page=${page}`).toEqual([]);
          expect(deep.body.pagination, `${sized}page=${page}`).toEqual({ ...first.body.pagination, page });
          // A limit, an offset or a count's cap past the deepest entry would walk past it.
          expect(numbers.filter((n) => n > MAX_LIST_DEPTH + 1), `${sized}page=${page}`).toEqual([]);
        }
      }
    }
  });

  it('refuses a page that is no whole number, or given twice, with a 400 {message}', async () => {
    for (const page of ['1e400', '1e3', '-1', '0', '9007199254740992', '99999999999999999999999', '1.0', '0x10', ' 2']) {
      const bad = await get<{ message: string }>(`/api/cities/istanbul/businesses?page=${encodeURIComponent(page)}`);
      expect(bad.status, page).toBe(400);
      expect(bad.body.message, page).toMatch(/page/);
    }
    const twice = await get<{ message: string }>('/api/cities/istanbul/businesses?page=2&page=3');
    expect([twice.status, twice.body.message]).toEqual([400, 'page must be given once']);
    // `page[]` is another parameter's name: the list's first page.
    expect((await get<ListPage>('/api/cities/istanbul/businesses?page[]=5')).body.pagination.page).toBe(1);
    expect((await get<{ message: string }>(`/api/search?q=cafe&page=2&limit=${MAX_PAGE_SIZE + 1}`)).status).toBe(400);
  });

  it('answers deep pages asked in parallel with the largest page size, each at once', async () => {
    const paths = Array.from({ length: 24 }, (_, i) => `${LISTS[i % LISTS.length]}limit=${MAX_PAGE_SIZE}&page=${Number.MAX_SAFE_INTEGER - i}`);
    const answers = await Promise.all(paths.map((p) => get<ListPage>(p)));
    expect(answers.map((a) => [a.status, a.body.items.length])).toEqual(paths.map(() => [200, 0]));
  });

  it("refuses an admin list's page whose offset PostgreSQL's integer cannot hold, with a 400 {message}", async () => {
    for (const path of ['/api/admin/businesses', '/api/admin/businesses?search=cafe', '/api/admin/businesses?sort=name', '/api/admin/trash']) {
      const sep = path.includes('?') ? '&' : '?';
      for (const page of [Number.MAX_SAFE_INTEGER, Math.floor(2 ** 31 / 50) + 1]) {
        const r = await admin.call('GET', `${path}${sep}page=${page}`);
        expect([r.status, typeof r.body?.message], `${path} ${page}`).toEqual([400, 'string']);
      }
      // The deepest it takes answers, empty.
      const deepest = await admin.call('GET', `${path}${sep}page=${Math.floor((2 ** 31 - 1) / 50)}`);
      expect(deepest.status, path).toBe(200);
    }
  });
});
