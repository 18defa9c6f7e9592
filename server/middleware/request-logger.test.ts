import net from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { upsertUser } from '../../db/queries/users.js';

interface Line {
  level: number;
  msg: string;
  method?: string;
  path?: string;
  status?: number;
  aborted?: boolean;
  err?: { stack?: string };
}

describe('the request log', () => {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Line);
      done();
    },
  });
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({}, { logger: pino({ level: 'info' }, sink) });
    await upsertUser(app.db, 'admin', 'a long enough test password');
  });
  afterAll(() => app.close());

  /** The status the request line of `method path` logged for its last request; the line is written after the answer, so poll for it. */
  const logged = (method: string, path: string) =>
    expect.poll(() => lines.filter((l) => l.msg === 'request' && l.method === method && l.path === path).map((l) => l.status).at(-1));
  const login = (password: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url, ...headers },
      body: JSON.stringify({ username: 'admin', password }),
    });

  it('logs a signed-out admin call as the 401 it answered', async () => {
    const res = await fetch(`${app.url}/api/admin/businesses`);
    expect(res.status).toBe(401);
    await logged('GET', '/api/admin/businesses').toBe(401);
  });

  it('logs a cross-site write as the 403 it answered', async () => {
    const res = await fetch(`${app.url}/api/admin/logout`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    await logged('POST', '/api/admin/logout').toBe(403);
  });

  it('logs a malformed body as the 400 it answered', async () => {
    const res = await fetch(`${app.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":' });
    expect(res.status).toBe(400);
    await logged('POST', '/api/admin/login').toBe(400);
  });

  it('logs an unknown business as the 404 it answered', async () => {
    const res = await fetch(`${app.url}/api/businesses/no-such-business-here`);
    expect(res.status).toBe(404);
    await logged('GET', '/api/businesses/no-such-business-here').toBe(404);
  });

  it('logs a brute force: each wrong password as 401, then the throttle as 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(`wrong ${i}`, { 'x-forwarded-for': '203.0.113.9' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const logins = () => lines.filter((l) => l.msg === 'request' && l.path === '/api/admin/login').map((l) => l.status);
    await expect.poll(() => logins().slice(-6)).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('logs a failure as the 500 it answered, with one error line holding the cause', async () => {
    // A real failure of the database, not a stub: the table a read needs is gone for a moment.
    await app.db.raw('ALTER TABLE categories RENAME TO categories_away');
    try {
      const res = await fetch(`${app.url}/api/categories?failing=1`);
      expect([res.status, await res.json()]).toEqual([500, { message: 'Internal server error' }]);
    } finally {
      await app.db.raw('ALTER TABLE categories_away RENAME TO categories');
    }
    await logged('GET', '/api/categories').toBe(500);
    expect(lines.filter((l) => l.level === 50 && l.path === '/api/categories')).toEqual([expect.objectContaining({ msg: 'request failed' })]);
  });

  it('logs a body the client abandoned as one info line, not an error with a stack', async () => {
    const before = lines.length;
    const { port } = new URL(app.url);
    // Half the announced body, then the client hangs up (HPE_INVALID_EOF_STATE / ECONNRESET below).
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.on('connect', r));
    socket.write('POST /api/admin/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"username":');
    await new Promise((r) => setTimeout(r, 50));
    socket.end();
    await new Promise((r) => setTimeout(r, 50));
    socket.destroy();
    await expect.poll(() => lines.slice(before).some((l) => l.msg === 'request'), { timeout: 10_000 }).toBe(true);
    // Room for a late error line, were one still to come.
    await new Promise((r) => setTimeout(r, 200));
    const fresh = lines.slice(before);
    expect(fresh.filter((l) => l.level >= 50)).toEqual([]);
    expect(JSON.stringify(fresh)).not.toContain('    at ');
    expect(fresh.filter((l) => l.path === '/api/admin/login')).toEqual([expect.objectContaining({ level: 30, msg: 'request', status: 400, aborted: true })]);
  });
});
