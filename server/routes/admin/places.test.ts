import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-app.js';
import { type AdminClient, signedInAdmin } from '../../admin-client.fixtures.js';
import type { ReresolveStatus } from '../../../domain/types.js';
import { RERESOLVE_ENDED } from '../../../db/queries/reresolve-runs.js';

describe('re-resolving places from the admin', () => {
  let app: TestApp;
  let admin: AdminClient;
  const call = async (method: 'GET' | 'POST') => {
    const res = await admin.call(method, '/api/admin/places/reresolve');
    return res as { status: number; body: ReresolveStatus & { message?: string } };
  };

  beforeAll(async () => {
    app = await startTestApp();
    admin = await signedInAdmin(app);
    await app.db('businesses').insert({ name: 'Taqueria', slug: 'taqueria', identity_key: 'n:t', address: '06000 Ciudad de México, CDMX, Mexico' });
  });
  afterAll(() => app.close());

  it('starts in the background, refuses a second run meanwhile, and reports what moved', async () => {
    const started = await call('POST');
    expect(started.status).toBe(202);
    expect(started.body.running).toBe(true);
    const again = await call('POST');
    // Either still running (409) or already done and started anew (202): never a 500.
    expect([202, 409]).toContain(again.status);
    await expect.poll(async () => (await call('GET')).body, { timeout: 30_000 }).toMatchObject({ running: false, checked: 1, error: null });
    const row = await app.db('businesses as b').join('cities as c', 'c.id', 'b.city_id').first('c.name', 'b.country_code');
    expect(row).toEqual({ name: 'Ciudad de México', country_code: 'MX' });
  });

  it('shows a run whose process died as stopped, not as running for ever, and lets a new one start', async () => {
    await expect.poll(async () => (await call('GET')).body.running, { timeout: 30_000 }).toBe(false);
    // What a process killed mid-run leaves: the row says running, and no session holds the lock.
    await app.db('reresolve_runs').update({ running: true, finished_at: null, error: null });
    expect((await call('GET')).body).toMatchObject({ running: false, error: RERESOLVE_ENDED });
    expect((await call('POST')).status).toBe(202);
    await expect.poll(async () => (await call('GET')).body, { timeout: 30_000 }).toMatchObject({ running: false, checked: 1, error: null });
  });
});
