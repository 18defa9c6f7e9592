import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, type AdminClient } from './admin-client.fixtures.js';
import { startTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let admin: AdminClient;

beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInAdmin(app);
});
afterAll(async () => {
  await app?.close();
});

const post = (path: string, body: string, headers: Record<string, string> = {}, method = 'POST') =>
  fetch(`${app.url}${path}`, { method, headers: { 'content-type': 'application/json', origin: app.url, ...headers }, body });

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
