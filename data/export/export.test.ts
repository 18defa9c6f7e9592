import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { seedBusinesses } from '../../db/queries/admin-businesses.fixtures.js';
import { EXPORT_COLUMNS, exportBusinesses, exportFileName, neutralise } from './export.js';
import type { ExportOptions } from './export.js';

const t = useTestDb();
beforeAll(async () => {
  await seedBusinesses(t.db, [
    {
      name: 'Şişli Çiçekçi', address: 'Halaskargazi Cd. 5, 34371 Şişli/İstanbul, Türkiye', city: 'Şişli', state: 'İstanbul', country: 'Türkiye',
      category: 'Florist', phone: '+90 212 555 12 34', rating: 4.75, reviewCount: 1200, placeId: 'ChIJabc123xyz', services: ['Çiçek', 'Teslimat'],
      isVerified: true, latitude: -33.8688, about: 'Line one\nline "two", with comma',
    },
    { name: '=HYPERLINK("http://evil.example","click")', address: '@SUM(1+1)', country: 'United States', city: 'Boston', state: 'MA', phone: '-2+3+cmd|\' /C calc\'!A0' },
    { name: 'Plain Shop', address: '1 Main St', country: 'United States', website: 'https://plain.example' },
  ]);
});

async function run(options: Omit<ExportOptions, 'baseUrl'>): Promise<{ rows: number; bytes: Buffer }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const { rows } = await exportBusinesses(t.db, { ...options, baseUrl: 'https://rehber.example/', batchSize: 2 }, out);
  return { rows, bytes: Buffer.concat(chunks) };
}

function parseCsv(bytes: Buffer): Record<string, string>[] {
  const text = bytes.toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.meta.fields).toEqual([...EXPORT_COLUMNS]);
  return parsed.data;
}

async function parseXlsx(bytes: Buffer): Promise<Record<string, unknown>[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual([...EXPORT_COLUMNS]);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = row.values as unknown[];
    rows.push(Object.fromEntries(header.map((h, i) => [h as string, values[i + 1] ?? null])));
  });
  return rows;
}

describe('exportBusinesses', () => {
  it('writes every business as CSV with a BOM, the import columns, the page URLs and accents intact', async () => {
    const { rows, bytes } = await run({ format: 'csv' });
    expect(rows).toBe(3);
    const data = parseCsv(bytes);
    expect(data.map((r) => r.name)).toEqual(['Şişli Çiçekçi', `'=HYPERLINK("http://evil.example","click")`, 'Plain Shop']);
    expect(data[0]).toMatchObject({
      category: 'Florist', phone: '+90 212 555 12 34', full_address: 'Halaskargazi Cd. 5, 34371 Şişli/İstanbul, Türkiye', country: 'Türkiye',
      rating: '4.75', reviews: '1200', place_id: 'ChIJabc123xyz', city: 'Şişli', state: 'İstanbul', services: 'Çiçek, Teslimat',
      is_verified: 'true', latitude: '-33.8688', about: 'Line one\nline "two", with comma',
      detail_url: 'https://rehber.example/details/sisli-cicekci-chijabc', city_url: 'https://rehber.example/city/sisli-turkiye',
    });
    expect(data[2]).toMatchObject({ website: 'https://plain.example', city: '', city_url: '', is_verified: 'false' });
  });

  it('neutralises formulas in CSV and XLSX but leaves phone numbers and signed numbers alone', async () => {
    const csv = parseCsv((await run({ format: 'csv' })).bytes);
    expect(csv[1]).toMatchObject({ full_address: "'@SUM(1+1)", phone: "'-2+3+cmd|' /C calc'!A0" });
    const xlsx = await parseXlsx((await run({ format: 'xlsx' })).bytes);
    expect(xlsx[1]).toMatchObject({ name: `'=HYPERLINK("http://evil.example","click")`, full_address: "'@SUM(1+1)" });
    expect(xlsx[0]).toMatchObject({ phone: '+90 212 555 12 34', latitude: -33.8688 });
    expect(neutralise('\tx')).toBe("'\tx");
    expect(neutralise('\rx')).toBe("'\rx");
    expect(neutralise('+1 (555) 010-9999')).toBe('+1 (555) 010-9999');
    expect(neutralise('a=b')).toBe('a=b');
  });

  it('quotes CSV cells with a semicolon or tab and guards the formula after one, so a ; or tab separated reading starts no formula cell', async () => {
    await seedBusinesses(t.db, [{ name: 'Semi Formula;=HYPERLINK("http://evil.example")', address: 'Tab\t+cmd|calc', country: 'Nowhere' }]);
    try {
      const text = (await run({ format: 'csv', country: 'Nowhere' })).bytes.toString('utf8').slice(1);
      expect(text).toContain('"Semi Formula;\'=HYPERLINK(""http://evil.example"")"');
      expect(text).toContain('"Tab\t\'+cmd|calc"');
      for (const delimiter of [';', '\t']) {
        const cells = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: true }).data.flat();
        expect(cells.filter((c) => /^[=+\-@]/.test(c)), delimiter).toEqual([]);
      }
      expect(parseCsv(Buffer.from('\ufeff' + text))[0]).toMatchObject({ name: `Semi Formula;'=HYPERLINK("http://evil.example")`, full_address: "Tab\t'+cmd|calc" });
    } finally {
      await t.db('businesses').where({ country: 'Nowhere' }).delete();
    }
  });

  it('writes XLSX that exceljs reads back, numbers as numbers', async () => {
    const { rows, bytes } = await run({ format: 'xlsx' });
    expect(rows).toBe(3);
    const data = await parseXlsx(bytes);
    expect(data).toHaveLength(3);
    expect(data[0]).toMatchObject({ name: 'Şişli Çiçekçi', rating: 4.75, reviews: 1200, country: 'Türkiye', detail_url: 'https://rehber.example/details/sisli-cicekci-chijabc' });
  });

  it('exports one country only', async () => {
    const { rows, bytes } = await run({ format: 'csv', country: 'United States' });
    expect(rows).toBe(2);
    expect(parseCsv(bytes).map((r) => r.country)).toEqual(['United States', 'United States']);
    const empty = await run({ format: 'xlsx', country: 'Atlantis' });
    expect(empty.rows).toBe(0);
    expect(await parseXlsx(empty.bytes)).toEqual([]);
  });

  it('names the file after the country and the date', () => {
    const d = new Date('2026-11-21T10:00:00Z');
    expect(exportFileName('Türkiye', 'xlsx', d)).toBe('businesses-turkiye-2026-11-21.xlsx');
    expect(exportFileName(undefined, 'csv', d)).toBe('businesses-all-2026-11-21.csv');
  });
});
