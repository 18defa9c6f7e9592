import { describe, expect, it } from 'vitest';
import { InputError } from '../../domain/errors.js';
import { workerFailure } from './import-worker.js';

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
