import { describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { createDb } from '../index.js';
import { failOrphanedImports, listRecentImports, startImport, updateImportProgress } from './imports.js';

describe('import records', () => {
  const t = useTestDb();

  it('shows an import whose process died as failed at once, and leaves a live one running', async () => {
    // The "dead" import runs in a pool of its own, as another process's would.
    const other = createDb(t.url, { max: 2 });
    const dead = await startImport(other, { fileName: 'killed.csv', source: 'cli', mode: 'upsert' });
    await updateImportProgress(other, dead.id, { rowsRead: 20000, imported: 20000, updated: 0, skipped: 0 });
    const live = await startImport(t.db, { fileName: 'running.csv', source: 'web', mode: 'upsert' });
    expect(await failOrphanedImports(t.db)).toBe(0);
    // The dying process: PostgreSQL loses its connection, and the run lock with it.
    await t.db.raw(`SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objid = ? AND granted`, [dead.id]);
    await dead.release().catch(() => {});
    await other.destroy();

    const records = await listRecentImports(t.db);
    const byId = new Map(records.map((r) => [r.id, r]));
    expect(byId.get(dead.id)).toMatchObject({ status: 'failed', imported: 20000, success: false, message: 'Interrupted: the importing process stopped before the end' });
    expect(byId.get(dead.id)!.finishedAt).not.toBeNull();
    expect(byId.get(live.id)).toMatchObject({ status: 'running', finishedAt: null });
    await live.release();
  });
});
