import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll, tempDir, type TempDir } from './fixtures/files.js';
import { InputError } from '../../domain/errors.js';
import { openRows } from './read-rows.js';
import { plainXlsx, smuggledXlsx } from './zip.fixtures.js';

let dir: TempDir;
beforeAll(async () => {
  dir = await tempDir();
});
afterAll(() => dir.remove());

describe('openXlsxInThread', () => {
  it('reads in its own thread exactly the rows the reader reads in the caller’s, across many messages', async () => {
    const file = dir.path('many.xlsx');
    await writeFile(file, await plainXlsx(2_500));
    const here = await openRows(file);
    const there = await openRows(file, { readerThread: true });
    expect(there.headers).toEqual(here.headers);
    const [a, b] = [await readAll(here), await readAll(there)];
    expect(b).toHaveLength(2_500);
    expect(b).toEqual(a);
    expect(there.bytesRead()).toBe(there.bytesTotal);
  });

  it('keeps the reader’s refusal and its status across the thread', async () => {
    const file = dir.path('smuggled.xlsx');
    await writeFile(file, await smuggledXlsx());
    const error = await openRows(file, { readerThread: true }).then(() => null, (err: unknown) => err);
    expect(error).toBeInstanceOf(InputError);
    const here = await openRows(file).then(() => null, (err: unknown) => err);
    expect((error as InputError).status).toBe((here as InputError).status);
    expect((error as InputError).message).toBe((here as InputError).message);
  });

  it('lets the caller stop early and releases the thread', async () => {
    const file = dir.path('early.xlsx');
    await writeFile(file, await plainXlsx(3_000));
    const source = await openRows(file, { readerThread: true });
    let seen = 0;
    for await (const _row of source.rows) if (++seen === 10) break;
    await source.close();
    expect(seen).toBe(10);
  });
});
