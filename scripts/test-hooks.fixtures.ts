import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestDb, type TestDb } from '../db/test-db.js';

/**
 * A database of its own for the tests of the file (or `describe`) that calls this: cloned before
 * them, dropped after. Read `db` and `url` inside a test or a later hook, not at collection time.
 */
export function useTestDb(): TestDb {
  let t: TestDb | undefined;
  const made = (): TestDb => {
    if (!t) throw new Error('useTestDb: the database is made in beforeAll; read it inside a test or a later hook');
    return t;
  };
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t?.drop();
    t = undefined;
  });
  return {
    get db() {
      return made().db;
    },
    get url() {
      return made().url;
    },
    drop: () => made().drop(),
  };
}

/**
 * A fresh temporary directory for the tests of the file (or `describe`) that calls this, removed
 * with everything in it after them. Made at once, so its path is a plain string.
 */
export function useTempDir(prefix = 'rehber-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
