import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-app.js';
import { upsertUser } from '../../../db/queries/users.js';
import { seedBusinesses } from '../../../db/queries/admin-businesses.fixtures.js';
import { EXPORT_COLUMNS } from '../../../data/export/export.js';

const PASSWORD = 'a long enough test password';

describe('admin business list, country stats and export over HTTP', () => {
  let app: TestApp;
  let cookie: string;
  const get = (path: string) => fetch(app.url + path, { headers: { cookie } });
  const json = async (path: string) => {
    const res = await get(path);
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    app = await startTestApp();
    await upsertUser(app.db, 'admin', PASSWORD);
    const res = await fetch(`${app.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    await seedBusinesses(app.db, [
      ...Array.from({ length: 55 }, (_, i) => ({ name: `Shop ${i + 1}`, address: `${i + 1} Main St, Austin, TX`, city: 'Austin', state: 'TX', country: 'United States' })),
      { name: 'Kadıköy Fırını', address: 'Moda Cd. 1, Kadıköy/İstanbul', city: 'Kadıköy', country: 'Türkiye', category: 'Bakery', phone: '+90 216 555 00 00', isVerified: true, rating: 4.2 },
      { name: '@home Decor', address: '=1+2', city: 'Kadıköy', country: 'Türkiye' },
    ]);
  });
  afterAll(() => app.close());

  it('pages the list 50 at a time with the totals', async () => {
    const p1 = await json('/api/admin/businesses?page=1&limit=50');
    expect(p1.status).toBe(200);
    expect(p1.body.pagination).toEqual({ page: 1, limit: 50, total: 57, totalPages: 2 });
    expect(p1.body.businesses).toHaveLength(50);
    const p2 = await json('/api/admin/businesses?page=2&limit=50');
    expect(p2.body.businesses).toHaveLength(7);
    expect(p2.body.businesses.at(-1)).toMatchObject({ name: 'Shop 1', city: { name: 'Austin' }, country: 'United States', category: null, rating: 0, isVerified: false });
  });

  it('serialises a list answer to JSON once, and sends it as JSON', async () => {
    const stringify = JSON.stringify;
    let lists = 0;
    JSON.stringify = ((value: unknown, ...rest: [never, never]) => {
      if (value !== null && typeof value === 'object' && 'businesses' in value && 'pagination' in value) lists++;
      return stringify(value, ...rest);
    }) as typeof JSON.stringify;
    let res: Response;
    try {
      res = await get('/api/admin/businesses?page=2&limit=50');
    } finally {
      JSON.stringify = stringify;
    }
    expect([res.status, res.headers.get('content-type'), lists]).toEqual([200, 'application/json; charset=utf-8', 1]);
    expect((await res.json()).businesses).toHaveLength(7);
  });

  it('searches by name, address or city', async () => {
    const byCity = await json('/api/admin/businesses?page=1&limit=50&search=kadık');
    expect(byCity.body.businesses.map((b: { name: string }) => b.name).sort()).toEqual(['@home Decor', 'Kadıköy Fırını']);
    expect(byCity.body.pagination.total).toBe(2);
    const byAddress = await json('/api/admin/businesses?search=55%20main');
    expect(byAddress.body.businesses.map((b: { name: string }) => b.name)).toEqual(['Shop 55']);
  });

  it('answers 400 for a bad page or limit', async () => {
    for (const q of ['page=0', 'page=-1', 'page=abc', 'limit=0', 'limit=1000', 'page=1.5']) {
      const res = await json(`/api/admin/businesses?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
  });

  it('lists businesses per country, most first, on both country calls', async () => {
    const expected = [
      { country: 'United States', count: 55 },
      { country: 'Türkiye', count: 2 },
    ];
    expect((await json('/api/admin/country-stats')).body).toEqual(expected);
    expect((await json('/api/admin/countries')).body).toEqual(expected);
  });

  it('exports one country as CSV: attachment, file name, BOM, neutralised formulas', async () => {
    const res = await get('/api/admin/export?country=T%C3%BCrkiye&format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="businesses-turkiye-${today}.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = Papa.parse<Record<string, string>>(bytes.subarray(3).toString('utf8'), { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual([...EXPORT_COLUMNS]);
    expect(parsed.data).toHaveLength(2);
    const byName = Object.fromEntries(parsed.data.map((r) => [r.name, r]));
    expect(byName['Kadıköy Fırını']).toMatchObject({ phone: '+90 216 555 00 00', category: 'Bakery', is_verified: 'true', country: 'Türkiye' });
    expect(byName['Kadıköy Fırını'].detail_url).toMatch(new RegExp(`^${app.url}/details/kadikoy-firini`));
    expect(byName["'@home Decor"]).toMatchObject({ full_address: "'=1+2" });
  });

  it('exports all countries as XLSX that exceljs reads back', async () => {
    const res = await get('/api/admin/export?format=xlsx');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="businesses-all-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const sheet = wb.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...EXPORT_COLUMNS]);
    expect(sheet.actualRowCount).toBe(58);
  });

  it('defaults to XLSX and refuses an unknown format with 400', async () => {
    const res = await get('/api/admin/export');
    expect(res.headers.get('content-disposition')).toMatch(/\.xlsx"$/);
    await res.arrayBuffer();
    const head = await fetch(`${app.url}/api/admin/export?format=csv`, { method: 'HEAD', headers: { cookie } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-disposition')).toMatch(/\.csv"$/);
    const bad = await json('/api/admin/export?format=pdf');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/format/);
  });
});
