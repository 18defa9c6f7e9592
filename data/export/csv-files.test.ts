/**
 * Every CSV rehber writes, read back by a reader rehber did not write: Python's csv module when
 * python3 is installed, papaparse in strict RFC 4180 use otherwise.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTempDir, useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { seedBusinesses } from '../../db/queries/admin-businesses.fixtures.js';
import { importFile, rejectedRowsFile } from '../import/import.js';
import { EXPORT_COLUMNS, exportBusinesses } from './export.js';

/** Cells a spreadsheet user or an attacker could put in a file or a stored business. */
const NASTY = [
  'line one\nline two',
  'crlf one\r\ncrlf two',
  'cr one\rcr two',
  'semi;colon',
  'tab\there',
  'say "hello", friend',
  "=cmd|' /C calc'!A0",
  "\uFF1Dcmd|' /C calc'!A0",
  '+1',
  '-2',
  '@x',
  'Şişli Çiçekçi — 東京 ☕',
  "x;=cmd|' /C calc'!A0",
  'about us\n=HYPERLINK("http://evil.example","click")',
  'after a tab\t@SUM(A1)',
  'menu:\r\n- soup\r\n+ bread',
  "'=already guarded",
  'a;"=b',
  '"quoted"',
  '',
];

const hasPython = (() => {
  try {
    execFileSync('python3', ['-c', 'import csv, json'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const PYTHON = `
import csv, json, sys
with open(sys.argv[1], newline='', encoding='utf-8-sig') as f:
    print(json.dumps(list(csv.reader(f, delimiter=sys.argv[2], strict=sys.argv[2] == ','))))
`;

/** The file's records as that reader sees them, `delimiter` being the separator it assumes. */
function readCsv(file: string, delimiter = ','): string[][] {
  if (hasPython) return JSON.parse(execFileSync('python3', ['-c', PYTHON, file, delimiter], { encoding: 'utf8', maxBuffer: 64 << 20 }));
  const text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { delimiter, newline: '\r\n', quoteChar: '"' });
  if (delimiter === ',') expect(parsed.errors).toEqual([]);
  // papaparse keeps the empty line after the last CRLF as a record; Python does not.
  return parsed.data.filter((row) => !(row.length === 1 && row[0] === ''));
}

/** What a person reads once the guard's apostrophes are gone: one off each guarded cell start. */
const unguarded = (cell: string) => cell.replace(/^'('*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/, '$1').replace(/([;\t\r\n]"*)'('*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g, '$1$2');

/** A cell a spreadsheet would run as a formula: a formula character first (Apple Numbers reads the full-width ones too), and not a plain number. */
const runsAsFormula = (cell: string) => /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) && !/^[\d\s+\-().,/]*$/.test(cell);

const t = useTestDb();
const dir = useTempDir('rehber-csv-files-');

describe('the CSV export, read by another reader', () => {
  let file: string;
  const TEXT_COLUMNS = ['name', 'full_address', 'phone', 'about', 'email', 'website'] as const;
  beforeAll(async () => {
    await seedBusinesses(t.db, NASTY.filter((v) => v !== '').map((value, i) => ({
      name: value, address: `${value} ${i}`, country: 'Nowhere', phone: value, about: value, email: value, website: value, services: [value, 'plain'],
    })));
    file = path.join(dir, 'export.csv');
    await exportBusinesses(t.db, { format: 'csv', baseUrl: 'https://rehber.example' }, fs.createWriteStream(file));
  });

  it('has one record per business, each cell what is stored once the guard is read off', async () => {
    const stored = await t.db('businesses').orderBy('id').select('name', 'address as full_address', 'phone', 'about', 'email', 'website', 'services');
    const [header, ...rows] = readCsv(file);
    expect(header).toEqual([...EXPORT_COLUMNS]);
    expect(rows).toHaveLength(stored.length);
    const got = rows.map((row) => ({
      ...Object.fromEntries(TEXT_COLUMNS.map((c) => [c, unguarded(row[EXPORT_COLUMNS.indexOf(c)])])),
      services: unguarded(row[EXPORT_COLUMNS.indexOf('services')]),
    }));
    expect(got).toEqual(stored.map((s) => ({ ...s, services: s.services.join(', ') })));
  });

  it('writes the guard a spreadsheet shows before a formula, and leaves plain numbers alone but in a record’s first cell', () => {
    const rows = readCsv(file).slice(1);
    const phones = rows.map((row) => row[EXPORT_COLUMNS.indexOf('phone')]);
    expect(phones).toEqual(expect.arrayContaining(["'=cmd|' /C calc'!A0", "'@x", "''=already guarded", 'about us\n\'=HYPERLINK("http://evil.example","click")', '+1', '-2']));
    // A reading with another separator runs the first cell on into the next: `-2,'=cmd...` is no number.
    const names = rows.map((row) => row[0]);
    expect(names).toEqual(expect.arrayContaining(["'+1", "'-2"]));
  });

  for (const delimiter of [',', ';', '\t']) {
    it(`starts no cell with a formula when read with ${JSON.stringify(delimiter)} as the separator`, () => {
      expect(readCsv(file, delimiter).flat().filter(runsAsFormula)).toEqual([]);
    });
  }
});

describe('the rejected rows file, read by another reader', () => {
  const HEADERS = ['name', 'full_address', 'rating', '=HYPERLINK("http://evil.example")', 'about'];
  const quote = (cell: string) => `"${cell.replace(/"/g, '""')}"`;
  let rows: string[][];
  let rejected: string;
  beforeAll(async () => {
    // Each row is refused (its rating is no number), so every nasty cell lands in the rejected file.
    rows = NASTY.map((value, i) => [value || 'x', `${value} ${i}`, 'not a number', value, value]);
    const source = path.join(dir, 'rejects.csv');
    fs.writeFileSync(source, [HEADERS, ...rows].map((r) => r.map(quote).join(',')).join('\r\n'));
    const result = await importFile(t.db, source, { source: 'cli', rejectedDir: dir });
    expect(result).toMatchObject({ imported: 0, rejected: NASTY.length });
    rejected = rejectedRowsFile(dir, result.importId);
  });

  it('holds the file’s own headers and cells, and the reason, once the guard is read off', () => {
    const [header, ...records] = readCsv(rejected);
    expect(header.map(unguarded)).toEqual([...HEADERS, 'reason']);
    // Compared as values: a cell the file itself guarded ('=already guarded) means what it guards.
    expect(records.map((r) => r.slice(0, -1).map(unguarded))).toEqual(rows.map((r) => r.map(unguarded)));
    expect(records.map((r) => r[r.length - 1])).toEqual(rows.map((_, i) => `Row ${i + 2}: rating "not a number" is not a number`));
  });

  for (const delimiter of [',', ';', '\t']) {
    it(`starts no cell with a formula when read with ${JSON.stringify(delimiter)} as the separator`, () => {
      expect(readCsv(rejected, delimiter).flat().filter(runsAsFormula)).toEqual([]);
    });
  }

  it('imported again, rejects the same rows with the same cells', async () => {
    const again = await importFile(t.db, rejected, { source: 'cli', rejectedDir: path.join(dir, 'again') });
    expect(again).toMatchObject({ imported: 0, rejected: NASTY.length });
    const [header, ...records] = readCsv(rejectedRowsFile(path.join(dir, 'again'), again.importId));
    expect([header, ...records].map((r) => r.slice(0, -1))).toEqual(readCsv(rejected));
  });
});
