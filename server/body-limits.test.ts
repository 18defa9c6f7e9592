import fs from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInAdmin, type AdminClient } from './admin-client.fixtures.js';
import { startTestApp, type TestApp } from './test-app.js';
import { readConfig } from './config.js';

let app: TestApp;
let admin: AdminClient;

// Short limits, so the test does not wait for the real ones (docs/security-limits.md).
const limits = { bodyTimeoutMs: 3_000, bodyIdleMs: 800, windowMs: 1_000, minBytesPerSecond: 20 * 1024, headersTimeoutMs: 20_000 };

beforeAll(async () => {
  app = await startTestApp({ bodyLimits: limits });
  admin = await signedInAdmin(app);
});
afterAll(async () => {
  await app?.close();
});

const post = (path: string, body: string, headers: Record<string, string> = {}, method = 'POST') =>
  fetch(`${app.url}${path}`, { method, headers: { 'content-type': 'application/json', origin: app.url, ...headers }, body });

/** A raw connection that sends a request's head, then its body as the test says; `closed` once the server hangs up. */
function rawRequest(head: string) {
  const { port } = new URL(app.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  const state = { closed: false, answer: '' };
  socket.on('data', (d) => (state.answer += d.toString()));
  socket.on('error', () => {});
  socket.on('close', () => (state.closed = true));
  socket.write(head);
  return {
    state,
    send: (bytes: string | Buffer) => !state.closed && socket.write(bytes),
    end: () => socket.destroy(),
  };
}

const postHead = (path: string, length: number, type = 'application/json', cookie = '') =>
  `POST ${path} HTTP/1.1\r\nHost: ${new URL(app.url).host}\r\nOrigin: ${app.url}\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}\r\n`;

const uploadsLeft = () => fs.readdirSync(app.config.uploadDir).filter((n) => n.startsWith('upload-'));

/** Waits until `condition` holds, looking every 50 ms; a server that never gets there fails the test at the deadline. */
const until = (condition: () => boolean) => vi.waitUntil(condition, { timeout: 10_000, interval: 50 });

// The sleeps below pace what a slow client sends (the rate is what is tested); they wait for nothing.

describe('JSON bodies', () => {
  it('a 1 MB body to sign-in is refused 413 with a message, before it is read', async () => {
    const res = await post('/api/admin/login', JSON.stringify({ username: 'admin', password: 'x'.repeat(1024 * 1024) }));
    expect(res.status).toBe(413);
    expect((await res.json()).message).toMatch(/too large/i);
  });

  it('a body without a length is cut at the open routes limit too', async () => {
    const chunks = new ReadableStream({
      start(c) {
        for (let i = 0; i < 64; i++) c.enqueue(new TextEncoder().encode(i === 0 ? `{"username":"${'a'.repeat(1023)}` : 'a'.repeat(1024)));
        c.close();
      },
    });
    const res = await fetch(`${app.url}/api/admin/logout`, { method: 'POST', headers: { 'content-type': 'application/json', origin: app.url }, body: chunks, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('a signed-in admin may paste a big CSV, but no other call takes that much', async () => {
    const big = JSON.stringify({ csvData: ' '.repeat(6 * 1024 * 1024) });
    const pasted = await post('/api/admin/import', big, { cookie: admin.cookie });
    // Read whole (it is only blank), so refused for its content, not its size.
    expect(pasted.status).toBe(400);
    expect((await pasted.json()).message).toMatch(/csvData/);
    const edit = await post('/api/admin/businesses/1', big, { cookie: admin.cookie }, 'PUT');
    expect(edit.status).toBe(413);
    // Signed out, even the import's body is refused before it is read: the guard comes first.
    expect((await post('/api/admin/import', big)).status).toBe(401);
  });
});

describe('bodies that never end', () => {
  it('a body trickling one byte at a time to an open route is cut off before it ends', async () => {
    const r = rawRequest(postHead('/api/admin/login', 100));
    for (let i = 0; i < 100 && !r.state.closed; i++) {
      r.send('x');
      await sleep(200);
    }
    r.end();
    expect(r.state.closed && r.state.answer).toBe('');
  });

  it('a connection gone silent in the middle of a body is closed', async () => {
    const r = rawRequest(postHead('/api/admin/login', 100));
    r.send('{"username":');
    await until(() => r.state.closed);
    r.end();
  });
});

describe('uploads', () => {
  const boundary = 'rehberboundary';
  const multipart = (csv: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`);
  const csv = (bytes: number) => {
    const header = 'name,address,city,country,category\n';
    let out = header;
    for (let i = 0; out.length < bytes; i++) out += `Shop ${i},Street ${i},Ankara,Turkey,Café\n`;
    return out;
  };

  it('an upload trickling under the minimum rate is cut and its partial file removed', async () => {
    const body = multipart(csv(400 * 1024));
    const r = rawRequest(postHead('/api/admin/upload-excel', body.length, `multipart/form-data; boundary=${boundary}`, admin.cookie));
    // 1 KB every 200 ms: 5 KB/s against the 20 KB/s asked for.
    let sent = 0;
    for (; sent < body.length && !r.state.closed; sent += 1024) {
      r.send(body.subarray(sent, sent + 1024));
      await sleep(200);
    }
    r.end();
    expect(sent).toBeLessThan(body.length);
    expect(r.state.answer).toBe('');
    await until(() => uploadsLeft().length === 0);
  });

  it('an upload at a fair rate may take longer than a strangers body, and is read whole', async () => {
    const body = multipart(csv(300 * 1024));
    const r = rawRequest(postHead('/api/admin/upload-excel', body.length, `multipart/form-data; boundary=${boundary}`, admin.cookie));
    // 8 KB every 100 ms: 80 KB/s, about 4 s in all, past the 3 s a stranger's body may take.
    for (let sent = 0; sent < body.length && !r.state.closed; sent += 8 * 1024) {
      r.send(body.subarray(sent, sent + 8 * 1024));
      await sleep(100);
    }
    await until(() => r.state.answer.includes('rowCount'));
    r.end();
    expect(r.state.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(r.state.answer).toMatch(/"rowCount":\d+/);
  });
});

describe('UPLOAD_MIN_KB_PER_S', () => {
  it('sets the minimum rate of a signed-in body, and a bad value stops start-up with one line naming it', () => {
    expect(readConfig({ UPLOAD_MIN_KB_PER_S: '4' }).bodyLimits.minBytesPerSecond).toBe(4 * 1024);
    expect(readConfig({}).bodyLimits.minBytesPerSecond).toBe(16 * 1024);
    for (const bad of ['0', '-1', 'fast']) expect(() => readConfig({ UPLOAD_MIN_KB_PER_S: bad })).toThrow(/^Invalid UPLOAD_MIN_KB_PER_S: [^\n]+$/);
  });
});
