import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFormat } from './detect-format.js';
import { tempDir, type TempDir } from './fixtures/files.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_COLUMNS } from '../../domain/constants.js';
import { openRows } from './read-rows.js';
import { plainXlsx, smuggledXlsx } from './zip.fixtures.js';

let dir: TempDir;
beforeAll(async () => {
  dir = await tempDir();
});
afterAll(() => dir.remove());

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

describe('openRows format detection', () => {
  it('reads a CSV whatever its name says', async () => {
    const file = await dir.write('named.xlsx', 'name,full_address\nA,1\n');
    expect(await detectFormat(file)).toBe('csv');
    expect((await openRows(file)).format).toBe('csv');
  });

  it('refuses a PNG renamed .xlsx with 415, saying what it is', async () => {
    const file = await dir.write('photo.xlsx', PNG);
    await expect(openRows(file)).rejects.toMatchObject({ status: 415, message: expect.stringMatching(/^Unsupported file: a PNG image/) });
  });

  it('refuses programs, PDFs and other binaries with 415', async () => {
    const cases: Array<[string, Buffer]> = [
      ['program.csv', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)])],
      ['doc.xls', Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')],
      ['blob.csv', Buffer.from([1, 2, 3, 0, 5, 6, 7, 8, 0, 0, 0, 1])],
    ];
    for (const [name, bytes] of cases) {
      await expect(openRows(await dir.write(name, bytes))).rejects.toMatchObject({ status: 415, message: expect.stringMatching(/^Unsupported file: /) });
    }
  });

  it('refuses an empty file with 400', async () => {
    await expect(openRows(await dir.write('empty.xlsx', ''))).rejects.toMatchObject({ status: 400, message: 'The file is empty' });
  });

  it('refuses an OLE file that is not a workbook with 400', async () => {
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);
    await expect(openRows(await dir.write('fake.xls', ole))).rejects.toMatchObject({ status: 400 });
  });
});

describe('files crafted to lie', () => {
  it('refuses an XLSX with a local entry its central directory does not list, and reads the honest one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-smuggle-'));
    try {
      const honest = path.join(dir, 'honest.xlsx');
      fs.writeFileSync(honest, await plainXlsx(2));
      const source = await openRows(honest);
      const rows = [];
      for await (const row of source.rows) rows.push(row.cells[0]);
      expect(rows).toEqual(['Shop 1', 'Shop 2']);
      const smuggled = path.join(dir, 'smuggled.xlsx');
      fs.writeFileSync(smuggled, await smuggledXlsx());
      await expect(openRows(smuggled)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/zip directory does not list/) });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a CSV wider than MAX_COLUMNS before reading its rows', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-wide-'));
    try {
      const file = path.join(dir, 'wide.csv');
      fs.writeFileSync(file, 'name,full_address' + ','.repeat(MAX_COLUMNS) + '\nA,B\n');
      await expect(openRows(file)).rejects.toMatchObject({ status: 400, message: expect.stringContaining(`at most ${MAX_COLUMNS}`) });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
