/** Update-only files: rows that name a stored business need only their key and what they change. */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTempDir, useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { importFile } from './import.js';
import { countDrift } from '../store/load.fixtures.js';

const t = useTestDb();
const dir = useTempDir('rehber-update-only-');
beforeEach(async () => {
  await t.db.raw('TRUNCATE businesses, cities, categories, countries, imports RESTART IDENTITY CASCADE');
  await run('full.csv', [
    'name,category,phone,full_address,city,country,rating,reviews,place_id',
    'Moda Fırını,Bakery,+90 216 555 12 12,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",İstanbul,Türkiye,4.5,120,P1',
    'Kızılay Kafe,Cafe,+90 312 555 00 00,"Kızılay Meydanı 1, 06420 Çankaya/Ankara, Türkiye",Ankara,Türkiye,4.1,40,P2',
  ]);
});

let n = 0;
type Options = { clearEmpty?: boolean; dryRun?: boolean; mode?: 'upsert' | 'insert'; batchSize?: number };
async function run(name: string, lines: string[], options: Options = {}) {
  const file = path.join(dir, `${n++}-${name}`);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return importFile(t.db, file, { source: 'cli', mode: 'upsert', ...options });
}
async function runXlsx(rows: string[][], options: Options = {}) {
  const file = path.join(dir, `${n++}-update.xlsx`);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  await wb.xlsx.writeFile(file);
  return importFile(t.db, file, { source: 'cli', mode: 'upsert', ...options });
}

const stored = () =>
  t.db('businesses as b').leftJoin('cities as c', 'c.id', 'b.city_id').leftJoin('categories as k', 'k.id', 'b.category_id')
    .orderBy('b.place_id')
    .select('b.place_id', 'b.name', 'b.phone', 'b.address', 'b.rating', 'b.review_count', 'b.country', 'b.district', 'b.slug', 'c.name as city', 'k.name as category');
const cityCounts = () => t.db('cities').orderBy('name').select('name', 'business_count');
const phones = (p1: string, p2: string) => async () => (await stored()).map((b) => ({ ...b, phone: b.place_id === 'P1' ? p1 : p2 }));

describe('an update-only file', () => {
  it('of name, place_id and phone (CSV) changes the phones and nothing else', async () => {
    const expected = await phones('+90 216 000 00 01', '+90 312 000 00 02')();
    const counts = await cityCounts();
    const result = await run('phones.csv', ['name,place_id,phone', 'Moda Fırını,P1,+90 216 000 00 01', 'Kızılay Kafe,P2,+90 312 000 00 02']);
    expect(result).toMatchObject({ imported: 0, updated: 2, skipped: 0, rejected: 0, errors: [] });
    expect(await stored()).toEqual(expected);
    expect(await cityCounts()).toEqual(counts);
    expect(await countDrift(t.db)).toBe(0);
  });

  it('of name, place_id and phone (XLSX) changes the phones and nothing else', async () => {
    const expected = await phones('+90 216 000 00 01', '+90 312 555 00 00')();
    const result = await runXlsx([['Name', 'Place ID', 'Phone'], ['Moda Fırını', 'P1', '+90 216 000 00 01'], ['Kızılay Kafe', 'P2', '+90 312 555 00 00']]);
    expect(result).toMatchObject({ imported: 0, updated: 1, skipped: 1, rejected: 0 });
    expect(await stored()).toEqual(expected);
  });

  it('of place_id and phone only updates the phones, keeping name, address, city and rating', async () => {
    const expected = await phones('+90 216 000 00 01', '+90 312 555 00 00')();
    const result = await run('ids.csv', ['place_id,phone', 'P1,+90 216 000 00 01', 'P2,']);
    expect(result).toMatchObject({ imported: 0, updated: 1, skipped: 1, rejected: 0 });
    expect(await stored()).toEqual(expected);
    expect(await countDrift(t.db)).toBe(0);
  });

  it('with an empty full_address column keeps the stored addresses and places, even with --clear-empty', async () => {
    const expected = await phones('+90 216 000 00 01', '+90 312 000 00 02')();
    const lines = ['name,full_address,place_id,phone', 'Moda Fırını,,P1,+90 216 000 00 01', ',,P2,+90 312 000 00 02'];
    expect(await run('empty-address.csv', lines, { clearEmpty: true })).toMatchObject({ imported: 0, updated: 2, rejected: 0, errors: [] });
    expect(await stored()).toEqual(expected);
    expect(await countDrift(t.db)).toBe(0);
  });

  it('rejects a row whose place_id matches no stored business and lacks an address, and applies the others', async () => {
    const result = await run('unknown.csv', [
      'name,place_id,phone',
      'Moda Fırını,P1,+90 216 000 00 01',
      'Yeni Yer,P9,+90 216 000 00 09',
      'Kızılay Kafe,P2,+90 312 000 00 02',
    ]);
    expect(result).toMatchObject({ imported: 0, updated: 2, skipped: 1, rejected: 1, success: false });
    expect(result.errors).toEqual(['Row 3: full_address is empty, and no stored business has this place_id']);
    expect(await t.db('businesses').count({ n: '*' })).toEqual([{ n: 2 }]);
    expect((await stored()).map((b) => b.phone)).toEqual(['+90 216 000 00 01', '+90 312 000 00 02']);
  });

  it('previews the same counts as it then imports', async () => {
    const lines = ['place_id,phone', 'P1,+90 216 000 00 01', 'P9,+90 216 000 00 09', 'P2,+90 312 555 00 00'];
    const before = await stored();
    const preview = await run('preview.csv', lines, { dryRun: true });
    expect(preview).toMatchObject({ imported: 0, updated: 1, unchanged: 1, rejected: 1 });
    expect(preview.errors).toEqual(['Row 3: name and full_address are empty, and no stored business has this place_id']);
    expect(await stored()).toEqual(before);
    expect(await run('real.csv', lines)).toMatchObject({ imported: 0, updated: 1, unchanged: 1, rejected: 1, errors: preview.errors });
  });

  it('creates a business from a complete row and lets a later row of the file update it by its place id alone', async () => {
    const result = await run('later.csv', [
      'name,full_address,place_id,phone',
      'Yeni Kafe,"Bağdat Cd. 5, 34728 Kadıköy/İstanbul, Türkiye",P9,+90 216 111 11 11',
      ',,P9,+90 216 222 22 22',
    ]);
    expect(result).toMatchObject({ imported: 1, updated: 1, rejected: 0 });
    expect(await t.db('businesses').where({ place_id: 'P9' }).first('name', 'phone', 'address')).toEqual({
      name: 'Yeni Kafe', phone: '+90 216 222 22 22', address: 'Bağdat Cd. 5, 34728 Kadıköy/İstanbul, Türkiye',
    });
    expect(await countDrift(t.db)).toBe(0);
  });

  it('applies a place-id-only row to the business a complete row created in an earlier batch, and repeats in insert mode keep the first', async () => {
    const lines = [
      'name,full_address,place_id,phone',
      ',,P1,+90 216 000 00 01',
      'Yeni Kafe,"Bağdat Cd. 5, 34728 Kadıköy/İstanbul, Türkiye",P9,+90 216 111 11 11',
      ',,P9,+90 216 222 22 22',
    ];
    expect(await run('batches.csv', lines, { batchSize: 1 })).toMatchObject({ imported: 1, updated: 2, rejected: 0 });
    expect(await t.db('businesses').where({ place_id: 'P9' }).first('name', 'phone')).toEqual({ name: 'Yeni Kafe', phone: '+90 216 222 22 22' });
    const insert = await run('insert-repeat.csv', [lines[0], lines[2].replace(/P9/, 'P8'), lines[3].replace(/P9/, 'P8')], { mode: 'insert' });
    expect(insert).toMatchObject({ imported: 1, updated: 0, unchanged: 1, rejected: 0 });
    expect(await t.db('businesses').where({ place_id: 'P8' }).first('name', 'phone')).toEqual({ name: 'Yeni Kafe', phone: '+90 216 111 11 11' });
    expect(await countDrift(t.db)).toBe(0);
  });

  it('in insert mode never changes a stored business, and still rejects a new row without an address', async () => {
    const before = await stored();
    const result = await run('insert.csv', ['place_id,phone', 'P1,+90 216 000 00 01', 'P9,+90 216 000 00 09'], { mode: 'insert' });
    expect(result).toMatchObject({ imported: 0, updated: 0, unchanged: 1, rejected: 1 });
    expect(await stored()).toEqual(before);
  });

  it('is refused before any row is written when it has neither place_id nor name and full_address', async () => {
    await expect(run('no-identity.csv', ['name,phone', 'Moda Fırını,+90 216 000 00 01'])).rejects.toThrow(/Missing required columns: full_address \(or place_id/);
    await expect(run('no-identity2.csv', ['phone,rating', '+90,4'])).rejects.toThrow(/Missing required columns: name, full_address \(or place_id/);
    expect((await stored()).map((b) => b.phone)).toEqual(['+90 216 555 12 12', '+90 312 555 00 00']);
  });
});
