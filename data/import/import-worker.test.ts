import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../domain/errors.js';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { importFileInWorker, stopRunningImports, workerFailure } from './import-worker.js';

describe('workerFailure', () => {
  it('turns a worker that ran out of heap on a file into a 413 the user can act on', () => {
    const oom = Object.assign(new Error('Worker terminated due to reaching memory limit: JS heap out of memory'), { code: 'ERR_WORKER_OUT_OF_MEMORY' });
    const failure = workerFailure(oom);
    expect(failure).toBeInstanceOf(InputError);
    expect(failure).toMatchObject({ status: 413, message: expect.stringMatching(/more memory .* than an import may use/) });
  });

  it('leaves any other failure a server error', () => {
    const other = new Error('boom');
    expect(workerFailure(other)).toBe(other);
  });
});

describe('stopRunningImports', () => {
  const t = useTestDb();

  it('does not count an import that has answered while its thread is still ending', { timeout: 60_000 }, async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rehber-stop-'));
    try {
      const file = path.join(dir, 'one.csv');
      await fs.writeFile(file, 'name,category,full_address,city,country,place_id\nDone Cafe,Cafe,1 Main St,Austin,US,DONE1\n');
      const outcome = await importFileInWorker(t.url, file, { source: 'web' });
      expect(outcome.imported).toBe(1);
      // At once, before the worker's thread has exited: a shutdown now has nothing to interrupt,
      // and waiting for this import's record to be marked would hold it for its whole grace.
      expect(await stopRunningImports()).toBe(0);
      expect((await t.db('imports').select('status')).map((r) => r.status)).toEqual(['done']);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
