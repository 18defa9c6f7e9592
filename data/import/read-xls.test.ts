import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapHeaders } from './columns.js';
import { readAll, tempDir, type TempDir } from './fixtures/files.js';
import { openRows } from './read-rows.js';
import { openXls } from './read-xls.js';

let dir: TempDir;
beforeAll(async () => {
  dir = await tempDir();
});
afterAll(() => dir.remove());

// A date as Excel stores it: a day serial (45291 = 2023-12-31) with a date format. Written this way
// so the file does not depend on the zone of the machine that writes it.
const DEC_31_2023: XLSX.CellObject = { t: 'n', v: 45291, z: 'yyyy-mm-dd' };

function xls(sheets: Record<string, unknown[][]>): Buffer {
  const workbook = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) {
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), name);
  }
  return XLSX.write(workbook, { bookType: 'biff8', type: 'buffer' }) as Buffer;
}

describe('openXls', () => {
  it('reads a BIFF8 workbook from its first sheet with recognisable headers', async () => {
    const file = await dir.write('legacy.xls', xls({
      Notes: [['read me']],
      Data: [
        ['name', 'address', 'rating', 'reviews', 'opened', 'verified'],
        ['Şişli Çiçekçi', 'Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye', 4.5, 1234, DEC_31_2023, true],
        [],
        ['Café Zoë', 'Rue 1, 75009 Paris, France', 3, 0, null, false],
      ],
    }));
    const source = await openRows(file);
    expect(source.format).toBe('xls');
    expect(mapHeaders(source.headers)).toMatchObject({ name: 0, full_address: 1 });
    expect(await readAll(source)).toEqual([
      { rowNumber: 2, cells: ['Şişli Çiçekçi', 'Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye', '4.5', '1234', '2023-12-31', 'true'] },
      { rowNumber: 4, cells: ['Café Zoë', 'Rue 1, 75009 Paris, France', '3', '0', '', 'false'] },
    ]);
  });

  it('gives the cached result of a formula', async () => {
    const workbook = XLSX.utils.book_new();
    const sheet = XLSX.utils.aoa_to_sheet([['name', 'full_address', 'reviews'], ['A', 'B', 0]]);
    sheet.C2 = { t: 'n', v: 42, f: '40+2' };
    XLSX.utils.book_append_sheet(workbook, sheet, 'S');
    const file = await dir.write('formula.xls', XLSX.write(workbook, { bookType: 'biff8', type: 'buffer' }) as Buffer);
    expect((await readAll(await openRows(file)))[0].cells[2]).toBe('42');
  });

  it('gives zero rows for a header-only sheet and the headers of one without the required columns', async () => {
    expect(await readAll(await openRows(await dir.write('header.xls', xls({ S: [['name', 'full_address']] }))))).toEqual([]);
    const other = await openRows(await dir.write('other.xls', xls({ S: [['summary', 'city'], ['x', 'y']] })));
    expect(() => mapHeaders(other.headers)).toThrow('Missing required columns: name, full_address');
  });

  it('refuses with 413, before reading it into memory, an .xls larger than the limit', async () => {
    const file = await dir.write('big.xls', xls({ Data: [['name', 'address'], ['A', 'B']] }));
    const { size } = fs.statSync(file);
    await expect(openXls(file, size - 1)).rejects.toMatchObject({ status: 413, message: expect.stringMatching(/^A legacy \.xls file is read whole, so it may be at most/) });
    expect((await readAll(await openXls(file, size))).map((row) => row.cells)).toEqual([['A', 'B']]);
  });
});
