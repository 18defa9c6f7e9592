import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-app.js';
import { upsertUser } from '../../../db/queries/users.js';
import { LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_ADDRESS } from '../../../domain/constants.js';

const attemptRows = async (db: TestApp['db']) => Number((await db('login_attempts').count({ n: '*' }))[0].n);

const PASSWORD = 'correct horse battery staple';

describe('admin sign-in, sessions and the admin guard', () => {
  let app: TestApp;
  let nextIp = 1;
  /** Each call comes from its own address unless one is given (TRUST_PROXY is on in this file). */
  const call = async (method: string, path: string, opts: { body?: unknown; cookie?: string; ip?: string; headers?: Record<string, string> } = {}) => {
    const res = await fetch(app.url + path, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': opts.ip ?? `10.0.0.${nextIp++}`,
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, setCookies: res.headers.getSetCookie() };
  };
  const cookieOf = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]).filter((c) => !c.endsWith('=')).join('; ');
  const login = async (username = 'admin', password = PASSWORD, ip?: string) => call('POST', '/api/admin/login', { body: { username, password }, ip });

  beforeAll(async () => {
    app = await startTestApp({ trustProxy: true });
    await upsertUser(app.db, 'admin', PASSWORD);
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.db('login_attempts').delete();
  });

  it('says not authenticated before sign-in and refuses guarded admin calls with 401', async () => {
    expect((await call('GET', '/api/admin/check')).body).toEqual({ authenticated: false });
    const guarded = await call('GET', '/api/admin/businesses');
    expect(guarded.status).toBe(401);
    expect(guarded.body).toEqual({ message: expect.any(String) });
  });

  it('needs both a username and a password (400)', async () => {
    for (const body of [{}, { username: 'admin' }, { password: PASSWORD }, { username: '', password: 'x' }, { username: 'admin', password: 5 }]) {
      const res = await call('POST', '/api/admin/login', { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/required/);
    }
  });

  it('refuses a wrong password or an unknown user with 401 Invalid credentials', async () => {
    expect(await login('admin', 'wrong')).toMatchObject({ status: 401, body: { message: 'Invalid credentials' } });
    expect(await login('nobody', PASSWORD)).toMatchObject({ status: 401, body: { message: 'Invalid credentials' } });
  });

  it('signs in with an httpOnly SameSite=Lax cookie whose data lives server-side', async () => {
    const res = await login();
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    const sid = res.setCookies.find((c) => c.startsWith('rehber.sid='))!;
    expect(sid).toMatch(/httponly/i);
    expect(sid).toMatch(/samesite=lax/i);
    expect(sid).not.toMatch(/secure/i);
    const cookie = cookieOf(res.setCookies);
    expect((await call('GET', '/api/admin/check', { cookie })).body).toEqual({ authenticated: true, username: 'admin' });
    expect((await call('GET', '/api/admin/no-such-call', { cookie })).status).toBe(404);
    const id = decodeURIComponent(cookie.match(/rehber\.sid=([^;]+)/)![1]);
    const row = await app.db('sessions').where({ sid: id }).first();
    expect(row.data).toMatchObject({ username: 'admin' });
  });

  it('marks the cookie Secure when the request came over HTTPS through the proxy', async () => {
    const res = await call('POST', '/api/admin/login', { body: { username: 'admin', password: PASSWORD }, headers: { 'x-forwarded-proto': 'https' } });
    expect(res.status).toBe(200);
    expect(res.setCookies.find((c) => c.startsWith('rehber.sid='))).toMatch(/secure/i);
  });

  it('ends the session server-side on logout: the old cookie no longer authenticates', async () => {
    const cookie = cookieOf((await login()).setCookies);
    expect((await call('GET', '/api/admin/check', { cookie })).body.authenticated).toBe(true);
    expect(await call('POST', '/api/admin/logout', { cookie })).toMatchObject({ status: 200, body: { success: true } });
    expect((await call('GET', '/api/admin/check', { cookie })).body).toEqual({ authenticated: false });
    expect((await call('GET', '/api/admin/businesses', { cookie })).status).toBe(401);
  });

  it('does not authenticate a forged or tampered cookie', async () => {
    const cookie = cookieOf((await login()).setCookies);
    const forged = cookie.replace(/rehber\.sid=[^;]+/, 'rehber.sid=00000000-0000-4000-8000-000000000000');
    expect((await call('GET', '/api/admin/check', { cookie: forged })).body).toEqual({ authenticated: false });
    const unsigned = 'rehber.sid=' + cookie.match(/rehber\.sid=([^;]+)/)![1];
    expect((await call('GET', '/api/admin/check', { cookie: unsigned })).body).toEqual({ authenticated: false });
    expect((await call('GET', '/api/admin/businesses', { cookie: 'rehber.sid=abc; rehber.sid.sig=def' })).status).toBe(401);
  });

  it('ignores an expired session row', async () => {
    const cookie = cookieOf((await login()).setCookies);
    await app.db('sessions').update({ expires_at: app.db.raw(`now() - interval '1 second'`) });
    expect((await call('GET', '/api/admin/check', { cookie })).body).toEqual({ authenticated: false });
  });

  it('refuses state-changing admin calls from another site (403)', async () => {
    const cookie = cookieOf((await login()).setCookies);
    const evil = { Origin: 'https://evil.example' };
    expect((await call('POST', '/api/admin/login', { body: { username: 'admin', password: PASSWORD }, headers: evil })).status).toBe(403);
    expect((await call('POST', '/api/admin/logout', { cookie, headers: evil })).status).toBe(403);
    expect((await call('POST', '/api/admin/logout', { cookie, headers: { Referer: 'https://evil.example/page' } })).status).toBe(403);
    // Still signed in: the refused logout did nothing.
    expect((await call('GET', '/api/admin/check', { cookie })).body.authenticated).toBe(true);
    expect((await call('POST', '/api/admin/logout', { cookie, headers: { Origin: app.url } })).status).toBe(200);
  });

  it('throttles an address and username after too many failures, the right password included (429)', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await login('admin', 'wrong', '10.8.8.8')).status).toBe(401);
    const blocked = await login('ADMIN', PASSWORD, '10.8.8.8');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: expect.any(String) });
  });

  it('never lets failures from one address lock the admin out of another', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES * 3; i++) await login('admin', 'wrong', `10.7.7.${i % 3}`);
    expect((await login('admin', 'wrong', '10.7.7.0')).status).toBe(429);
    expect((await login('admin', PASSWORD, '10.7.7.200')).status).toBe(200);
  });

  it('throttles an address after too many failures, whatever the usernames (429)', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) expect((await login(`guess${i}`, 'wrong', '10.9.9.9')).status).toBe(401);
    expect((await login('admin', PASSWORD, '10.9.9.9')).status).toBe(429);
    expect((await login('admin', PASSWORD, '10.9.9.10')).status).toBe(200);
  });

  it('counts parallel attempts before checking them: 40 at once get at most the limit of password checks', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => login('admin', 'wrong', '10.6.6.6')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LOGIN_MAX_FAILURES);
  });

  it('counts the address the proxy saw, not entries the client wrote in X-Forwarded-For (429 after the limit)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_MAX_FAILURES * 2; i++) statuses.push((await login('admin', 'wrong', `203.0.113.${i}, 10.4.4.4`)).status);
    expect(statuses.slice(0, LOGIN_MAX_FAILURES)).toEqual(Array(LOGIN_MAX_FAILURES).fill(401));
    expect(statuses.slice(LOGIN_MAX_FAILURES)).toEqual(Array(LOGIN_MAX_FAILURES).fill(429));
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 one', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await login('admin', 'wrong', `2001:db8:1:2::${i + 1}`)).status).toBe(401);
    expect((await login('admin', PASSWORD, '2001:0db8:0001:0002:ffff::9')).status).toBe(429);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await login('admin', 'wrong', '10.3.3.3')).status).toBe(401);
    expect((await login('admin', PASSWORD, '::ffff:10.3.3.3')).status).toBe(429);
  });

  it('refuses a username past the cap with 400 {message} and stores nothing', async () => {
    for (const username of ['a'.repeat(10_000), 'a'.repeat(65)]) {
      const res = await login(username, 'wrong');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: expect.stringMatching(/at most 64/) });
    }
    // Past the open routes' body limit the body is not even read.
    expect((await login('a'.repeat(20_000), 'wrong')).status).toBe(413);
    expect(await attemptRows(app.db)).toBe(0);
  });

  it('adds no row for attempts refused while the address is blocked (100 of them)', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) expect((await login(`guess${i}`, 'wrong', '10.2.2.2')).status).toBe(401);
    const before = await attemptRows(app.db);
    for (let i = 0; i < 100; i++) expect((await login(`other${i}`, 'wrong', '10.2.2.2')).status).toBe(429);
    expect(await attemptRows(app.db)).toBe(before);
  });

  it('sweeps the rows of windows that are over on the next attempt', async () => {
    await app.db('login_attempts').insert([
      { key: 'ip:10.1.1.1', failures: 3, window_start: app.db.raw(`now() - interval '16 minutes'`) },
      { key: 'ipuser:10.1.1.1|admin', failures: 3, window_start: app.db.raw(`now() - interval '1 day'`) },
      { key: 'ip:10.1.1.2', failures: 3, window_start: app.db.raw(`now() - interval '1 minute'`) },
    ]);
    await login('admin', 'wrong', '10.1.1.3');
    const keys = (await app.db('login_attempts').orderBy('key').pluck('key')) as string[];
    expect(keys).toEqual(['ip:10.1.1.2', 'ip:10.1.1.3', 'ipuser:10.1.1.3|admin']);
  });

  it('refuses a write whose Origin has another scheme (403) and stores nothing', async () => {
    const other = app.url.replace('http://', 'https://');
    const res = await call('POST', '/api/admin/login', { body: { username: 'admin', password: PASSWORD }, headers: { Origin: other } });
    expect(res.status).toBe(403);
    expect(res.setCookies.filter((c) => c.startsWith('rehber.sid='))).toEqual([]);
    expect(await attemptRows(app.db)).toBe(0);
    const cookie = cookieOf((await login()).setCookies);
    expect((await call('POST', '/api/admin/logout', { cookie, headers: { Referer: `${other}/admin` } })).status).toBe(403);
    expect((await call('GET', '/api/admin/check', { cookie })).body.authenticated).toBe(true);
    // Behind the proxy the scheme is the one it was told: HTTPS to the proxy, the https origin.
    const proxied = await call('POST', '/api/admin/logout', { cookie, headers: { Origin: other, 'x-forwarded-proto': 'https' } });
    expect(proxied.status).toBe(200);
  });

  it('ends the session of an admin removed from the database, or whose password changed, on its next request', async () => {
    await upsertUser(app.db, 'temp', PASSWORD);
    const cookie = cookieOf((await login('temp')).setCookies);
    expect((await call('GET', '/api/admin/businesses', { cookie })).status).toBe(200);
    await app.db('users').where({ username: 'temp' }).delete();
    expect((await call('GET', '/api/admin/businesses', { cookie })).status).toBe(401);
    expect((await call('GET', '/api/admin/check', { cookie })).body).toEqual({ authenticated: false });
    // A new admin of the same name does not bring the old session back.
    await upsertUser(app.db, 'temp', PASSWORD);
    expect((await call('GET', '/api/admin/businesses', { cookie })).status).toBe(401);

    // A sign-in in flight while the password was reset opened its session against the old password.
    const stale = cookieOf((await login('temp')).setCookies);
    await upsertUser(app.db, 'temp', 'a brand new password');
    expect((await call('GET', '/api/admin/businesses', { cookie: stale })).status).toBe(401);
  });

  it("reads a guarded call's session and its admin's password stamp in one statement", async () => {
    const cookie = cookieOf((await login('admin')).setCookies);
    const sent: string[] = [];
    const heard = (q: { sql: string }) => void sent.push(q.sql);
    app.db.on('query', heard);
    try {
      expect((await call('GET', '/api/admin/check', { cookie })).body).toMatchObject({ authenticated: true });
    } finally {
      app.db.removeListener('query', heard);
    }
    expect(sent.filter((q) => /\b(sessions|users)\b/.test(q))).toEqual([expect.stringMatching(/FROM sessions s LEFT JOIN users u/)]);
  });

  it("clears the username's counter on a successful sign-in", async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await login('admin', 'wrong', '10.5.5.5');
    expect((await login('admin', PASSWORD, '10.5.5.5')).status).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await login('admin', 'wrong', '10.5.5.5');
    expect((await login('admin', PASSWORD, '10.5.5.5')).status).toBe(200);
  });
});
