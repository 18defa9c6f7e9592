import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { signedInAdmin, type AdminClient } from '../admin-client.fixtures.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HOME = 'server/freshness/cache-control.ts';

/** The source files of the app (tests and fixtures aside), relative to the repository. */
function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(rel);
    return /\.tsx?$/.test(e.name) && !/\.(test|fixtures)\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

describe('one home for Cache-Control', () => {
  it('no file but cache-control.ts names the header (every answer takes a profile from it)', () => {
    const writers = ['server', 'data', 'db', 'domain', 'cli', 'web/src']
      .flatMap(sources)
      .filter((file) => file !== HOME && /['"`](cdn-)?cache-control['"`]/i.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(writers).toEqual([]);
  });

  it('no file hands a static file sender a max age (it would write Cache-Control itself)', () => {
    const senders = sources('server').filter((file) => /\bsend\([^)]*max_?age/is.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(senders).toEqual([]);
  });
});

describe('the Cache-Control of each kind of answer', () => {
  let app: TestApp;
  let admin: AdminClient;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await signedInAdmin(app);
  });
  afterAll(() => app?.close());

  const headers = async (p: string, init: RequestInit = {}) => {
    const res = await fetch(app.url + p, { redirect: 'manual', ...init });
    await res.arrayBuffer();
    return { status: res.status, cacheControl: res.headers.get('cache-control'), cdn: res.headers.get('cdn-cache-control') };
  };
  const asAdmin = (method = 'GET'): RequestInit => ({ method, headers: { cookie: admin.cookie, origin: app.url } });

  it('a public read: revalidated by browsers, a minute in shared caches, five more stale in a CDN', async () => {
    expect(await headers('/api/stats')).toEqual({ status: 200, cacheControl: 'public, max-age=0, must-revalidate, s-maxage=60', cdn: 'max-age=60, stale-while-revalidate=300' });
  });

  it('admin answers, refusals and downloads are kept by nobody', async () => {
    expect(await headers('/api/admin/check')).toMatchObject({ status: 200, cacheControl: 'no-store' });
    expect(await headers('/api/admin/check', asAdmin())).toMatchObject({ status: 200, cacheControl: 'no-store' });
    expect(await headers('/api/admin/businesses')).toMatchObject({ status: 401, cacheControl: 'no-store' });
    expect(await headers('/api/admin/export?format=csv', asAdmin('HEAD'))).toMatchObject({ status: 200, cacheControl: 'no-store' });
    expect(await headers('/api/admin/imports/999999/rejected', asAdmin())).toMatchObject({ status: 404, cacheControl: 'no-store' });
  });

  it('built files (needs dist/web: make build-web): hashed ones for a year, others for an hour, the admin shell nowhere', async () => {
    const html = await (await fetch(`${app.url}/about`)).text();
    const asset = /\/assets\/[^"']+\.js/.exec(html)![0];
    expect(await headers(asset)).toMatchObject({ status: 200, cacheControl: 'public, max-age=31536000, immutable' });
    expect(await headers('/og-image.png')).toMatchObject({ status: 200, cacheControl: 'max-age=3600' });
    expect(await headers('/admin')).toMatchObject({ status: 200, cacheControl: 'no-store' });
  });

  it('a readiness probe is never answered from a cache', async () => {
    expect(await headers('/readyz')).toMatchObject({ cacheControl: 'no-store' });
  });
});
