/** For tests of the admin API: an admin account, signed in, and a JSON caller with its cookie. */
import { upsertUser } from '../db/queries/users.js';
import type { TestApp } from './test-app.js';

export const TEST_ADMIN_PASSWORD = 'a long enough test password';

export interface AdminClient {
  cookie: string;
  /** Calls `path` as the admin from the site's own origin; the JSON answer (null when empty). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the answer it expects
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
}

export async function signedInAdmin(app: Pick<TestApp, 'url' | 'db'>): Promise<AdminClient> {
  await upsertUser(app.db, 'admin', TEST_ADMIN_PASSWORD);
  const res = await fetch(`${app.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return {
    cookie,
    async call(method, path, body) {
      const r = await fetch(app.url + path, {
        method,
        headers: { cookie, origin: app.url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.text();
      return { status: r.status, body: text ? JSON.parse(text) : null };
    },
  };
}
