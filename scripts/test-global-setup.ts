import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../db/index.js';
import { startEmbedded, type EmbeddedServer } from '../db/embedded.js';
import { migrateLatest } from '../db/migrate.js';
import { withDatabase } from '../db/test-db.js';
import { freePort } from './free-port.js';

/**
 * Starts one throwaway embedded PostgreSQL for the whole run (unless TEST_DATABASE_URL names a
 * server) and migrates a template database that every test file clones.
 */
export default async function setup(): Promise<() => Promise<void>> {
  let server: EmbeddedServer | undefined;
  let dir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-test-pg-'));
    fs.chmodSync(dir, 0o777);
    server = await startEmbedded(path.join(dir, 'data'), await freePort(), { quiet: true });
    // Test databases are created from a template: that needs the cluster's superuser.
    adminUrl = server.adminUrl;
  }
  const template = `rehber_template_${process.pid}`;
  const admin = createDb(adminUrl, { max: 1 });
  await admin.raw(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  await admin.raw(`CREATE DATABASE ${template}`);
  const tdb = createDb(withDatabase(adminUrl, template), { max: 1 });
  await migrateLatest(tdb);
  await tdb.destroy();
  process.env.REHBER_TEST_ADMIN_URL = adminUrl;
  process.env.REHBER_TEST_TEMPLATE = template;
  return async () => {
    await admin.raw(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => {});
    await admin.destroy();
    if (server) await server.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}

