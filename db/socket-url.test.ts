/**
 * A DATABASE_URL naming a Unix socket (`postgres://user:password@%2Fvar%2Frun%2Fpostgresql:5432/db`),
 * as operators give for a server on the same machine. The test server listens on TCP only, so a
 * relay in the test carries a real socket's bytes to it.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionUrlOf, createDb } from './index.js';
import { listenForWrites } from './data-version.js';
import { createTestDb, type TestDb } from './test-db.js';

let t: TestDb;
let dir: string;
let relay: net.Server;
let socketUrl: string;

beforeAll(async () => {
  t = await createTestDb();
  const tcp = new URL(t.url);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-socket-'));
  // libpq's naming: the socket of port P in directory D is D/.s.PGSQL.P.
  const port = 6543;
  relay = net.createServer((client) => {
    const server = net.connect(Number(tcp.port), tcp.hostname);
    client.pipe(server).pipe(client);
    client.on('error', () => server.destroy());
    server.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(path.join(dir, `.s.PGSQL.${port}`), resolve));
  socketUrl = `postgres://${tcp.username}:${tcp.password}@${encodeURIComponent(dir)}:${port}${tcp.pathname}`;
});
afterAll(async () => {
  await t?.drop();
  relay?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a DATABASE_URL on a Unix socket', () => {
  it('serves the pool, and the connections opened beside it reach the same server with the password', async () => {
    const db = createDb(socketUrl, { max: 1 });
    try {
      const { rows } = await db.raw('SELECT current_database() AS name');
      expect(rows[0].name).toBe(new URL(t.url).pathname.slice(1));
      expect(connectionUrlOf(db)).toBe(socketUrl);
      // The LISTEN for writes opens its own connection from connectionUrlOf: it failed with the
      // socket's host and port lost (ECONNREFUSED 127.0.0.1:5432) or its password dropped.
      const heard: (bigint | null)[] = [];
      const listener = await listenForWrites(db, (v) => heard.push(v), () => {});
      try {
        await t.db.raw("NOTIFY rehber_data, '42'");
        await expect.poll(() => heard).toEqual([42n]);
      } finally {
        await listener.end();
      }
    } finally {
      await db.destroy();
    }
  });
});
