import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../db/test-db.js';
import { importFile } from '../import/import.js';
import { countDrift } from './load.fixtures.js';
import { undoImport } from './undo-import.js';
import { setBusinessesActive } from './visibility.js';

let t: TestDb;
let dir: string;
beforeAll(async () => {
  t = await createTestDb();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-undo-'));
});
afterAll(async () => {
  await t.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.db.raw('TRUNCATE businesses, business_versions, cities, categories, countries, imports RESTART IDENTITY CASCADE');
});

let n = 0;
async function run(lines: string[]) {
  const file = path.join(dir, `${n++}.csv`);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return importFile(t.db, file, { source: 'cli', mode: 'upsert', bulk: false });
}

const HEADER = 'name,category,full_address,rating,phone,place_id';
const A = 'Moda Fırını,Bakery,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",4.5,+90 216 555 12 12,P1';
const B = 'Berlin Bäckerei,Bakery,"Hauptstr. 1, 10115 Berlin, Germany",4.1,,P2';

/** Everything a visitor or the admin could see of the directory. */
const snapshot = async () => ({
  businesses: await t.db('businesses').orderBy('id').select('id', 'name', 'slug', 'category_id', 'city_id', 'address', 'rating', 'phone', 'country', 'is_active'),
  cities: await t.db('cities').orderBy('id').select('name', 'business_count'),
  categories: await t.db('categories').orderBy('id').select('name', 'business_count'),
  countries: await t.db('countries').orderBy('id').select('name', 'business_count'),
});

describe('undoImport', () => {
  it('removes what an import created and puts back what it changed, counts included', async () => {
    await run([HEADER, A]);
    const before = await snapshot();
    const second = await run([HEADER, A.replace('4.5', '3.9').replace('Bakery', 'Cafe'), B]);
    expect(second).toMatchObject({ imported: 1, updated: 1 });

    expect(await undoImport(t.db, second.importId, 'admin')).toEqual({ importId: second.importId, removed: 1, restored: 1, keptChanged: 0 });
    const after = await snapshot();
    // Categories and countries the import created stay as rows, counting nobody.
    expect(after.businesses).toEqual(before.businesses);
    expect(after.cities.filter((c) => c.business_count > 0)).toEqual(before.cities);
    expect(after.categories.filter((c) => c.business_count > 0)).toEqual(before.categories);
    expect(await countDrift(t.db)).toBe(0);
    expect(await t.db('imports').where({ id: second.importId }).first('undone_by')).toEqual({ undone_by: 'admin' });
  });

  it('leaves a business changed again since, and says so', async () => {
    await run([HEADER, A]);
    const second = await run([HEADER, A.replace('4.5', '3.9'), B]);
    const berlin = await t.db('businesses').where({ place_id: 'P2' }).first('id');
    await setBusinessesActive(t.db, [Number(berlin.id)], false, 'admin');
    await run([HEADER, A.replace('4.5', '2.0')]);

    expect(await undoImport(t.db, second.importId, 'admin')).toMatchObject({ removed: 0, restored: 0, keptChanged: 2 });
    expect(await t.db('businesses').where({ place_id: 'P1' }).first('rating')).toEqual({ rating: 2 });
    expect(await countDrift(t.db)).toBe(0);
  });

  it('refuses an unknown import and a second undo with a clear message', async () => {
    const first = await run([HEADER, A]);
    await expect(undoImport(t.db, 999, 'admin')).rejects.toMatchObject({ status: 404, message: 'Import 999 does not exist' });
    await undoImport(t.db, first.importId, 'admin');
    expect(await t.db('businesses').count({ n: '*' })).toEqual([{ n: 0 }]);
    await expect(undoImport(t.db, first.importId, 'admin')).rejects.toMatchObject({ status: 409 });
  });
});
