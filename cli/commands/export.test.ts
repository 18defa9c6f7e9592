import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../db/test-db.js';
import { seedBusinesses } from '../../db/queries/admin-businesses.fixtures.js';
import { UsageError } from '../exit.js';
import { parseExportOptions } from './export.js';
import { runCli } from '../run-cli.fixtures.js';

let t: TestDb;
let dir: string;

beforeAll(async () => {
  t = await createTestDb();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-cli-export-'));
  await seedBusinesses(t.db, [
    { name: 'Kadıköy Fırını', address: 'Moda Cd. 1, Kadıköy/İstanbul', city: 'Kadıköy', country: 'Türkiye' },
    { name: 'Austin Tacos', address: '1 Congress Ave, Austin, TX', city: 'Austin', state: 'TX', country: 'United States' },
  ]);
});
afterAll(async () => {
  await t.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function rehber(args: string[], env: Record<string, string> = {}) {
  const run = await runCli(args, { cwd: dir, env: { ...process.env, DATABASE_URL: t.url, PUBLIC_BASE_URL: 'https://rehber.example', ...env } });
  return { ...run, stdout: run.stdoutBytes };
}

describe('parseExportOptions', () => {
  it('defaults to XLSX and the HTTP file name', () => {
    expect(parseExportOptions({}, new Date('2026-11-21T12:00:00Z'))).toEqual({ country: undefined, format: 'xlsx', out: 'businesses-all-2026-11-21.xlsx' });
    expect(parseExportOptions({ country: 'Türkiye', format: 'CSV' }, new Date('2026-11-21T12:00:00Z')).out).toBe('businesses-turkiye-2026-11-21.csv');
  });
  it('refuses an unknown format as a usage error', () => {
    expect(() => parseExportOptions({ format: 'pdf' })).toThrow(UsageError);
  });
});

describe('rehber export', () => {
  it('writes the default-named XLSX file in the current directory, plain output when not a terminal', async () => {
    const run = await rehber(['export']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const name = `businesses-all-${new Date().toISOString().slice(0, 10)}.xlsx`;
    expect(run.stdout.toString()).toMatch(new RegExp(`^2 businesses exported to ${name.replace(/\./g, '\\.')} in [\\d.]+ s\\n$`));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path.join(dir, name));
    expect(wb.worksheets[0].actualRowCount).toBe(3);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('writes one country as CSV to stdout with -', async () => {
    const run = await rehber(['export', '--country', 'Türkiye', '--format', 'csv', '--out', '-']);
    expect(run.code).toBe(0);
    const text = run.stdout.toString('utf8');
    expect(text.startsWith('\ufeffname,category,phone,full_address')).toBe(true);
    expect(text).toContain('Kadıköy Fırını');
    expect(text).toContain('https://rehber.example/details/kadikoy-firini');
    expect(text).not.toContain('Austin');
  });

  it('takes the country in any case or language, or its ISO code', async () => {
    for (const country of ['turkiye', 'Turkey', 'TR', 'TÜRKEI']) {
      const run = await rehber(['export', '--country', country, '--format', 'csv', '--out', '-']);
      expect(run.code, country).toBe(0);
      expect(run.stdout.toString('utf8'), country).toContain('Kadıköy Fırını');
      expect(run.stdout.toString('utf8'), country).not.toContain('Austin');
    }
  });

  it('refuses a country the directory does not have with exit 2, naming the ones it has, and writes no file', async () => {
    const out = path.join(dir, 'atlantis.csv');
    const run = await rehber(['export', '--country', 'Atlantis', '--format', 'csv', '--out', out]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/Atlantis.*Türkiye/);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('stops with one line and exit 2 on a bad format, before touching the database', async () => {
    const run = await rehber(['export', '--format', 'pdf'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/--format must be one of xlsx, csv/);
  });

  it('exits 1 with one clear line when the database is unreachable', async () => {
    const run = await rehber(['export', '--out', path.join(dir, 'x.csv'), '--format', 'csv'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(fs.existsSync(path.join(dir, 'x.csv'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'x.csv.partial'))).toBe(false);
  });
});
