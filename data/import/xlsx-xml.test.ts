import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellText } from './cell-text.js';
import { readAll, tempDir, zip, type TempDir } from './fixtures/files.js';
import { openXlsx, readSheetsFast, XLSX_LIMITS } from './read-xlsx.js';
import { openXlsxInThread } from './read-xlsx-thread.js';
import { unzipEntries } from './zip.fixtures.js';
import { NEEDS_MORE_MEMORY_MESSAGE } from './xlsx-xml.js';

let dir: TempDir;
beforeAll(async () => {
  dir = await tempDir();
});
afterAll(() => dir.remove());

const OPTIONS = { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'ignore' } as const;

/** Every sheet's rows as read-xlsx.ts turns them into text, read by exceljs alone or with xlsx-xml.ts. */
async function sheetsOf(file: string, fast: boolean): Promise<{ number: number; cells: string[] }[][]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), OPTIONS);
  if (fast) readSheetsFast(reader);
  const sheets: { number: number; cells: string[] }[][] = [];
  for await (const sheet of reader as AsyncIterable<AsyncIterable<{ number: number; values: unknown[] }>>) {
    const rows: { number: number; cells: string[] }[] = [];
    for await (const row of sheet) {
      const values = row.values;
      rows.push({ number: row.number, cells: Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1])) });
    }
    sheets.push(rows);
  }
  return sheets;
}

/** An exceljs workbook with every kind of cell value, in three sheets. */
async function everyKind(date1904: boolean): Promise<string> {
  const wb = new ExcelJS.Workbook();
  wb.properties.date1904 = date1904;
  wb.addWorksheet('Summary').addRow(['Total', 3, '', 'x']);
  const ws = wb.addWorksheet('Businesses');
  ws.addRow(['name', 'full_address', 'rating', 'opened', 'about', 'website', 'reviews', 'verified', 'tiny', 'broken', 'formula text', 'formula number', 'time']);
  ws.addRow([
    { formula: 'A3&" Ltd"', result: 'Acme <&> "Ltd"' },
    "1 Main St, O'Hare & Sons, IL 62701",
    4.5,
    new Date(Date.UTC(2024, 2, 5)),
    { richText: [{ text: 'Bold', font: { bold: true } }, { text: ' café ' }, { text: '北京', font: { italic: true } }] },
    { text: 'acme.example', hyperlink: 'https://acme.example' },
    1.2345678901234567e19,
    true,
    1e-7,
    { error: '#N/A' },
    { formula: 'UPPER("x")', result: 'X' },
    { formula: 'C2*2', result: 9 },
    new Date(Date.UTC(2024, 2, 5, 14, 30, 15)),
  ]);
  ws.addRow([]);
  const sparse = ws.addRow([]);
  sparse.getCell(2).value = 'second';
  sparse.getCell(27).value = 'AA';
  ws.addRow(['Şişli Çiçekçi', 'Moda Cd. 1, 34710 Kadıköy/İstanbul', 0, -3.25, 'line one\nline two\r\nthree', '  padded  ', 12345678901234, false]);
  ws.getColumn(4).numFmt = 'dd/mm/yyyy';
  ws.getCell('C5').numFmt = '0.00%';
  ws.getCell('D5').numFmt = '[h]:mm:ss';
  ws.getCell('M2').numFmt = 'yyyy-mm-dd hh:mm:ss';
  const third = wb.addWorksheet('Third');
  for (let i = 0; i < 50; i++) third.addRow([`row ${i}`, i * 1.5, i % 2 === 0]);
  const file = dir.path(`every-kind-${date1904 ? 1904 : 1900}.xlsx`);
  await wb.xlsx.writeFile(file);
  return file;
}

/** A workbook exceljs wrote, its worksheet (and shared strings, when given) replaced by this XML. */
async function withParts(sheet: string, shared?: string): Promise<string> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Businesses').addRow(['placeholder']);
  const parts = unzipEntries(Buffer.from(await wb.xlsx.writeBuffer()));
  const replaced = parts.map((p) =>
    p.name === 'xl/worksheets/sheet1.xml' ? { ...p, content: Buffer.from(sheet) } : p.name === 'xl/sharedStrings.xml' && shared ? { ...p, content: Buffer.from(shared) } : p,
  );
  if (shared && !replaced.some((p) => p.name === 'xl/sharedStrings.xml')) throw new Error('the base workbook has no shared strings part');
  const file = dir.path(`parts-${Math.random().toString(36).slice(2)}.xlsx`);
  await writeFile(file, zip(replaced.map((p) => ({ name: p.name, data: p.content, deflate: true }))));
  return file;
}

const WORKSHEET = (rows: string, prefix = '') =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${prefix}worksheet xmlns${prefix ? `:${prefix.slice(0, -1)}` : ''}="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><${prefix}sheetData>${rows}</${prefix}sheetData></${prefix}worksheet>`;

describe('xlsx-xml: worksheets and shared strings read from their XML', () => {
  it('gives the cell values exceljs gives, sheet by sheet, in both date systems', async () => {
    for (const date1904 of [false, true]) {
      const file = await everyKind(date1904);
      const fast = await sheetsOf(file, true);
      expect(fast).toEqual(await sheetsOf(file, false));
      expect(fast.map((s) => s.length)).toEqual([1, 4, 50]);
      expect(fast[1][1].cells).toEqual([
        'Acme <&> "Ltd"', "1 Main St, O'Hare & Sons, IL 62701", '4.5', '2024-03-05', 'Bold café 北京', 'acme.example',
        '12345678901234567000', 'true', '0.0000001', '', 'X', '9', '2024-03-05T14:30:15',
      ]);
    }
  });

  it('shows a formula\'s cached result as the cell shows it: 0, true and false, a date, an error', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Businesses');
    ws.addRow(['name', 'full_address', 'reviews', 'is_verified', 'other', 'opened', 'broken']);
    ws.addRow(['Shop', '1 Main St', { formula: 'C3*0', result: 0 }, { formula: 'TRUE()', result: true }, { formula: 'FALSE()', result: false }, { formula: 'DATE(2024,3,5)', result: new Date(Date.UTC(2024, 2, 5)) }, { formula: 'NA()', result: { error: '#N/A' } }]);
    ws.getCell('F2').numFmt = 'yyyy-mm-dd';
    const file = dir.path('formulas.xlsx');
    await wb.xlsx.writeFile(file);
    // exceljs read these as '', '1', '', '45356' and ''.
    expect(await readAll(await openXlsx(file))).toEqual([{ rowNumber: 2, cells: ['Shop', '1 Main St', '0', 'true', 'false', '2024-03-05', ''] }]);
  });

  it('reads a date written as ISO text (t="d", as SheetJS writes dates) as that date', async () => {
    const wb = XLSX.utils.book_new();
    const rows = [['name', 'full_address', 'opened', 'at'], ['Shop', '1 Main St', new Date(Date.UTC(2024, 2, 5)), new Date(Date.UTC(2024, 2, 5, 14, 30))]];
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), 'Businesses');
    const file = dir.path('sheetjs.xlsx');
    await writeFile(file, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', cellDates: true, compression: true }) as Buffer);
    // exceljs read them as 1905-07-16: the year taken for a serial number.
    expect(await readAll(await openXlsx(file))).toEqual([{ rowNumber: 2, cells: ['Shop', '1 Main St', '2024-03-05', '2024-03-05T14:30:00'] }]);
  });

  it('reads a workbook LibreOffice Calc wrote: shared strings after the sheet, dates, truth values, formulas, text in five scripts', async () => {
    // Written by LibreOffice 7.4 (`soffice --convert-to xlsx`) from a CSV of these 800 rows: exceljs
    // read three of its cells as U+FFFD where a letter straddled two chunks, and the total of row 0 as empty.
    const W = ['北京烤鸭', '東京寿司', 'Şişli Çiçekçi', 'Ελληνική Ταβέρνα', 'Москва Кафе', 'مطعم القاهرة', 'Ünye Fırın'];
    const two = (n: number) => String(n).padStart(2, '0');
    const expected = Array.from({ length: 800 }, (_, i) => ({
      rowNumber: i + 2,
      cells: [
        `${W[i % 7]} ${i}`,
        `${i} ${W[(i + 1) % 7]} ${W[(i + 2) % 7]} ${W[(i + 3) % 7]}, ${W[(i + 4) % 7]} <&> "x"`,
        String((i % 50) / 10),
        String(i * 7),
        `2024-${two(1 + (i % 12))}-${two(1 + (i % 28))}`,
        i % 3 === 0 ? 'true' : 'false',
        i % 5 === 0 ? `Line one\nline two ${W[i % 7]}` : '',
        String(i * 2),
      ],
    }));
    const source = await openXlsx(fileURLToPath(new URL('./fixtures/libreoffice-calc.xlsx', import.meta.url)));
    expect(source.headers).toEqual(['name', 'full_address', 'rating', 'reviews', 'opened', 'is_verified', 'about', 'total']);
    expect(await readAll(source)).toEqual(expected);
  });

  it('reads, in the import\'s reading thread, shared strings that as JavaScript strings would outgrow its heap', async () => {
    // 80,000 unique texts of 400 letters, two bytes each as strings: about 64 MB, the thread's heap.
    const text = (i: number) => `${i} ${'北京烤鸭 Şişli '.repeat(30)}`;
    const file = dir.path('many-strings.xlsx');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false });
    const ws = wb.addWorksheet('Businesses');
    ws.addRow(['name', 'full_address']).commit();
    for (let i = 0; i < 40_000; i++) ws.addRow([text(i), text(-i - 1)]).commit();
    await wb.commit();
    const source = await openXlsxInThread(file);
    let count = 0;
    let wrong = 0;
    for await (const row of source.rows) {
      if (row.cells[0] !== text(count) || row.cells[1] !== text(-count - 1)) wrong++;
      count++;
    }
    expect([count, wrong]).toEqual([40_000, 0]);
  }, 120_000);

  it('reads text of several bytes a letter whole where it straddles two chunks (exceljs made it U+FFFD)', async () => {
    const text = (i: number) => `Çiçekçi Şişli ğüöı 北京烤鸭店 ${i} — Ünye`;
    for (const useSharedStrings of [false, true]) {
      const file = dir.path(`letters-${useSharedStrings}.xlsx`);
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings, useStyles: false });
      const ws = wb.addWorksheet('Businesses');
      ws.addRow(['name', 'full_address']).commit();
      for (let i = 0; i < 20_000; i++) ws.addRow([text(i), `${i} ${text(i)}`]).commit();
      await wb.commit();
      const rows = await readAll(await openXlsx(file));
      expect(rows).toHaveLength(20_000);
      expect(rows.filter((r, i) => r.cells[0] !== text(i) || r.cells[1] !== `${i} ${text(i)}`)).toEqual([]);
    }
  });

  it('joins an inline string\'s runs, decodes its text once, and leaves out the whitespace between tags', async () => {
    const file = await withParts(
      WORKSHEET(`
      <row r="1">
        <c r="A1" t="inlineStr"><is><t>name</t></is></c>
        <c r="B1" t="inlineStr"><is><t>full_address</t></is></c>
      </row>
      <row r="2">
        <c r="A2" t="inlineStr">
          <is>
            <r><rPr><b/></rPr><t>Joe</t></r>
            <r><t xml:space="preserve">'s &amp;lt;Pizza&gt;</t></r>
          </is>
        </c>
        <c r="B2" t="inlineStr"><is><t><![CDATA[1 <Main> St]]>, NYC&#10;&#x4E2D;</t></is></c>
        <!-- a comment <c r="C2"><v>9</v></c> -->
      </row>`),
    );
    const rows = await readAll(await openXlsx(file));
    expect(rows).toEqual([{ rowNumber: 2, cells: ["Joe's &lt;Pizza>", '1 <Main> St, NYC\n中'] }]);
  });

  it('places cells and rows without an r attribute after the ones before, and reads prefixed element names', async () => {
    const file = await withParts(
      WORKSHEET(
        '<x:row><x:c t="inlineStr"><x:is><x:t>name</x:t></x:is></x:c><x:c t="inlineStr"><x:is><x:t>full_address</x:t></x:is></x:c><x:c r="D1" t="inlineStr"><x:is><x:t>city</x:t></x:is></x:c></x:row>' +
          '<x:row><x:c t="inlineStr"><x:is><x:t>Shop</x:t></x:is></x:c><x:c t="inlineStr"><x:is><x:t>1 Main St</x:t></x:is></x:c><x:c r="D2"><x:v>42</x:v></x:c></x:row>' +
          '<x:row r="7"><x:c t="b"><x:v>1</x:v></x:c><x:c t="e"><x:v>#DIV/0!</x:v></x:c></x:row>',
        'x:',
      ),
    );
    const source = await openXlsx(file);
    expect(source.headers).toEqual(['name', 'full_address', '', 'city']);
    expect(await readAll(source)).toEqual([
      { rowNumber: 2, cells: ['Shop', '1 Main St', '', '42'] },
      { rowNumber: 7, cells: ['true', '', '', ''] },
    ]);
  });

  it('reads a shared string as its text: its runs joined, its phonetic reading left out', async () => {
    const shared = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="5" uniqueCount="5">
        <si><t>name</t></si>
        <si><t>full_address</t></si>
        <si><t>東京寿司</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/></si>
        <si><r><t xml:space="preserve"> 1-2-3 </t></r><r><rPr><b/></rPr><t>Ginza &amp; Co </t></r></si>
        <si/>
      </sst>`;
    const file = await withParts(
      WORKSHEET('<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="s"><v>3</v></c><c r="C2" t="s"><v>4</v></c></row>'),
      shared,
    );
    expect(await readAll(await openXlsx(file))).toEqual([{ rowNumber: 2, cells: ['東京寿司', ' 1-2-3 Ginza & Co '] }]);
  });

  it('refuses markup left open past the text bound, and a cell of more text, without reading on', async () => {
    const limits = { ...XLSX_LIMITS, maxTextBytes: 4096 };
    // Each run between two '<' is short (the zip check passes it), but the quote never closes.
    const openQuote = await withParts(WORKSHEET(`<row r="1"><c r="A1" t="inlineStr" x="${'a<'.repeat(100_000)}`));
    await expect(openXlsx(openQuote, limits)).rejects.toMatchObject({ status: 400, message: 'The spreadsheet is damaged or truncated' });
    const openString = await withParts(
      WORKSHEET('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'),
      `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si>${'<r><t>ab</t></r>'.repeat(50_000)}`,
    );
    await expect(openXlsx(openString, limits)).rejects.toMatchObject({ status: 400 });
    // Millions of empty strings take a few MB zipped and gigabytes packed: refused at the bound.
    const manyStrings = await withParts(
      WORKSHEET('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'),
      `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${'<si/>'.repeat(20_000)}</sst>`,
    );
    await expect(openXlsx(manyStrings, { ...limits, maxSharedStringsBytes: 64 * 1024 })).rejects.toMatchObject({ status: 413, message: NEEDS_MORE_MEMORY_MESSAGE });
    const longCell = await withParts(WORKSHEET(`<row r="1"><c r="A1" t="inlineStr"><is><t>${'<![CDATA[abcdefgh]]>'.repeat(1_000)}</t></is></c></row>`));
    await expect(openXlsx(longCell, limits)).rejects.toMatchObject({ status: 413 });
  });
});
