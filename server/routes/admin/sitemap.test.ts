import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-app.js';
import { upsertUser } from '../../../db/queries/users.js';
import { loadSample } from '../../../data/samples/sample.js';
import { startHeldGeneration } from '../../../data/sitemap/sitemap-fixtures.js';

describe('sitemap admin API', () => {
  let app: TestApp;
  let cookie = '';
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(app.url + path, {
      method,
      headers: { 'content-type': 'application/json', origin: app.url, ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, setCookies: res.headers.getSetCookie() };
  };

  beforeAll(async () => {
    app = await startTestApp();
    await loadSample(app.db);
    await upsertUser(app.db, 'admin', 'secret-pass');
    const res = await call('POST', '/api/admin/login', { username: 'admin', password: 'secret-pass' });
    expect(res.status).toBe(200);
    cookie = res.setCookies.map((c) => c.split(';')[0]).join('; ');
  });
  afterAll(() => app.close());

  it('refuses every sitemap call without a session (401)', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/sitemap/stats'],
      ['GET', '/api/admin/sitemap/files'],
      ['GET', '/api/admin/sitemap/progress'],
      ['POST', '/api/admin/sitemap/generate'],
      ['POST', '/api/admin/sitemap/validate'],
    ]) {
      const res = await fetch(app.url + path, { method, headers: { origin: app.url } });
      expect(res.status).toBe(401);
    }
  });

  it('stats, empty files and progress before any generation', async () => {
    const stats = await call('GET', '/api/admin/sitemap/stats');
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ lastGenerated: null });
    expect(stats.body.totalBusinesses).toBeGreaterThan(1000);
    expect(stats.body.totalCities).toBeGreaterThan(0);
    expect(stats.body.totalCategories).toBeGreaterThan(0);
    expect(stats.body.totalCountries).toBeGreaterThan(0);
    expect(stats.body.totalCityCategories).toBeGreaterThan(0);
    expect(stats.body.totalDistrictCategories).toBeGreaterThan(0);
    expect(stats.body.totalCountryCategories).toBeGreaterThan(0);
    expect((await call('GET', '/api/admin/sitemap/files')).body).toEqual([]);
    expect((await call('GET', '/api/admin/sitemap/progress')).body).toEqual({ progress: 0 });
    expect((await call('POST', '/api/admin/sitemap/validate')).body).toEqual({ validFiles: 0, errors: ['No sitemaps have been generated yet'] });
  });

  it('generates, lists the files, validates them and reports 100%', async () => {
    const gen = await call('POST', '/api/admin/sitemap/generate');
    expect(gen.status).toBe(200);
    expect(gen.body.success).toBe(true);
    expect(gen.body.files.map((f: { name: string }) => f.name)).toEqual(['sitemap.xml', 'businesses-1.xml', 'cities-1.xml', 'categories-1.xml', 'countries-1.xml', 'city-categories-1.xml', 'district-categories-1.xml', 'country-categories-1.xml', 'pages-1.xml']);
    const files = (await call('GET', '/api/admin/sitemap/files')).body;
    expect(files[1]).toEqual({
      name: 'businesses-1.xml',
      type: 'businesses',
      count: expect.any(Number),
      size: expect.stringMatching(/^\d+(\.\d)? (B|KB|MB)$/),
      status: 'ready',
      lastModified: expect.any(String),
      url: '/sitemaps/businesses-1.xml',
    });
    expect((await call('GET', '/api/admin/sitemap/stats')).body.lastGenerated).toEqual(expect.any(String));
    expect((await call('GET', '/api/admin/sitemap/progress')).body).toEqual({ progress: 100 });
    expect((await call('POST', '/api/admin/sitemap/validate')).body).toEqual({ validFiles: 9, errors: [] });
  });

  it('answers 409 while another generation runs, and reports its progress', async () => {
    const held = await startHeldGeneration(app.db, app.config.publicBaseUrl);
    const busy = await call('POST', '/api/admin/sitemap/generate');
    expect(busy).toMatchObject({ status: 409, body: { message: 'A sitemap generation is already running' } });
    const { progress } = (await call('GET', '/api/admin/sitemap/progress')).body;
    expect(progress).toBeGreaterThan(0);
    expect(progress).toBeLessThan(100);
    await held.finish();
    expect((await call('GET', '/api/admin/sitemap/progress')).body).toEqual({ progress: 100 });
  });
});
