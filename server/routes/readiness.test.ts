import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';

describe('/readyz: whether this server should get traffic', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('is ready with a reachable, fully migrated database, and is never cached', async () => {
    const res = await fetch(`${app.url}/readyz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ ready: true, reasons: [], replica: 'none' });
  });

  it('is not ready while a migration this code knows is missing from the database, and ready again once it is applied', async () => {
    const [last] = await app.db('knex_migrations').orderBy('id', 'desc').limit(1);
    await app.db('knex_migrations').where({ id: last.id }).del();
    try {
      const res = await fetch(`${app.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ ready: false, reasons: [`1 pending migration (first ${last.name})`], replica: 'none' });
    } finally {
      await app.db('knex_migrations').insert(last);
    }
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
  });

  it('answers 503 once a shutdown begins, while /healthz still answers 200', async () => {
    app.beginShutdown();
    const answers = await Promise.all([1, 2, 3].map(() => fetch(`${app.url}/readyz`)));
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ ready: false, reasons: ['shutting down'], replica: 'none' });
    }
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });
});
