import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test-db.js';
import { listRecentImports, startImport, updateImportProgress } from './imports.js';

describe('import records', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.drop());

  it('shows an import whose process died as failed, and leaves a live one running', async () => {
    const dead = await startImport(t.db, { fileName: 'killed.csv', source: 'cli', mode: 'upsert' });
    await updateImportProgress(t.db, dead, { rowsRead: 20000, imported: 20000, updated: 0, skipped: 0 });
    await t.db('imports').where({ id: dead }).update({ heartbeat_at: t.db.raw(`now() - interval '2 hours'`) });
    const live = await startImport(t.db, { fileName: 'running.csv', source: 'web', mode: 'upsert' });

    const records = await listRecentImports(t.db);
    const byId = new Map(records.map((r) => [r.id, r]));
    expect(byId.get(dead)).toMatchObject({ status: 'failed', imported: 20000, success: false, message: 'Interrupted: the importing process stopped before the end' });
    expect(byId.get(dead)!.finishedAt).not.toBeNull();
    expect(byId.get(live)).toMatchObject({ status: 'running', finishedAt: null });
  });
});
