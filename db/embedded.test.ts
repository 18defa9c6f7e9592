import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from './index.js';
import { credentialsFile, readCredentials, startEmbedded, type EmbeddedServer } from './embedded.js';
import { migrateLatest } from './migrate.js';
import { freePort } from '../scripts/free-port.js';

/**
 * The embedded cluster's roles. Its data dir sits under a private folder (mode 0700), as a
 * checkout in /root does: as root the server must still start (PostgreSQL runs as `postgres`).
 */
describe('the embedded PostgreSQL', () => {
  let home: string;
  let dataDir: string;
  let port: number;
  let server: EmbeddedServer;

  beforeAll(async () => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-private-'));
    fs.chmodSync(home, 0o700);
    dataDir = path.join(home, 'data', 'pg');
    port = await freePort();
    server = await startEmbedded(dataDir, port, { quiet: true });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('gives the application an ordinary role with a generated password, kept in a 0600 file', async () => {
    const credentials = readCredentials(dataDir)!;
    expect(credentials.app.password).toMatch(/^[\w-]{24,}$/);
    expect(credentials.superuser.password).not.toBe('rehber');
    expect(fs.statSync(credentialsFile(dataDir)).mode & 0o777).toBe(0o600);
    expect(server.url).toContain(encodeURIComponent(credentials.app.password));
    const db = createDb(server.url, { max: 1 });
    try {
      const { rows } = await db.raw('SELECT rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = current_user');
      expect(rows[0]).toEqual({ rolsuper: false, rolcreaterole: false, rolcreatedb: false });
      await expect(db.raw(`COPY (SELECT 1) TO PROGRAM 'true'`)).rejects.toThrow(/permission denied|must be superuser|privileges/i);
      await expect(db.raw(`SELECT pg_read_file('postgresql.conf')`)).rejects.toThrow(/permission denied/i);
      // The application runs the migrations as itself.
      await migrateLatest(db);
      expect(Number((await db('businesses').count({ n: '*' }).first())?.n)).toBe(0);
    } finally {
      await db.destroy();
    }
  });

  it('refuses the old fixed password', async () => {
    const legacy = createDb(`postgres://rehber:rehber@127.0.0.1:${port}/rehber`, { max: 1 });
    try {
      await expect(legacy.raw('SELECT 1')).rejects.toThrow(/password authentication failed/);
    } finally {
      await legacy.destroy();
    }
  });

  it('reuses the same credentials on the next start', async () => {
    const before = readCredentials(dataDir);
    await server.stop();
    server = await startEmbedded(dataDir, port, { quiet: true });
    expect(readCredentials(dataDir)).toEqual(before);
    const db = createDb(server.url, { max: 1 });
    try {
      expect((await db.raw('SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      await db.destroy();
    }
  }, 120_000);

  it('stops with one clear line when DATA_DIR cannot be used', async () => {
    const file = path.join(home, 'a-file');
    fs.writeFileSync(file, '');
    await expect(startEmbedded(path.join(file, 'pg'), await freePort(), { quiet: true })).rejects.toThrow(/^DATA_DIR .* cannot be used \(\w+\): set DATA_DIR/);
  });
});
