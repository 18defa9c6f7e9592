import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mapHeaders } from './columns.js';
import { readAll, tempDir, zip, type TempDir } from './fixtures/files.js';
import { openRows } from './read-rows.js';
import { checkUnpackedSize, openXlsx, XLSX_LIMITS } from './read-xlsx.js';

let dir: TempDir;
let workbookPath: string;

beforeAll(async () => {
  dir = await tempDir();
  const workbook = new ExcelJS.Workbook();
  // A first sheet without the required columns must be passed over.
  workbook.addWorksheet('Summary').addRow(['Total', 3]);
  const sheet = workbook.addWorksheet('Businesses');
  sheet.addRow(['Name', 'Full Address', 'Rating', 'Opened', 'About', 'Website', 'Reviews', 'Verified', 'Tiny', 'Broken']);
  sheet.addRow([
    { formula: 'A3&" Ltd"', result: 'Acme Ltd' },
    '1 Main St, Springfield, IL 62701',
    4.5,
    new Date(Date.UTC(2024, 2, 5)),
    { richText: [{ text: 'Bold', font: { bold: true } }, { text: ' café' }] },
    { text: 'acme.example', hyperlink: 'https://acme.example' },
    1.2345678901234567e19,
    true,
    1e-7,
    { error: '#N/A' },
  ]);
  sheet.addRow([]);
  sheet.addRow(['Şişli Çiçekçi', 'Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye', 5, new Date(Date.UTC(2024, 2, 5, 14, 30))]);
  workbookPath = dir.path('businesses.xlsx');
  await workbook.xlsx.writeFile(workbookPath);
});
afterAll(() => dir.remove());

describe('openXlsx', () => {
  it('reads the first sheet with recognisable headers, cells as text', async () => {
    const source = await openRows(workbookPath);
    expect(source.format).toBe('xlsx');
    expect(source.headers.slice(0, 3)).toEqual(['Name', 'Full Address', 'Rating']);
    const rows = await readAll(source);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      rowNumber: 2,
      cells: ['Acme Ltd', '1 Main St, Springfield, IL 62701', '4.5', '2024-03-05', 'Bold café', 'acme.example', '12345678901234567000', 'true', '0.0000001', ''],
    });
    // The empty row 3 is skipped; numbering keeps the sheet's own.
    expect(rows[1].rowNumber).toBe(4);
    expect(rows[1].cells.slice(0, 4)).toEqual(['Şişli Çiçekçi', 'Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye', '5', '2024-03-05T14:30:00']);
    expect(source.bytesRead()).toBe(source.bytesTotal);
  });

  it('hands back the headers of a workbook without the required columns so mapHeaders names them', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Sheet1').addRow(['title', 'phone']);
    const file = dir.path('no-address.xlsx');
    await workbook.xlsx.writeFile(file);
    const source = await openXlsx(file);
    expect(() => mapHeaders(source.headers)).toThrow('Missing required columns: full_address');
    expect(await readAll(source)).toEqual([]);
  });

  it('gives zero rows for a header-only workbook and refuses one without any cell', async () => {
    const headerOnly = new ExcelJS.Workbook();
    headerOnly.addWorksheet('S').addRow(['name', 'address']);
    await headerOnly.xlsx.writeFile(dir.path('header-only.xlsx'));
    expect(await readAll(await openXlsx(dir.path('header-only.xlsx')))).toEqual([]);

    const blank = new ExcelJS.Workbook();
    blank.addWorksheet('S');
    await blank.xlsx.writeFile(dir.path('blank.xlsx'));
    await expect(openXlsx(dir.path('blank.xlsx'))).rejects.toMatchObject({ message: 'The file is empty', status: 400 });
  });

  it('refuses a truncated workbook with a clear 400', async () => {
    const bytes = await readFile(workbookPath);
    const file = await dir.write('truncated.xlsx', bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(openRows(file)).rejects.toMatchObject({ message: 'The spreadsheet is damaged or truncated', status: 400 });
  });

  it('refuses a workbook damaged in the middle with a clear 400, without crashing', async () => {
    const bytes = Buffer.from(await readFile(workbookPath));
    // Overwrite the middle (the compressed sheets) but keep the zip directory at the end intact.
    bytes.fill(0x55, Math.floor(bytes.length * 0.2), Math.floor(bytes.length * 0.6));
    const file = await dir.write('damaged.xlsx', bytes);
    const attempt = (async () => readAll(await openRows(file)))();
    await expect(attempt).rejects.toMatchObject({ status: 400 });
  });

  it('refuses a zip whose directory declares more than the unpacked limit (413)', async () => {
    const bomb = zip([
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>'), declaredSize: 0xfffffff0 },
    ]);
    const file = await dir.write('bomb.xlsx', bomb);
    await expect(openRows(file)).rejects.toMatchObject({ message: 'The spreadsheet unpacks to more than 2048 MB', status: 413 });
  });

  it('refuses a big entry compressed far beyond what real data does (413)', async () => {
    const zeros = zip([
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(4 * 1024 * 1024), deflate: true },
    ]);
    const file = await dir.write('zeros.xlsx', zeros);
    await expect(openXlsx(file, { ...XLSX_LIMITS, ratioFloorBytes: 1024 * 1024 })).rejects.toMatchObject({ status: 413 });
    expect(() => checkUnpackedSize([{ name: 'a', compressedSize: 1000, uncompressedSize: 10_000, method: 8, crc32: 0, localHeaderOffset: 0 }])).not.toThrow();
  });

  it('refuses a bomb whose directory lies about its size as soon as an entry unpacks past it', async () => {
    const liar = zip([
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(4 * 1024 * 1024), deflate: true, declaredSize: 100 },
    ]);
    const file = await dir.write('liar.xlsx', liar);
    // The declared sizes fit the limit; the lie is damage, found long before the limit is reached.
    await expect(openXlsx(file, { ...XLSX_LIMITS, maxUnpackedBytes: 1024 * 1024 })).rejects.toMatchObject({
      message: 'The spreadsheet is damaged or truncated',
      status: 400,
    });
  });

  it('refuses a zip that is not a workbook (415)', async () => {
    const file = await dir.write('archive.xlsx', zip([{ name: 'readme.txt', data: Buffer.from('hello') }]));
    await expect(openRows(file)).rejects.toMatchObject({ status: 415 });
  });
});

describe('openXlsx, a worksheet before the shared strings (exceljs puts it aside in a temporary file)', () => {
  it('reads the shared strings, styles and workbook behind the worksheet however late its temporary file is written', async () => {
    // exceljs's own 'tmp': its WorkbookReader calls tmp.file for each worksheet it must put aside.
    const tmp = createRequire(createRequire(import.meta.url).resolve('exceljs'))('tmp') as { file: (cb: (...args: unknown[]) => void) => void };
    const file = tmp.file;
    // A busy machine: the file for the worksheet comes after unzipper has read the whole archive.
    const spy = vi.spyOn(tmp, 'file').mockImplementation((cb) => file((...args) => setTimeout(() => cb(...args), 300)));
    try {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Businesses');
      sheet.addRow(['name', 'full_address', 'opened']);
      for (let i = 0; i < 30; i++) sheet.addRow([`Shop ${i}`, `${i} Oak St, Denver, CO 80202, United States`, new Date(Date.UTC(2024, 2, 5))]);
      const path = dir.path('late-temp-file.xlsx');
      await workbook.xlsx.writeFile(path);
      const source = await openXlsx(path);
      expect(source.headers).toEqual(['name', 'full_address', 'opened']);
      const rows = await readAll(source);
      expect(rows).toHaveLength(30);
      expect(rows[29].cells).toEqual(['Shop 29', '29 Oak St, Denver, CO 80202, United States', '2024-03-05']);
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('openXlsx, the temporary files exceljs makes', () => {
  /** Runs `read` with the temporary folder (where exceljs's 'tmp' puts a set-aside worksheet) a fresh one; returns what is left in it. */
  async function leftBehind(read: (path: string) => Promise<void>): Promise<string[]> {
    const folder = await tempDir();
    const before = process.env.TMPDIR;
    process.env.TMPDIR = folder.path('');
    try {
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet('Summary').addRow(['Total', 3]);
      const sheet = workbook.addWorksheet('Businesses');
      sheet.addRow(['name', 'full_address']);
      for (let i = 0; i < 30; i++) sheet.addRow([`Shop ${i}`, `${i} Oak St, Denver, CO 80202, United States`]);
      const path = dir.path(`temp-files-${Math.random().toString(36).slice(2)}.xlsx`);
      await workbook.xlsx.writeFile(path);
      await read(path);
      return await readdir(folder.path(''));
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
      await folder.remove();
    }
  }

  it('leaves none behind once every row is read (each worksheet met before the shared strings was put aside)', async () => {
    expect(await leftBehind(async (path) => {
      const source = await openXlsx(path);
      expect(await readAll(source)).toHaveLength(30);
    })).toEqual([]);
  });

  it('leaves none behind when the reader is closed before its rows are read (an import stopped early)', async () => {
    expect(await leftBehind(async (path) => {
      const source = await openXlsx(path);
      await source.close();
    })).toEqual([]);
  });
});
