import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir, useTestDb } from '../scripts/test-hooks.fixtures.js';
import { seedBusinesses } from '../db/queries/admin-businesses.fixtures.js';
import { startServer } from './start.js';
import { sweepOrphanFiles } from './uploads.js';

describe('what a dead process leaves behind', () => {
  const t = useTestDb();
  const dir = useTempDir('rehber-orphans-');

  const file = (name: string, ageMs: number) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, 'name,full_address\n');
    const when = new Date(Date.now() - ageMs);
    fs.utimesSync(p, when, when);
    return p;
  };

  it('sweeps old upload files no record names, and keeps recorded and young ones', async () => {
    const orphan = file('upload-aaaa', 60 * 60 * 1000);
    const young = file('upload-bbbb', 1000);
    const recorded = file('upload-cccc', 60 * 60 * 1000);
    const foreign = file('notes.txt', 60 * 60 * 1000);
    await t.db('uploads').insert({ token: 'tok', owner: 'o', path: recorded, file_name: 'a.csv', bytes: 1 });
    expect(await sweepOrphanFiles(t.db, dir)).toBe(1);
    expect([orphan, young, recorded, foreign].map((p) => fs.existsSync(p))).toEqual([false, true, true, true]);
  });

  it('a starting server marks imports nobody runs as interrupted and sweeps their files', async () => {
    await seedBusinesses(t.db, [{ name: 'Keeps the sample out', address: '1 Main St' }]);
    const [{ id }] = await t.db('imports').insert({ file_name: 'killed.csv', source: 'web', mode: 'upsert' }).returning('id');
    const claimed = file('upload-dddd', 60 * 60 * 1000);
    const server = await startServer(
      { DATABASE_URL: t.url, PORT: '0', HOST: '127.0.0.1', UPLOAD_DIR: dir, LOG_LEVEL: 'silent', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'a long enough password' },
      () => {},
    );
    try {
      expect(await t.db('imports').where({ id }).first('status', 'message')).toEqual({ status: 'failed', message: 'Interrupted: the importing process stopped before the end' });
      expect(fs.existsSync(claimed)).toBe(false);
    } finally {
      await server.close();
    }
  });
});
