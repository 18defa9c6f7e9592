import type Koa from 'koa';
import type Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createApp } from '../../app.js';
import { testConfig } from '../../config.js';
import fs from 'node:fs';
import { startTestApp, type TestApp } from '../../test-app.js';
import { upsertUser } from '../../../db/queries/users.js';
import { signIn } from '../../test-login.js';

/** Routes a signed-out visitor may call: the public ones, and logout (which only ends a session). */
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
      'GET /api/admin/trash',
      'POST /api/admin/trash/restore',
      'POST /api/admin/trash/purge',
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

  /**
   * Other spellings of one admin path: letter case, percent-encoded letters, doubled and encoded
   * slashes, a trailing slash. None of them is the route's own spelling.
   */
  const spellings = (path: string): string[] => {
    const rest = path.slice('/api/admin/'.length);
    return [
      path.toUpperCase(),
      `/API/ADMIN/${rest}`,
      `/api/Admin/${rest}`,
      `/Api/admin/${rest}`,
      `/api/%61dmin/${rest}`,
      `/api/admin/%${rest.charCodeAt(0).toString(16)}${rest.slice(1)}`,
      `/api/admin/${rest.slice(0, -1)}%${rest.charCodeAt(rest.length - 1).toString(16).toUpperCase()}`,
      `//api//admin//${rest}`,
      `/api//admin/${rest}`,
      `/api%2Fadmin/${rest}`,
      `/api/admin%2f${rest}`,
      `${path}/`,
      `${path}//`,
    ];
  };

  /** What an attacker could leave behind: rows, import records, uploads, sitemaps, the trash, files. */
  const traces = async () => ({
    businesses: Number((await app.db('businesses').count({ n: '*' }).first())?.n),
    imports: Number((await app.db('imports').count({ n: '*' }).first())?.n),
    uploads: Number((await app.db('uploads').count({ n: '*' }).first())?.n),
    sitemaps: Number((await app.db('sitemap_files').count({ n: '*' }).first())?.n),
    trash: Number((await app.db('trashed_businesses').count({ n: '*' }).first())?.n),
    files: fs.readdirSync(app.config.uploadDir).length,
  });

  const attempt = async (method: string, url: string, headers: Record<string, string> = {}) => {
    const upload = url.toLowerCase().includes('upload');
    let body: BodyInit | undefined;
    if (method !== 'GET') {
      if (upload) {
        const form = new FormData();
        form.set('file', new Blob(['name,full_address\nEvil Upload,1 Evil St, Austin, TX\n']), 'evil.csv');
        body = form;
      } else {
        headers = { 'content-type': 'application/json', ...headers };
        body = JSON.stringify({ csvData: 'name,full_address\nEvil Paste,1 Evil St, Austin, TX\n', filePath: 'x', username: 'admin', password: 'x' });
      }
    }
    const res = await fetch(app.url + url, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    return { status: res.status, text };
  };

  it('serves no admin route in another spelling: every one is a JSON 401, 403 or 404, and nothing is stored', async () => {
    const before = await traces();
    const failures: string[] = [];
    let tried = 0;
    for (const { method, path } of admin) {
      for (const url of spellings(concrete(path))) {
        tried++;
        const res = await attempt(method, url);
        const json = (() => {
          try {
            return JSON.parse(res.text) as { message?: unknown };
          } catch {
            return null;
          }
        })();
        if (![401, 403, 404, 405].includes(res.status) || typeof json?.message !== 'string') failures.push(`${method} ${url} → ${res.status} ${res.text.slice(0, 80)}`);
      }
    }
    expect(tried).toBeGreaterThan(100);
    expect(failures).toEqual([]);
    expect(await traces()).toEqual(before);
  });

  it('does nothing for a signed-in admin either when the call comes from another site, in any spelling', async () => {
    await upsertUser(app.db, 'guard-admin', 'a long enough guard password');
    const cookie = await signIn(app.url, 'guard-admin', 'a long enough guard password');
    const before = await traces();
    const failures: string[] = [];
    for (const { method, path } of admin.filter((r) => r.method !== 'GET' && !r.path.endsWith('/logout') && !r.path.endsWith('/login'))) {
      for (const url of [concrete(path), ...spellings(concrete(path))]) {
        const res = await attempt(method, url, { cookie, origin: 'https://evil.example' });
        if (![403, 404, 405].includes(res.status)) failures.push(`${method} ${url} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await traces()).toEqual(before);
  });
});
