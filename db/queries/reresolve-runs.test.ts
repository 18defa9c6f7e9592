import { describe, expect, it } from 'vitest';
import { createTestDb } from '../test-db.js';
import { readReresolveRun, RERESOLVE_ENDED, RERESOLVE_LOCK_KEY } from './reresolve-runs.js';

describe('the re-resolution run as the admin sees it', () => {
  it("is not held by another database's run on the same server", async () => {
    const [mine, other] = await Promise.all([createTestDb(), createTestDb()]);
    try {
      // Another directory on the same PostgreSQL server is re-resolving: its session holds the key.
      await other.db.transaction(async (trx) => {
        await trx.raw('SELECT pg_advisory_xact_lock(?)', [RERESOLVE_LOCK_KEY]);
        // This directory's run died mid-way: its row says running, and no session of its own holds the key.
        await mine.db('reresolve_runs').where({ id: 1 }).update({ running: true, finished_at: null, error: null });
        expect(await readReresolveRun(mine.db)).toMatchObject({ running: false, error: RERESOLVE_ENDED });
      });
    } finally {
      await Promise.all([mine.drop(), other.drop()]);
    }
  });
});
