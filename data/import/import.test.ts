import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTempDir, useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { getImport, listRecentImports } from '../../db/queries/imports.js';
import { writeGeneratedCsv } from '../../scripts/bench/generate.js';
import { importFile } from './import.js';
import { importCsvText } from './import.fixtures.js';
import type { Progress } from './pipeline.js';

const HEADER = 'name,category,full_address,city,state,country,rating,reviews,place_id';
const t = useTestDb();
const dir = useTempDir('rehber-import-test-');
beforeEach(async () => {
  await t.db.raw('TRUNCATE businesses, cities, categories, countries, imports RESTART IDENTITY CASCADE');
});

function csv(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, [HEADER, ...lines].join('\n') + '\n');
  return file;
}

const count = async (table: string) => Number((await t.db(table).count({ n: '*' }))[0].n);

describe('importFile', () => {
  it('reads a UTF-8 file with one stray byte as UTF-8 and rejects only that row, by number', async () => {
    const file = path.join(dir, 'stray.csv');
    const rows = [
      'Ünïcödé Café,Cafe,"1 Çarşı Sk, Kadıköy, İstanbul, Türkiye",İstanbul,,Türkiye,4,1,U1',
      'Şişli Çiçekçi,Florist,"2 Çarşı Sk, Şişli, İstanbul, Türkiye",İstanbul,,Türkiye,4,1,U2',
    ];
    const bytes = Buffer.concat([
      Buffer.from([HEADER, ...rows].join('\n') + '\n'),
      Buffer.from('Bad '),
      Buffer.from([0xff]),
      Buffer.from(' Byte,Cafe,"3 Main St, Austin, TX",Austin,TX,United States,4,1,U3\n'),
      Buffer.from('Göz Kliniği,Clinic,"4 Çarşı Sk, İstanbul, Türkiye",İstanbul,,Türkiye,4,1,U4\n'),
    ]);
    fs.writeFileSync(file, bytes);
    const result = await importFile(t.db, file, { source: 'cli' });
    expect(result).toMatchObject({ imported: 3, skipped: 1 });
    expect(result.errors).toEqual([expect.stringMatching(/^Row 4: invalid UTF-8/)]);
    expect((await t.db('businesses').orderBy('place_id').pluck('name'))).toEqual(['Ünïcödé Café', 'Şişli Çiçekçi', 'Göz Kliniği']);
  });

  it('counts new, changed, unchanged and duplicate rows and records the run', async () => {
    const first = csv('a.csv', [
      'Ace Plumbing,Plumber,"1 Main St, Austin, TX 78701, United States",Austin,TX,United States,4.5,10,P1',
      'Bolt Electric,Electrician,"2 Main St, Austin, TX 78701, United States",Austin,TX,United States,4,3,P2',
    ]);
    const r1 = await importFile(t.db, first, { source: 'cli' });
    expect(r1).toMatchObject({ success: true, imported: 2, updated: 0, skipped: 0, errors: [], rowsRead: 2 });

    const second = csv('b.csv', [
      'Ace Plumbing,Plumber,"1 Main St, Austin, TX 78701, United States",Austin,TX,United States,4.5,10,P1', // unchanged
      'Bolt Electric,Electrician,"2 Main St, Austin, TX 78701, United States",Austin,TX,United States,3,3,P2', // changed
      'Cora Cafe,Café,"3 Main St, Austin, TX 78701, United States",Austin,TX,United States,5,1,P3', // new
      'Cora Cafe,Café,"3 Main St, Austin, TX 78701, United States",Austin,TX,United States,5,1,P3', // duplicate place id, same
      'Cora Cafe,Café,"3 Main St, Austin, TX 78701, United States",Austin,TX,United States,2,1,P3', // duplicate place id, different
    ]);
    const r2 = await importFile(t.db, second, { source: 'cli' });
    expect(r2).toMatchObject({ success: true, imported: 1, updated: 2, skipped: 2, rowsRead: 5 });
    expect(await count('businesses')).toBe(3);
    expect(await t.db('cities').first('name', 'business_count')).toEqual({ name: 'Austin', business_count: 3 });

    const record = await getImport(t.db, r2.importId);
    expect(record).toMatchObject({ fileName: 'b.csv', source: 'cli', status: 'done', imported: 1, updated: 2, skipped: 2, rowsRead: 5, success: true });
    expect(record?.durationMs).toBeGreaterThanOrEqual(0);
    expect((await listRecentImports(t.db, 10)).map((r) => r.id)).toEqual([r2.importId, r1.importId]);
  });

  it('reports rejected rows by row number, skips them and still imports the rest', async () => {
    const file = csv('bad.csv', [
      'Good,Plumber,"1 Main St, Austin, TX 78701, United States",Austin,TX,United States,4.5,10,P1',
      ',Plumber,"2 Main St, Austin, TX 78701, United States",Austin,TX,United States,4,3,P2',
      'Rated,Plumber,"3 Main St, Austin, TX 78701, United States",Austin,TX,United States,7.5,3,P3',
    ]);
    const r = await importFile(t.db, file, { source: 'cli' });
    expect(r).toMatchObject({ success: false, imported: 1, updated: 0, skipped: 2 });
    expect(r.errors).toHaveLength(2);
    expect(r.errors[0]).toMatch(/^Row 3: /);
    expect(r.errors[1]).toMatch(/^Row 4: /);
    expect((await getImport(t.db, r.importId))?.errors).toEqual(r.errors);
  });

  it('refuses a file missing required columns before writing anything', async () => {
    const file = path.join(dir, 'nocols.csv');
    fs.writeFileSync(file, 'label,category\nAce,Plumber\n');
    await expect(importFile(t.db, file, { source: 'cli' })).rejects.toThrow(/Missing required columns: .*full_address/);
    expect(await count('businesses')).toBe(0);
    expect(await count('categories')).toBe(0);
    const [record] = await listRecentImports(t.db, 1);
    expect(record).toMatchObject({ status: 'failed', success: false });
    expect(record.message).toMatch(/Missing required columns/);
  });

  it('never changes existing businesses in insert mode (POST /api/admin/import)', async () => {
    await importCsvText(t.db, `${HEADER}\nAce,Plumber,"1 Main St, Austin, TX",Austin,TX,United States,4.5,10,P1\n`, { source: 'web', mode: 'upsert' });
    const r = await importCsvText(
      t.db,
      `${HEADER}\nAce,Plumber,"1 Main St, Austin, TX",Austin,TX,United States,1,10,P1\nNew,Plumber,"2 Main St, Austin, TX",Austin,TX,United States,1,10,P2\n`,
      { source: 'web', username: 'admin' },
    );
    expect(r).toMatchObject({ success: true, imported: 1, updated: 0, skipped: 1 });
    expect(Number((await t.db('businesses').where({ place_id: 'P1' }).first('rating')).rating)).toBe(4.5);
    expect(await getImport(t.db, r.importId)).toMatchObject({ mode: 'insert', username: 'admin', fileName: 'pasted.csv' });
  });

  it('imports the same file twice at once without duplicates or deadlock', async () => {
    const file = path.join(dir, 'gen.csv');
    await writeGeneratedCsv(file, 3000);
    const [a, b] = await Promise.all([
      importFile(t.db, file, { source: 'cli', batchSize: 500 }),
      importFile(t.db, file, { source: 'cli', batchSize: 500 }),
    ]);
    expect(a.imported + b.imported).toBe(3000);
    expect(a.skipped + b.skipped).toBe(3000);
    expect(a.updated + b.updated).toBe(0);
    expect(await count('businesses')).toBe(3000);
    const sums = await t.db.raw(`SELECT (SELECT sum(business_count) FROM cities)::int AS cities,
      (SELECT sum(business_count) FROM categories)::int AS categories, (SELECT sum(business_count) FROM countries)::int AS countries`);
    expect(sums.rows[0]).toEqual({ cities: 3000, categories: 3000, countries: 3000 });
  });

  it('emits progress with byte counts and a final done event', async () => {
    const file = path.join(dir, 'gen2.csv');
    await writeGeneratedCsv(file, 1200);
    const events: Progress[] = [];
    await importFile(t.db, file, { source: 'cli', batchSize: 400, onProgress: (p) => events.push(p) });
    const last = events[events.length - 1];
    expect(last).toMatchObject({ done: true, rowsRead: 1200, imported: 1200, bytesTotal: fs.statSync(file).size });
    expect(last.bytesRead).toBe(last.bytesTotal);
    expect(events.filter((e) => e.done)).toHaveLength(1);
  });
});
