/** The merge rule: an update import never loses what its file does not say. */
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTempDir, useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { importFile } from './import.js';
import { countDrift } from '../store/load.fixtures.js';

const t = useTestDb();
const dir = useTempDir('rehber-merge-');
beforeEach(async () => {
  await t.db.raw('TRUNCATE businesses, cities, categories, countries, imports RESTART IDENTITY CASCADE');
  await run('full.csv', [
    'name,category,phone,full_address,city,country,rating,reviews,email,website,services,working_hours,is_verified,place_id',
    'Moda Fırını,Bakery,+90 216 555 12 12,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",İstanbul,Türkiye,4.5,120,hello@moda.test,https://moda.test,"Bread, Simit",Daily 7-23,yes,P1',
  ]);
});

let n = 0;
async function run(name: string, lines: string[], options: { clearEmpty?: boolean; dryRun?: boolean } = {}) {
  const file = path.join(dir, `${n++}-${name}`);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return importFile(t.db, file, { source: 'cli', mode: 'upsert', ...options });
}

const stored = () =>
  t.db('businesses as b').leftJoin('cities as c', 'c.id', 'b.city_id').leftJoin('categories as k', 'k.id', 'b.category_id')
    .first('b.name', 'b.phone', 'b.email', 'b.website', 'b.services', 'b.working_hours', 'b.business_hours', 'b.is_verified', 'b.rating',
      'b.review_count', 'b.country', 'b.address', 'c.name as city', 'k.name as category');

describe('the merge rule', () => {
  it('changes only the columns a file carries: a 4-column file updates the rating and keeps everything else', async () => {
    const before = await stored();
    const result = await run('four.csv', ['name,full_address,place_id,rating', 'Moda Fırını,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",P1,4.8']);
    expect(result).toMatchObject({ imported: 0, updated: 1, skipped: 0 });
    expect(await stored()).toEqual({ ...before, rating: 4.8 });
    expect(await countDrift(t.db)).toBe(0);
  });

  it('keeps a stored value where the file has the column but the cell is empty, unless asked to clear', async () => {
    const header = 'name,full_address,place_id,email,phone,rating,is_verified';
    const row = 'Moda Fırını,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",P1,,,,';
    expect(await run('empty.csv', [header, row])).toMatchObject({ updated: 0, skipped: 1 });
    expect(await stored()).toMatchObject({ email: 'hello@moda.test', phone: '+90 216 555 12 12', rating: 4.5, is_verified: true });

    expect(await run('clear.csv', [header, row], { clearEmpty: true })).toMatchObject({ updated: 1 });
    // Cleared to empty, or to the column's default where it cannot be empty; the rest untouched.
    expect(await stored()).toMatchObject({ email: null, phone: null, rating: 0, is_verified: false, website: 'https://moda.test', category: 'Bakery' });
    expect(await countDrift(t.db)).toBe(0);
  });

  it('counts a row whose carried columns equal what is stored as unchanged, however often it comes', async () => {
    const lines = ['name,full_address,place_id,website', 'Moda Fırını,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",P1,https://moda.test'];
    expect(await run('same.csv', lines)).toMatchObject({ imported: 0, updated: 0, skipped: 1 });
    expect(await run('same-again.csv', lines)).toMatchObject({ imported: 0, updated: 0, skipped: 1 });
  });

  it('reads the place again from a changed address, and keeps it when the address is the same', async () => {
    const moved = await run('moved.csv', ['name,full_address,place_id', 'Moda Fırını,"Kızılay Meydanı 1, 06420 Çankaya/Ankara, Türkiye",P1']);
    expect(moved).toMatchObject({ updated: 1 });
    expect(await stored()).toMatchObject({ city: 'Ankara', phone: '+90 216 555 12 12', category: 'Bakery' });
    const counts = await t.db('cities').orderBy('name').select('name', 'business_count');
    expect(counts).toEqual([{ name: 'Ankara', business_count: 1 }, { name: 'İstanbul', business_count: 0 }]);
    expect(await countDrift(t.db)).toBe(0);
  });

  it('previews a file without writing anything: counts, rejected rows and the changes field by field', async () => {
    const snapshot = async () => ({ businesses: await t.db('businesses').orderBy('id').select(), imports: await t.db('imports').count({ n: '*' }), cities: await t.db('cities').count({ n: '*' }) });
    const before = await snapshot();
    const preview = await run('preview.csv', [
      'name,full_address,place_id,rating,category',
      'Moda Fırını,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",P1,4.8,Cafe',
      'Yeni Kafe,"Kızılay Meydanı 1, 06420 Çankaya/Ankara, Türkiye",P9,4,Cafe',
      'Bad One,"Somewhere 1",P10,9,Cafe',
    ], { dryRun: true });
    expect(preview).toMatchObject({ imported: 1, updated: 1, unchanged: 0, rejected: 1, errors: ['Row 4: rating 9 is not between 0 and 5'] });
    expect(preview.changes).toEqual([
      { business: 'Moda Fırını', fields: expect.arrayContaining([{ field: 'rating', before: '4.5', after: '4.8' }, { field: 'category', before: 'Bakery', after: 'Cafe' }]) },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('fills a new business from a partial file with the defaults of what it lacks', async () => {
    const result = await run('new.csv', ['name,full_address', 'Yeni Kafe,"Bağdat Cd. 5, 34728 Kadıköy/İstanbul, Türkiye"']);
    expect(result).toMatchObject({ imported: 1 });
    const row = await t.db('businesses').where({ name: 'Yeni Kafe' }).first('rating', 'review_count', 'services', 'is_verified', 'business_hours');
    expect(row).toEqual({ rating: 0, review_count: 0, services: [], is_verified: false, business_hours: {} });
  });
});
