import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_XML_TEXT_BYTES } from '../../domain/constants.js';
import { readAll, tempDir, zip, type TempDir } from './fixtures/files.js';
import { openRows } from './read-rows.js';
import { plainXlsx, rewriteZip, sheetXml, unzipEntries, type Smuggling } from './zip.fixtures.js';

let dir: TempDir;
let plain: Buffer;
beforeAll(async () => {
  dir = await tempDir();
  plain = await plainXlsx(2);
});
afterAll(() => dir.remove());

const HIDDEN = [
  ['name', 'full_address'],
  ['Smuggled Shop', '9 Hidden St, Austin, TX'],
];
const names = async (file: string) => (await readAll(await openRows(file))).map((row) => row.cells[0]);

/** The plain workbook with its worksheet replaced by `rows`. */
const withSheet = (rows: string[][]) =>
  zip(unzipEntries(plain).map(({ name, content }) => ({ name, data: name === 'xl/worksheets/sheet1.xml' ? sheetXml(rows) : content, deflate: true })));

describe('zip entries exceljs would read but the directory does not list', () => {
  for (const how of ['short-local-size', 'fake-descriptor'] as Smuggling[]) {
    it(`refuses a worksheet hidden inside another entry (${how}) before reading any row`, async () => {
      const file = await dir.write(`${how}.xlsx`, rewriteZip(plain, { smuggle: { how, rows: HIDDEN } }));
      await expect(names(file)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/zip directory does not list/) });
    });
  }

  it('still reads honest workbooks, with sizes in the local headers or in data descriptors', async () => {
    expect(await names(await dir.write('plain.xlsx', plain))).toEqual(['Shop 1', 'Shop 2']);
    expect(await names(await dir.write('descriptors.xlsx', rewriteZip(plain, { descriptors: true })))).toEqual(['Shop 1', 'Shop 2']);
  });

  it('refuses an entry whose deflate data ends before the entry does', async () => {
    const entries = unzipEntries(plain).map(({ name, content }) => ({
      name,
      data: content,
      deflate: true,
      trailing: name === 'xl/styles.xml' ? Buffer.from('PK\x03\x04 whatever hides here') : undefined,
    }));
    const file = await dir.write('trailing.xlsx', zip(entries));
    await expect(openRows(file)).rejects.toMatchObject({ status: 400, message: 'The spreadsheet is damaged or truncated' });
  });
});

describe('cells too long for any spreadsheet', () => {
  it('refuses with 413, before exceljs holds it, a cell longer than MAX_XML_TEXT_BYTES', async () => {
    const file = await dir.write('long-cell.xlsx', withSheet([['name', 'full_address'], ['x'.repeat(MAX_XML_TEXT_BYTES + 1), 'addr']]));
    await expect(openRows(file)).rejects.toMatchObject({ status: 413, message: expect.stringContaining('a cell of more than 1 MB') });
  });

  it('reads a cell as long as a spreadsheet cell can be, and one of many tags', async () => {
    const long = 'é"'.repeat(32_767 / 2);
    const file = await dir.write('full-cell.xlsx', withSheet([['name', 'full_address'], [long, 'a&b<c>'.repeat(50_000)]]));
    const rows = await readAll(await openRows(file));
    expect(rows[0].cells[0]).toBe(long);
    expect(rows[0].cells[1]).toHaveLength(300_000);
  });
});
