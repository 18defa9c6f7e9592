import http from 'node:http';
import net from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { upsertUser } from '../../db/queries/users.js';

/** Hostile bytes in URLs and bodies: a 400 or 404 {message}, never a 500, never an error log line. */
describe('bad bytes in requests', () => {
  let app: TestApp;
  let cookie: string;
  const lines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await startTestApp({}, { logger: pino({ level: 'info' }, sink) });
    await upsertUser(app.db, 'admin', 'a long enough password');
    const res = await fetch(`${app.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'a long enough password' }),
    });
    cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  });
  afterAll(() => app.close());

  const call = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(app.url + path, { ...init, headers: { cookie, ...(init.headers as Record<string, string>) } });
    const text = await res.text();
    return { status: res.status, text };
  };
  const expectClientError = async (path: string, init?: RequestInit) => {
    const res = await call(path, init);
    expect([400, 404], `${path} → ${res.status} ${res.text}`).toContain(res.status);
    expect(JSON.parse(res.text)).toEqual({ message: expect.any(String) });
  };

  it('refuses NUL and malformed escapes in queries and slugs with 400 or 404', async () => {
    for (const path of [
      '/api/search?q=%00',
      '/api/search?q=pizza&location=%00x',
      '/api/businesses/detail/%00',
      '/api/cities/a%00b',
      '/api/cities/a%00b/businesses',
      '/api/categories/%00',
      '/api/countries/%00',
      '/api/search?q=%E0%A4%A',
      '/api/admin/businesses?search=%00',
      '/api/admin/export?country=%00',
      '/api/admin/export?format=xlsx&country=%00',
      '/api/admin/imports/2147483648',
      '/api/admin/imports/99999999999999999999',
      '/api/admin/imports/0',
      '/api/cities/x/businesses?page=99999999999999999999',
    ]) {
      await expectClientError(path);
    }
  });

  it('refuses malformed, non-object and NUL-carrying JSON bodies with 400', async () => {
    for (const body of ['{bad', '"str"', '[1]', 'null', '12', '{"csvData":"name,full_address\\nA\\u0000,B"}']) {
      for (const path of ['/api/admin/import', '/api/admin/login', '/api/admin/import-excel-stream']) {
        await expectClientError(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      }
    }
    expect(Number((await app.db('businesses').count({ n: '*' }).first())?.n)).toBe(0);
  });

  it('answers a browser asking for a page with one line of text, and the API and any other client with {message}', async () => {
    const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    for (const path of ['/city/%E0%A4%A', '/city/istanbul%00', '/search?q=%', '/%']) {
      const page = await call(path, { headers: html });
      expect(page.status, path).toBe(400);
      expect(page.text, path).toMatch(/^(Malformed percent-encoding in the URL|The URL contains a NUL character)\n$/);
      expect(JSON.parse((await call(path)).text), path).toEqual({ message: expect.any(String) });
    }
    expect(JSON.parse((await call('/api/search?q=%00', { headers: html })).text)).toEqual({ message: 'The URL contains a NUL character' });
  });

  it('refuses a method no route knows as one its path does not allow: 405 with Allow, or 404 where no route is; never a 5xx', async () => {
    // node:http, not fetch: fetch refuses to send TRACE.
    const send = (method: string, path: string) =>
      new Promise<{ status: number; allow: string | undefined; text: string }>((resolve, reject) => {
        const req = http.request(app.url + path, { method }, (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (c: string) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode!, allow: res.headers.allow, text }));
        });
        req.on('error', reject).end();
      });
    for (const method of ['TRACE', 'PROPFIND', 'POST', 'DELETE']) {
      const res = await send(method, '/api/stats');
      expect(res.status, method).toBe(405);
      expect(res.allow, method).toBe('HEAD, GET');
      expect(JSON.parse(res.text), method).toEqual({ message: `The method ${method} is not allowed here` });
    }
    for (const path of ['/api/nope', '/']) {
      const res = await send('TRACE', path);
      expect(res.status, path).toBe(404);
      expect(res.allow, path).toBeUndefined();
    }
  });

  it('answers a request Node cannot read with {message}: a URL past 16 KB a 431, whole even at 100 KB; a malformed request a 400', async () => {
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const { port } = new URL(app.url);
        let answer = '';
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
        socket.setEncoding('utf8').on('data', (c: string) => (answer += c));
        socket.on('close', () => resolve(answer)).on('error', reject);
      });
    for (const length of [17_000, 100_000]) {
      const answer = await raw(`GET /api/search?q=${'a'.repeat(length)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(answer, `${length}`).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ message: 'The URL and headers of the request are too long: 16 KB at most' });
    }
    const bad = await raw('GET / HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n');
    expect(bad).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(bad.slice(bad.indexOf('\r\n\r\n') + 4))).toEqual({ message: 'The request is not well-formed HTTP' });
    // The server still answers.
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  it('logs none of them as a server failure', () => {
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
    expect(lines.some((l) => l.msg === 'request')).toBe(true);
  });
});
