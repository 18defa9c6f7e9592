import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/index.js';
import { freePort } from '../scripts/free-port.js';
import { startServerProcess } from './server-process.fixtures.js';

/** `make start` as a user runs it: server/main.ts in its own process, with its own embedded PostgreSQL. */
describe('server/main.ts (the make start flow)', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-main-'));
    // The embedded server runs as the postgres user when we are root: it must reach the data dir.
    fs.chmodSync(dir, 0o777);
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: path.join(dir, 'pg'),
      PG_PORT: String(await freePort()),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('starts on a fresh data dir: loads the sample, prints the URL and a generated admin password, stops cleanly on SIGINT', { timeout: 180_000 }, async () => {
    const run = startServerProcess(env);
    const url = await run.serving;
    expect(run.stdout()).toMatch(/^Admin: admin \/ \S{16,} \(shown once; change it with `rehber user add admin`\)$/m);
    expect(run.stdout()).toContain(`rehber is serving ${url}`);

    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const stats = await (await fetch(`${url}/api/stats`)).json();
    expect(stats.totalBusinesses).toBe(2000);
    const [first] = await (await fetch(`${url}/api/businesses/featured`)).json();
    const detail = await (await fetch(`${url}/api/businesses/detail/${first.slug}`)).json();
    expect(detail).toMatchObject({ slug: first.slug, category: { name: expect.any(String) }, city: { name: expect.any(String) } });

    const password = run.stdout().match(/^Admin: admin \/ (\S+)/m)![1];
    const login = await fetch(`${url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) });
    expect(login.status).toBe(200);

    // A second process (cron's `rehber import`) uses the running embedded server and leaves it up.
    const other = await openDatabase({ dataDir: env.DATA_DIR!, embeddedPort: Number(env.PG_PORT) }, { quiet: true });
    expect(Number((await other.db('businesses').count({ n: '*' }))[0].n)).toBe(2000);
    await other.close();
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(fs.existsSync(path.join(env.DATA_DIR!, 'postmaster.pid'))).toBe(false);
  });

  it('reuses the data on a second start without a new password', { timeout: 180_000 }, async () => {
    const run = startServerProcess(env);
    const url = await run.serving;
    expect(run.stdout()).not.toMatch(/Admin:/);
    expect(run.stdout()).not.toMatch(/Loaded the sample/);
    expect((await (await fetch(`${url}/api/stats`)).json()).totalBusinesses).toBe(2000);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('takes the admin from ADMIN_USERNAME and ADMIN_PASSWORD when they are set', { timeout: 180_000 }, async () => {
    const run = startServerProcess({ ...env, ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'a long enough password' });
    const url = await run.serving;
    expect(run.stdout()).not.toMatch(/Admin:/);
    const login = await fetch(`${url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'boss', password: 'a long enough password' }) });
    expect(login.status).toBe(200);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  });

  it('stops with one line on stderr and exit 1 on a bad setting', async () => {
    const run = startServerProcess({ ...env, PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.stderr().trim().split('\n')).toEqual([expect.stringMatching(/^rehber: Invalid PORT/)]);
  });
});
