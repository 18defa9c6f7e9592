import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll, tempDir, type TempDir } from './fixtures/files.js';
import { MAX_ROW_CHARS, openCsv, sniffDelimiter } from './read-csv.js';

let dir: TempDir;
beforeAll(async () => {
  dir = await tempDir();
});
afterAll(() => dir.remove());

const TURKISH = 'ŞİĞÜÖÇışğüöç';

async function read(name: string, content: string | Buffer, options = {}) {
  const source = await openCsv(await dir.write(name, content), options);
  return { source, rows: await readAll(source) };
}

describe('openCsv encodings', () => {
  it('reads UTF-8 without a BOM', async () => {
    const { source, rows } = await read('utf8.csv', `name,full_address\n${TURKISH},Café 1\n`);
    expect(source.headers).toEqual(['name', 'full_address']);
    expect(rows).toEqual([{ rowNumber: 2, cells: [TURKISH, 'Café 1'] }]);
  });

  it('reads UTF-8 with a BOM and strips it from the first header', async () => {
    const { source, rows } = await read('bom.csv', `\uFEFFname,full_address\n${TURKISH},x\n`);
    expect(source.headers[0]).toBe('name');
    expect(rows[0].cells[0]).toBe(TURKISH);
  });

  it('reads UTF-16LE with a BOM', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(`name\tfull_address\r\n${TURKISH}\tİstanbul\r\n`, 'utf-16le')]);
    const { source, rows } = await read('utf16.csv', bytes);
    expect(source.headers).toEqual(['name', 'full_address']);
    expect(rows[0].cells).toEqual([TURKISH, 'İstanbul']);
  });

  it('reads UTF-16BE with a BOM', async () => {
    const bytes = Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(`name,full_address\n${TURKISH},x\n`, 'utf-16be')]);
    expect((await read('utf16be.csv', bytes)).rows[0].cells[0]).toBe(TURKISH);
  });

  it('detects Windows-1254 from Turkish letters', async () => {
    const bytes = iconv.encode(`name;full_address\n${TURKISH};Kadıköy/İstanbul\n`, 'windows-1254');
    const { rows } = await read('tr.csv', bytes);
    expect(rows[0].cells).toEqual([TURKISH, 'Kadıköy/İstanbul']);
  });

  it('falls back to Windows-1252 for other legacy text', async () => {
    const bytes = iconv.encode('name,full_address\ncafé crème,Zoë straße\n', 'windows-1252');
    expect((await read('w1252.csv', bytes)).rows[0].cells).toEqual(['café crème', 'Zoë straße']);
  });

  it('lets the caller override the encoding', async () => {
    const bytes = iconv.encode('name,full_address\ncafé,x\n', 'windows-1252');
    const { rows } = await read('override.csv', bytes, { encoding: 'iso-8859-1' });
    expect(rows[0].cells[0]).toBe('café');
    await expect(openCsv(dir.path('override.csv'), { encoding: 'klingon' })).rejects.toThrow('Unknown encoding: klingon');
  });

  it('keeps a multi-byte character whole when it straddles a chunk boundary', async () => {
    // 3-byte reads split every 2- and 3-byte UTF-8 character somewhere.
    const text = `name,full_address\n${TURKISH} €,${'ğ'.repeat(50)}\n`;
    const { rows } = await read('split.csv', text, { highWaterMark: 3 });
    expect(rows[0].cells).toEqual([`${TURKISH} €`, 'ğ'.repeat(50)]);
  });
});

describe('openCsv structure', () => {
  it('sniffs comma, semicolon and tab from the header line', async () => {
    expect(sniffDelimiter('name,full_address,"a;b;c"')).toBe(',');
    expect(sniffDelimiter('name;full_address;phone')).toBe(';');
    expect(sniffDelimiter('name\tfull_address\tphone, fax')).toBe('\t');
    for (const [name, d] of [['c.csv', ','], ['s.csv', ';'], ['t.csv', '\t']]) {
      const { rows } = await read(name, `name${d}full_address${d}phone\nAcme${d}1 Main St${d}555\n`);
      expect(rows[0].cells).toEqual(['Acme', '1 Main St', '555']);
    }
  });

  it('reads CRLF and LF line endings alike', async () => {
    const crlf = await read('crlf.csv', 'name,full_address\r\nA,1\r\nB,"2\r\nline"\r\n');
    const lf = await read('lf.csv', 'name,full_address\nA,1\nB,"2\nline"\n');
    expect(crlf.rows.map((r) => r.cells)).toEqual([['A', '1'], ['B', '2\r\nline']]);
    expect(lf.rows.map((r) => r.cells)).toEqual([['A', '1'], ['B', '2\nline']]);
  });

  it('handles RFC 4180 quoting: delimiters, doubled quotes and newlines inside fields', async () => {
    const { rows } = await read('quoted.csv', 'name,full_address,about\n"Acme, Inc.","1 ""Main"" St","two\nlines"\nB,2,last\n');
    expect(rows).toEqual([
      { rowNumber: 2, cells: ['Acme, Inc.', '1 "Main" St', 'two\nlines'] },
      { rowNumber: 3, cells: ['B', '2', 'last'] },
    ]);
  });

  it('numbers rows as a spreadsheet would, skipping empty ones silently', async () => {
    const { rows } = await read('gaps.csv', '\n\nname,full_address\nA,1\n\n , \nB,2');
    expect(rows).toEqual([{ rowNumber: 2, cells: ['A', '1'] }, { rowNumber: 5, cells: ['B', '2'] }]);
  });

  it('refuses an empty file, and one of blank lines, with 400', async () => {
    await expect(openCsv(await dir.write('empty.csv', ''))).rejects.toMatchObject({ message: 'The file is empty', status: 400 });
    await expect(openCsv(await dir.write('blank.csv', '\r\n\n'))).rejects.toMatchObject({ message: 'The file is empty', status: 400 });
  });

  it('gives zero rows for a header-only file, with or without a final newline', async () => {
    expect((await read('h1.csv', 'name,full_address\n')).rows).toEqual([]);
    const { source, rows } = await read('h2.csv', 'name,full_address');
    expect(source.headers).toEqual(['name', 'full_address']);
    expect(rows).toEqual([]);
  });

  it('rejects rows with more or fewer cells than the header, but not extra empty ones', async () => {
    const { rows } = await read('counts.csv', 'name,full_address,phone\nA,1,2,3\nB,1\nC,1,2,,\nD,1,2\n');
    expect(rows).toEqual([
      { rowNumber: 2, cells: [], error: 'Row 2: expected 3 cells, found 4' },
      { rowNumber: 3, cells: [], error: 'Row 3: expected 3 cells, found 2' },
      { rowNumber: 4, cells: ['C', '1', '2'] },
      { rowNumber: 5, cells: ['D', '1', '2'] },
    ]);
  });

  it('rejects a row whose quote never closes and goes on with the next line', async () => {
    const { rows } = await read('unbalanced.csv', 'name,full_address\nA,1\n"B,2\nC,3\nD,4\n');
    expect(rows[0]).toEqual({ rowNumber: 2, cells: ['A', '1'] });
    expect(rows[1]).toEqual({ rowNumber: 3, cells: [], error: 'Row 3: unbalanced quotes' });
    expect(rows.slice(2).map((r) => r.cells)).toEqual([['C', '3'], ['D', '4']]);
  });

  it('caps an unclosed quote at MAX_ROW_CHARS instead of reading the rest of the file into one field', async () => {
    const line = `${'x'.repeat(1000)},y\n`;
    const filler = line.repeat(Math.ceil((MAX_ROW_CHARS * 1.5) / line.length));
    const { rows } = await read('runaway.csv', `name,full_address\nA,1\n"B,2\n${filler}`, { highWaterMark: 64 * 1024 });
    expect(rows[1].error).toMatch(/^Row 3: unbalanced quotes/);
    // Reading went on after the bad record: the filler's lines come back as rows.
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.at(-1)?.cells).toEqual(['x'.repeat(1000), 'y']);
  });

  it('reports a stray quote after a quoted field as that row\'s error', async () => {
    // A later quote closes the field: the row is malformed but the rest of the file is fine.
    const malformed = await read('malformed.csv', 'name,full_address\n"A"x,1\n"B",2\nC,3\n');
    expect(malformed.rows[0].error).toMatch(/^Row 2: malformed quotes/);
    expect(malformed.rows.at(-1)).toEqual({ rowNumber: 3, cells: ['C', '3'] });
    // No later quote: the field would run to the end of the file.
    const unclosed = await read('unclosed.csv', 'name,full_address\n"A"x,1\nB,2\n');
    expect(unclosed.rows[0].error).toBe('Row 2: unbalanced quotes');
    expect(unclosed.rows.at(-1)?.cells).toEqual(['B', '2']);
  });

  it('passes a 100,000-character cell through for the row check to refuse', async () => {
    const { rows } = await read('long.csv', `name,full_address,about\nA,1,"${'z'.repeat(100_000)}"\n`);
    expect(rows[0].cells[2]).toHaveLength(100_000);
  });

  it('reports progress through the file in bytes', async () => {
    const { source } = await read('progress.csv', 'name,full_address\n' + 'A,1\n'.repeat(1000), { highWaterMark: 512 });
    expect(source.bytesTotal).toBe(18 + 4000);
    expect(source.bytesRead()).toBe(source.bytesTotal);
  });

  it('can be closed before the end, twice', async () => {
    const source = await openCsv(await dir.write('early.csv', 'name,full_address\n' + 'A,1\n'.repeat(10_000)), { highWaterMark: 1024 });
    for await (const row of source.rows) {
      expect(row.rowNumber).toBe(2);
      break;
    }
    await source.close();
    await source.close();
    expect(source.bytesRead()).toBeLessThan(source.bytesTotal);
  });
});
