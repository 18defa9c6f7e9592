import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { upsertUser } from '../../db/queries/users.js';
import { destroyUserSessions } from '../../db/queries/sessions.js';

const PASSWORD = 'a long enough session password';

/** Logout and password reset end a session for good, even with one of its requests still in flight. */
describe('sessions that were ended stay ended', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await upsertUser(app.db, 'admin', PASSWORD);
  });
  afterAll(() => app.close());

  const signIn = async () => {
    const res = await fetch(`${app.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const sid = decodeURIComponent(cookie.match(/rehber\.sid=([^;]+)/)![1]);
    return { cookie, sid };
  };
  const authenticated = async (cookie: string) =>
    ((await (await fetch(`${app.url}/api/admin/check`, { headers: { cookie } })).json()) as { authenticated: boolean }).authenticated;

  /**
   * An upload whose body arrives in two parts: `begun` resolves once the server is streaming its
   * file to disk (past the session check), `end()` sends the rest; `done` is its answer.
   */
  const slowUpload = (cookie: string) => {
    const files = () => fs.readdirSync(app.config.uploadDir).length;
    const before = files();
    const boundary = 'rehberboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.csv"\r\nContent-Type: text/csv\r\n\r\nname,full_address\r\n`;
    const tail = `Slow Shop,1 Main St, Austin, TX\r\n\r\n--${boundary}--\r\n`;
    let finish!: () => void;
    let started!: () => void;
    const sent = new Promise<void>((resolve) => (started = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(head));
        started();
        await new Promise<void>((resolve) => (finish = resolve));
        controller.enqueue(new TextEncoder().encode(tail));
        controller.close();
      },
    });
    const done = fetch(`${app.url}/api/admin/upload-excel`, {
      method: 'POST',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit).then((r) => r.status);
    const begun = sent.then(() => expect.poll(files).toBeGreaterThan(before));
    return { begun, end: () => finish(), done };
  };

  it('a request in flight during logout does not bring the session back', async () => {
    const { cookie, sid } = await signIn();
    const upload = slowUpload(cookie);
    await upload.begun;
    const out = await fetch(`${app.url}/api/admin/logout`, { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    upload.end();
    expect(await upload.done).toBe(200);
    expect(await app.db('sessions').where({ sid }).first()).toBeUndefined();
    expect(await authenticated(cookie)).toBe(false);
    expect((await fetch(`${app.url}/api/admin/businesses`, { headers: { cookie } })).status).toBe(401);
  });

  it('a request in flight during a password reset does not bring the session back', async () => {
    const { cookie, sid } = await signIn();
    const upload = slowUpload(cookie);
    await upload.begun;
    // What `rehber user add` does for an existing admin.
    const row = await upsertUser(app.db, 'admin', PASSWORD);
    await destroyUserSessions(app.db, row.id);
    upload.end();
    expect(await upload.done).toBe(200);
    expect(await app.db('sessions').where({ sid }).first()).toBeUndefined();
    expect(await authenticated(cookie)).toBe(false);
  });

  it('still keeps a live session alive across requests', async () => {
    const { cookie } = await signIn();
    expect(await authenticated(cookie)).toBe(true);
    expect((await fetch(`${app.url}/api/admin/businesses`, { headers: { cookie } })).status).toBe(200);
    expect(await authenticated(cookie)).toBe(true);
  });
});
