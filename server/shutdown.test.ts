import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestDb } from '../scripts/test-hooks.fixtures.js';
import { startServerProcess } from './server-process.fixtures.js';
import { signIn } from './test-login.js';

const PASSWORD = 'a long enough password';

/** SIGTERM to the real server process (server/main.ts) while requests and a web import run. */
describe('a server told to stop (SIGTERM)', () => {
  const t = useTestDb();

  it('finishes the request in flight, marks the running web import interrupted, refuses new connections and exits 0', { timeout: 180_000 }, async () => {
    const run = startServerProcess({ PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: t.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: PASSWORD });
    const url = await run.serving;
    const cookie = await signIn(url, 'admin', PASSWORD);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    // Hold the businesses table: the public read and the import's writes wait on it.
    const holder = new pg.Client({ connectionString: t.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE businesses IN ACCESS EXCLUSIVE MODE');
    const read = fetch(`${url}/api/businesses/recent`).catch((err) => err as Error);
    const csv = ['name,category,full_address,city,country,place_id', 'Held Cafe,Cafe,1 Main St,Austin,US,HELD1'].join('\n');
    const imported = fetch(`${url}/api/admin/import`, { method: 'POST', headers: { cookie, origin: url, 'content-type': 'application/json' }, body: JSON.stringify({ csvData: csv }) }).catch((err) => err as Error);
    const watcher = new pg.Client({ connectionString: t.url });
    await watcher.connect();
    try {
      await expect.poll(async () => (await watcher.query(`SELECT count(*)::int AS n FROM imports WHERE status = 'running'`)).rows[0].n, { timeout: 30_000, interval: 100 }).toBe(1);

      run.child.kill('SIGTERM');
      await expect.poll(() => run.stdout(), { timeout: 10_000, interval: 50 }).toMatch(/rehber is shutting down/);
      // Not ready from the first moment: a probe on a kept-alive connection answers 503, a new
      // connection is refused (the listener is closed), while the held request still waits.
      const probe = await fetch(`${url}/readyz`).then((r) => r.status, () => 'refused');
      expect([503, 'refused']).toContain(probe);
      await holder.query('ROLLBACK');

      const res = await read;
      if (res instanceof Error) throw res;
      expect(res.status).toBe(200);
      expect(Array.isArray(await res.json())).toBe(true);
      const stopped = await imported;
      if (stopped instanceof Error) throw stopped;
      expect(stopped.status).toBe(503);
      expect(await stopped.json()).toEqual({ message: 'The server is shutting down: this import was stopped and shows as interrupted; run it again' });
      expect(await run.exited).toBe(0);
      expect(run.stdout()).toMatch(/^Interrupted 1 of 1 running imports$/m);
      const { rows } = await watcher.query(`SELECT status, message FROM imports WHERE file_name = 'pasted.csv'`);
      expect(rows).toEqual([{ status: 'failed', message: 'Interrupted: the importing process stopped before the end' }]);
      expect((await watcher.query(`SELECT count(*)::int AS n FROM businesses WHERE name = 'Held Cafe'`)).rows[0].n).toBe(0);
    } finally {
      await holder.end().catch(() => {});
      await watcher.end();
      await run.stop();
    }
  });
});

describe('a server older than its database', () => {
  const t = useTestDb();

  it('refuses to start with one line naming the newest migration it does not know, and exit 1', { timeout: 120_000 }, async () => {
    await t.db('knex_migrations').insert({ name: '20991231A-add-tomorrow', batch: 99, migration_time: new Date() });
    const run = startServerProcess({ PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: t.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
    expect(await run.exited).toBe(1);
    expect(run.stderr().trim().split('\n')).toEqual([
      'rehber: The database has migration 20991231A-add-tomorrow, newer than this version of rehber knows: upgrade rehber before starting it on this database',
    ]);
    expect(run.stdout()).not.toMatch(/serving/);
  });
});
