/**
 * Public reads from a real streaming replica (DATABASE_REPLICA_URL): a primary and a hot
 * standby copied from it with the embedded binaries (db/embedded-replica.ts), both on free ports.
 * Replay is paused to make the replica lag on purpose: a write is then on the primary only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/index.js';
import { startEmbedded, type EmbeddedServer } from '../../db/embedded.js';
import { startEmbeddedReplica, type EmbeddedReplica } from '../../db/embedded-replica.js';
import { migrateLatest } from '../../db/migrate.js';
import { importCsvText } from '../../data/import/import.fixtures.js';
import { freePort } from '../../scripts/free-port.js';
import { signedInAdmin, type AdminClient } from '../admin-client.fixtures.js';
import { createApp, type RehberApp } from '../app.js';
import { testConfig } from '../config.js';
import { startServer } from '../start.js';
import { samples, total } from '../metrics.fixtures.js';

describe('public reads from a streaming replica', () => {
  let dir: string;
  let primary: EmbeddedServer;
  let replica: EmbeddedReplica;
  let db: Db;
  let readDb: Db;
  let replicaAdmin: Db;
  let primaryAdmin: Db;
  let app: RehberApp;
  let server: http.Server;
  let url: string;
  let admin: AdminClient;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-replica-'));
    // The servers run as user postgres when we are root: they must reach their data directories.
    fs.chmodSync(dir, 0o777);
    primary = await startEmbedded(path.join(dir, 'primary'), await freePort(), { quiet: true });
    db = createDb(primary.url);
    await migrateLatest(db);
    const rows = ['name,category,full_address,place_id', 'Moda Fırını,Bakery,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",P1', 'Kadıköy Kitap,Bookstore,"Moda Cd. 2, 34710 Kadıköy/İstanbul, Türkiye",P2'];
    await importCsvText(db, rows.join('\n'), { source: 'cli', mode: 'upsert' });
    replica = await startEmbeddedReplica(primary.adminUrl, primary.url, path.join(dir, 'replica'), await freePort());
    readDb = createDb(replica.url);
    replicaAdmin = createDb(replica.adminUrl, { max: 1 });
    primaryAdmin = createDb(primary.adminUrl, { max: 1 });
    app = createApp({ db, readDb, config: testConfig(), logger: pino({ level: 'silent' }) });
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    admin = await signedInAdmin({ url, db });
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await app?.dataVersion.stop();
    await Promise.all([db?.destroy(), readDb?.destroy(), replicaAdmin?.destroy(), primaryAdmin?.destroy()]);
    await replica?.stop();
    await primary?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (p: string, headers: Record<string, string> = {}) => fetch(url + p, { headers });
  const pause = () => replicaAdmin.raw('SELECT pg_wal_replay_pause()');
  const resume = () => replicaAdmin.raw('SELECT pg_wal_replay_resume()');
  const business = async (placeId: string) => (await db('businesses').where({ place_id: placeId }).first('id', 'slug')) as { id: number; slug: string };
  /** The replica has replayed everything the primary committed so far. */
  const caughtUp = async () => {
    const { rows } = await db.raw<{ rows: { lsn: string }[] }>('SELECT pg_current_wal_lsn()::text AS lsn');
    await expect
      .poll(async () => (await replicaAdmin.raw<{ rows: { ok: boolean }[] }>('SELECT pg_last_wal_replay_lsn() >= ?::pg_lsn AS ok', [rows[0].lsn])).rows[0].ok, { timeout: 20_000 })
      .toBe(true);
  };

  it('streams from the primary, and the read connection is the standby', async () => {
    // Only a superuser sees the WAL sender's state.
    const { rows } = await primaryAdmin.raw<{ rows: { state: string }[] }>('SELECT state FROM pg_stat_replication WHERE application_name = ?', [replica.applicationName]);
    expect(rows.map((r) => r.state)).toEqual(['streaming']);
    expect((await readDb.raw<{ rows: { r: boolean }[] }>('SELECT pg_is_in_recovery() AS r')).rows[0].r).toBe(true);
    expect((await db.raw<{ rows: { r: boolean }[] }>('SELECT pg_is_in_recovery() AS r')).rows[0].r).toBe(false);
  });

  it('serves public reads from the replica, and admin reads and a writing admin’s public reads from the primary', async () => {
    const { id, slug } = await business('P2');
    await caughtUp();
    await pause();
    try {
      // The admin hides it: the write commits on the primary, which the paused replica does not replay.
      expect((await admin.call('POST', '/api/admin/business-actions', { action: 'hide', ids: [id] })).status).toBe(200);
      expect((await admin.call('GET', `/api/admin/businesses/${id}`)).body).toMatchObject({ isActive: false });
      // The admin, who wrote, sees the public page without it at once (the session cookie reads from the primary).
      expect((await get(`/api/businesses/detail/${slug}`, { cookie: admin.cookie })).status).toBe(404);
      expect((await get(`/details/${slug}`, { cookie: admin.cookie })).status).toBe(404);
      // Everyone else still reads the replica, which has not replayed the hide.
      const shown = await get(`/api/businesses/detail/${slug}`);
      expect(shown.status).toBe(200);
      expect((await shown.json()).slug).toBe(slug);
      expect((await get(`/details/${slug}`)).status).toBe(200);
    } finally {
      await resume();
    }
    await expect.poll(async () => (await get(`/api/businesses/detail/${slug}`)).status, { timeout: 20_000 }).toBe(404);
  });

  it('never caches an answer read from a lagging replica under the version the primary moved to', async () => {
    const { id, slug } = await business('P1');
    const path = `/api/businesses/detail/${slug}`;
    await caughtUp();
    await app.dataVersion.refresh();
    const before = await get(path);
    expect(before.status).toBe(200);
    const etag = before.headers.get('etag')!;
    const primaryVersion = (await app.dataVersion.current())!.version;
    await pause();
    try {
      await admin.call('POST', '/api/admin/business-actions', { action: 'hide', ids: [id] });
      // This process knows the primary's new version (its own write, and the notification)...
      await expect.poll(async () => (await app.dataVersion.current())!.version, { timeout: 10_000 }).not.toBe(primaryVersion);
      // ...but the replica shows the old one, so its answers keep the old tag: they are the old data.
      for (let i = 0; i < 3; i++) {
        const lagging = await get(path);
        expect([lagging.status, lagging.headers.get('etag')]).toEqual([200, etag]);
      }
      expect((await get(path, { 'if-none-match': etag })).status).toBe(304);
    } finally {
      await resume();
    }
    // Once replayed, the replica's version moves and the answer follows: nothing stale was kept.
    await expect.poll(async () => (await get(path)).status, { timeout: 20_000 }).toBe(404);
    expect((await get(path, { 'if-none-match': etag })).status).toBe(404);
  });

  it('sends public reads to the primary while the replica lags further behind than DATABASE_REPLICA_MAX_LAG', async () => {
    const { id, slug } = await business('P1');
    const path = `/api/businesses/detail/${slug}`;
    // A second server on the same two databases that tolerates a tenth of a second of lag (its metrics on).
    const strict = createApp({ db, readDb, config: testConfig({ replicaMaxLagMs: 100, metrics: { port: 0, host: '127.0.0.1' } }), logger: pino({ level: 'silent' }) });
    const scrape = async () => samples(await strict.metrics!.registry.metrics());
    const strictServer: http.Server = await new Promise((resolve) => {
      const s = strict.listen(0, '127.0.0.1', () => resolve(s));
    });
    const strictUrl = `http://127.0.0.1:${(strictServer.address() as AddressInfo).port}`;
    try {
      // Hidden by the test before: shown again, and replayed.
      await admin.call('POST', '/api/admin/business-actions', { action: 'show', ids: [id] });
      await caughtUp();
      await expect.poll(async () => (await fetch(strictUrl + path)).status, { timeout: 20_000 }).toBe(200);
      await pause();
      try {
        await admin.call('POST', '/api/admin/business-actions', { action: 'hide', ids: [id] });
        // Past its tolerance the strict server reads from the primary; the other keeps the replica.
        await expect.poll(async () => (await fetch(strictUrl + path)).status, { timeout: 20_000 }).toBe(404);
        expect((await get(path)).status).toBe(200);
        // Its metrics say so: the replica bypassed, behind by a version and more than its tolerance.
        const lagging = await scrape();
        expect(total(lagging, 'rehber_replica_in_use')).toBe(0);
        expect(total(lagging, 'rehber_replica_lag_seconds')).toBeGreaterThan(0.1);
        expect(total(lagging, 'rehber_replica_data_version')).toBeLessThan(total(lagging, 'rehber_data_version'));
        expect(total(lagging, 'rehber_public_reads_total', { database: 'replica' })).toBeGreaterThan(0);
        expect(total(lagging, 'rehber_public_reads_total', { database: 'primary' })).toBeGreaterThan(0);
        expect(lagging.filter((m) => m.name === 'rehber_db_pool_max').map((m) => m.labels.pool).sort()).toEqual(['primary', 'replica']);
      } finally {
        await resume();
      }
      await expect.poll(async () => (await get(path)).status, { timeout: 20_000 }).toBe(404);
      await expect.poll(async () => total(await scrape(), 'rehber_replica_in_use'), { timeout: 20_000 }).toBe(1);
      expect(total(await scrape(), 'rehber_replica_lag_seconds')).toBe(0);
    } finally {
      strictServer.closeAllConnections();
      await new Promise<void>((resolve) => strictServer.close(() => resolve()));
      await strict.dataVersion.stop();
    }
  });

  it('`rehber serve` with DATABASE_REPLICA_URL reads public answers from the replica, and refuses a replica it cannot read', async () => {
    const uploads = fs.mkdtempSync(path.join(dir, 'uploads-'));
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', UPLOAD_DIR: uploads, DATABASE_URL: primary.url };
    // The server's replica connections carry a name of their own, to be found on each server.
    const tagged = new URL(replica.url);
    tagged.searchParams.set('application_name', 'serve-replica-test');
    const running = await startServer({ ...env, DATABASE_REPLICA_URL: tagged.toString() }, () => {});
    try {
      expect((await fetch(`${running.url}/api/stats`)).status).toBe(200);
      const named = (on: Db) => on.raw<{ rows: { n: number }[] }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'serve-replica-test'");
      expect((await named(replicaAdmin)).rows[0].n).toBeGreaterThan(0);
      expect((await named(primaryAdmin)).rows[0].n).toBe(0);
    } finally {
      await running.close();
    }
    const nobody = new URL(replica.url);
    nobody.port = String(await freePort());
    await expect(startServer({ ...env, DATABASE_REPLICA_URL: nobody.toString() }, () => {})).rejects.toThrow(/^DATABASE_REPLICA_URL cannot be read: /);
  });

  it('sends public reads to the primary while the replica does not answer', async () => {
    const { id, slug } = await business('P1');
    await replica.stop();
    // A write notifies every process, which then finds the replica gone.
    await admin.call('POST', '/api/admin/business-actions', { action: 'show', ids: [id] });
    await expect.poll(async () => (await get(`/api/businesses/detail/${slug}`)).status, { timeout: 20_000 }).toBe(200);
  });
});
