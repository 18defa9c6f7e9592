import type Koa from 'koa';
import type Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { startTestApp, type TestApp } from '../../test-app.js';

/** Routes a signed-out visitor may call (CONTRACT §5 + logout, which only ends a session). */
const OPEN = new Set(['/api/admin/login', '/api/admin/check', '/api/admin/logout']);

interface RouteInfo {
  method: string;
  path: string;
}

/**
 * Every route of every @koa/router mounted on the app, found from the app itself (each
 * `router.routes()` middleware carries its router), so a router or route added later is walked
 * too without anyone remembering to list it here.
 */
function routesOf(app: Koa): RouteInfo[] {
  const found: RouteInfo[] = [];
  for (const mw of app.middleware as (Koa.Middleware & { router?: Router })[]) {
    if (!mw.router) continue;
    for (const layer of mw.router.stack) {
      if (typeof layer.path !== 'string') continue;
      for (const method of layer.methods) if (method !== 'HEAD' && method !== 'OPTIONS') found.push({ method, path: layer.path });
    }
  }
  return found;
}

/** A concrete URL for a route pattern: every parameter filled with a harmless value. */
const concrete = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, 'x').replace(/\{[^}]*\}/g, '');

describe('the admin guard, proved for every registered route', () => {
  let app: TestApp;
  let admin: RouteInfo[];

  beforeAll(async () => {
    app = await startTestApp();
    const built = createApp({ db: app.db, config: testConfig(), logger: pino({ level: 'silent' }) });
    admin = routesOf(built).filter((r) => r.path.startsWith('/api/admin/'));
  });
  afterAll(() => app.close());

  it('finds the admin routes by walking the routers (the sweep is not vacuous)', () => {
    const paths = admin.map((r) => `${r.method} ${r.path}`);
    for (const expected of [
      'GET /api/admin/businesses',
      'GET /api/admin/country-stats',
      'GET /api/admin/countries',
      'GET /api/admin/export',
      'POST /api/admin/login',
      'GET /api/admin/check',
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it('answers 401 {message} without a session on every /api/admin/* route but login, check and logout', async () => {
    const guarded = admin.filter((r) => !OPEN.has(r.path));
    expect(guarded.length).toBeGreaterThan(3);
    const failures: string[] = [];
    for (const { method, path } of guarded) {
      const res = await fetch(app.url + concrete(path), {
        method,
        headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
        body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
      });
      const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
      if (res.status !== 401 || typeof body?.message !== 'string') failures.push(`${method} ${path} → ${res.status} ${JSON.stringify(body)}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to a forged session cookie as well', async () => {
    for (const { method, path } of admin.filter((r) => !OPEN.has(r.path) && r.method === 'GET')) {
      const res = await fetch(app.url + concrete(path), { method, headers: { cookie: 'rehber.sid=forged; rehber.sid.sig=forged' } });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('refuses every state-changing admin route from another site with 403', async () => {
    const writes = admin.filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(0);
    for (const { method, path } of writes) {
      const res = await fetch(app.url + concrete(path), {
        method,
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
        body: '{}',
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual({ message: expect.any(String) });
    }
  });
});
