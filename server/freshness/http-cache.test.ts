/** HTTP caching by data version: validators, 304s, the answer cache, invalidation across processes. */
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { startServerProcess, type ServerProcess } from '../server-process.fixtures.js';
import { importCsvText } from '../../data/import/import.fixtures.js';
import { setBusinessesActive } from '../../data/store/visibility.js';
import { signedInAdmin } from '../admin-client.fixtures.js';
import { CACHE_PROFILES } from './cache-control.js';
import { cacheStats } from '../../domain/bounded-cache.js';
import { encodedCopyStats } from './http-cache.js';

const PUBLIC_CACHE_CONTROL = CACHE_PROFILES['public-read'].cacheControl;

describe('HTTP caching by data version', () => {
  let app: TestApp;
  // A second server, `make start`'s, in a process of its own on the same database: its own
  // listener, its own cache.
  let other: { url: string; process: ServerProcess };
  beforeAll(async () => {
    app = await startTestApp();
    await importCsvText(app.db, ['name,category,full_address,place_id', 'Moda Fırını,Bakery,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",P1'].join('\n'), {
      source: 'cli',
      mode: 'upsert',
    });
    // Started after the import: an empty database would get the sample directory.
    const second = startServerProcess({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: app.dbUrl,
      UPLOAD_DIR: path.join(app.config.uploadDir, 'other'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'other-process',
      ADMIN_PASSWORD: 'a long enough password for the other process',
    });
    other = { url: await second.serving, process: second };
  });
  afterAll(async () => {
    if (other) expect(await other.process.stop()).toBe(0);
    await app.close();
  });

  const get = (base: string, path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers });
  // The bytes as sent (fetch would decode them, and add its own Accept-Encoding).
  const raw = (base: string, path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(base + path, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  it('gives public API answers an ETag, Last-Modified and shared-cache headers, and 304 when they still match', async () => {
    const first = await get(app.url, '/api/stats');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    const etag = first.headers.get('etag')!;
    // Weak: it names the data version's answer, not its bytes (gzip or not, one render or another).
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get('last-modified')).toBeTruthy();
    const again = await get(app.url, '/api/stats', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const since = await get(app.url, '/api/stats', { 'if-modified-since': first.headers.get('last-modified')! });
    expect(since.status).toBe(304);
  });

  it('gives public HTML pages the same validators, and 304', async () => {
    const page = await get(app.url, '/');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    expect((await get(app.url, '/', { 'if-none-match': page.headers.get('etag')! })).status).toBe(304);
    const missing = await get(app.url, '/details/no-such-business');
    expect([missing.status, missing.headers.get('cache-control')]).toEqual([404, 'no-store']);
  });

  it('keeps a page from the second time it is asked in a version: the third is served from memory', async () => {
    const slug = (await app.db('businesses').first('slug')).slug;
    const path = `/details/${slug}?from=cache-test`;
    // Whether an answer came from the answer cache (the second ask renders the page again, though
    // its business comes from the read service's memo without a statement).
    const served = () => cacheStats().filter((s) => s.name === 'answers').reduce((n, s) => n + s.hits, 0);
    const fromMemory: boolean[] = [];
    const tags: Array<string | null> = [];
    for (let i = 0; i < 3; i++) {
      const before = served();
      const res = await get(app.url, path);
      expect(res.status).toBe(200);
      tags.push(res.headers.get('etag'));
      fromMemory.push(served() > before);
    }
    expect(fromMemory).toEqual([false, false, true]);
    expect(new Set(tags).size).toBe(1);
  });

  it("keeps a kept page's brotli and gzip copies: compressed once, the same bytes again, the same HTML", async () => {
    const slug = (await app.db('businesses').first('slug')).slug;
    const path = `/details/${slug}?from=encoded-copies`;
    // Asked twice: kept. The third, in identity, is the kept bytes themselves.
    for (let i = 0; i < 2; i++) expect((await raw(app.url, path, { 'accept-encoding': 'identity' })).status).toBe(200);
    const plain = await raw(app.url, path, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const etag = plain.headers.etag;

    const before = encodedCopyStats();
    const keptBytes = () => cacheStats().filter((s) => s.name === 'answers').reduce((n, s) => n + s.bytes, 0);
    const bytesBefore = keptBytes();
    const browser = 'gzip, deflate, br';
    const [first, second] = [await raw(app.url, path, { 'accept-encoding': browser }), await raw(app.url, path, { 'accept-encoding': browser })];
    for (const res of [first, second]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers.etag).toBe(etag);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
    }
    expect(second.body.equals(first.body)).toBe(true);
    expect(zlib.brotliDecompressSync(first.body).equals(plain.body)).toBe(true);
    // Compressed once, for the first; the second was the kept copy.
    expect(encodedCopyStats()).toEqual({ made: before.made + 1, served: before.served + 1 });
    // The copy counts against the cache's byte bound.
    expect(keptBytes() - bytesBefore).toBe(first.body.length);

    // A client without brotli gets gzip (kept too); one that refuses brotli as well.
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const gzipped = await raw(app.url, path, { 'accept-encoding': accept });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    }
    expect(encodedCopyStats()).toEqual({ made: before.made + 2, served: before.served + 2 });
    // Without the header, the plain bytes; and a client holding it gets 304 whatever it accepts.
    const none = await raw(app.url, path, {});
    expect([none.headers['content-encoding'], none.body.equals(plain.body)]).toEqual([undefined, true]);
    const revalidated = await raw(app.url, path, { 'accept-encoding': browser, 'if-none-match': etag! });
    expect([revalidated.status, revalidated.body.length]).toEqual([304, 0]);
  });

  it("compresses a kept page once for clients asking for it at the same time", async () => {
    const slug = (await app.db('businesses').first('slug')).slug;
    const path = `/details/${slug}?from=encoded-at-once`;
    for (let i = 0; i < 2; i++) expect((await raw(app.url, path, { 'accept-encoding': 'identity' })).status).toBe(200);
    const before = encodedCopyStats();
    const answers = await Promise.all(Array.from({ length: 4 }, () => raw(app.url, path, { 'accept-encoding': 'gzip, deflate, br' })));
    expect(answers.map((a) => a.headers['content-encoding'])).toEqual(['br', 'br', 'br', 'br']);
    for (const a of answers) expect(a.body.equals(answers[0].body)).toBe(true);
    expect(encodedCopyStats()).toEqual({ made: before.made + 1, served: before.served + 3 });
  });

  it('answers 304 to its weak ETag given back strong, and to a list that holds it', async () => {
    const etag = (await get(app.url, '/api/stats')).headers.get('etag')!;
    const strong = etag.replace(/^W\//, '');
    expect((await get(app.url, '/api/stats', { 'if-none-match': strong })).status).toBe(304);
    expect((await get(app.url, '/api/stats', { 'if-none-match': `"other", ${etag}` })).status).toBe(304);
    expect((await get(app.url, '/api/stats', { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('answers an unchanged hashed asset 304 to If-Modified-Since', async () => {
    const html = await (await get(app.url, '/about')).text();
    const asset = /\/assets\/[^"']+\.js/.exec(html)![0];
    const first = await get(app.url, asset);
    expect(first.status).toBe(200);
    expect((await get(app.url, asset, { 'if-modified-since': first.headers.get('last-modified')! })).status).toBe(304);
  });

  it('marks every admin answer no-store, refusals included', async () => {
    expect((await get(app.url, '/api/admin/businesses')).headers.get('cache-control')).toBe('no-store');
    const { cookie } = await signedInAdmin(app);
    expect((await get(app.url, '/api/admin/businesses', { cookie })).headers.get('cache-control')).toBe('no-store');
    expect((await get(app.url, '/admin')).headers.get('cache-control')).toBe('no-store');
  });

  it("a write invalidates every process's cache (two app processes on one database)", async () => {
    expect(other.process.child.pid).not.toBe(process.pid);
    const slug = (await app.db('businesses').first('slug')).slug;
    const path = `/api/businesses/detail/${slug}`;
    const before = await Promise.all([get(app.url, path), get(other.url, path)]);
    expect(before.map((r) => r.status)).toEqual([200, 200]);
    const tags = before.map((r) => r.headers.get('etag')!);
    // Hidden through the store, as an admin in a third process would: both servers must stop showing it.
    await setBusinessesActive(app.db, [Number((await app.db('businesses').first('id')).id)], false);
    for (const [i, base] of [app.url, other.url].entries()) {
      await expect.poll(async () => (await get(base, path, { 'if-none-match': tags[i] })).status, { timeout: 3000 }).toBe(404);
    }
  });
});
