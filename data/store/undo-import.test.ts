import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTempDir, useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { importFile } from '../import/import.js';
import { countDrift } from './load.fixtures.js';
import { undoImport } from './undo-import.js';
import { setBusinessesActive } from './visibility.js';
import { mergeGroup, renameGroup } from './group-writes.js';
import { editBusiness } from './business-writes.js';

const t = useTestDb();
const dir = useTempDir('rehber-undo-');
beforeEach(async () => {
  await t.db.raw('TRUNCATE businesses, business_versions, cities, categories, countries, imports, group_merges, page_redirects RESTART IDENTITY CASCADE');
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

    expect(await undoImport(t.db, second.importId, 'admin')).toEqual({ importId: second.importId, removed: 1, restored: 1, keptChanged: 0, keptPlaceGone: 0 });
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

  describe('after the admin reorganised the directory', () => {
    const ANKARA = 'Ankara Simit,Patisserie,"Kızılay 1, 06420 Çankaya/Ankara, Türkiye",4.0,,P3';
    const IZMIR = 'Moda Fırını,Cafe,"Alsancak 1, 35220 Konak/İzmir, Türkiye",3.9,+90 216 555 12 12,P1';
    const idOf = async (table: 'categories' | 'cities', name: string) => Number((await t.db(table).where({ name }).first('id')).id);
    const moda = () => t.db('businesses').where({ place_id: 'P1' }).first('category_id', 'city_id', 'address', 'rating');

    /** A and Ankara Simit stored; then an import moves A from Bakery in İstanbul to Cafe in İzmir. */
    async function moved() {
      await run([HEADER, A, ANKARA]);
      const second = await run([HEADER, IZMIR]);
      expect(second).toMatchObject({ updated: 1 });
      return second;
    }

    it('puts a business back into the category and city its old ones were merged into', async () => {
      const second = await moved();
      await mergeGroup(t.db, 'category', await idOf('categories', 'Bakery'), await idOf('categories', 'Patisserie'));
      await mergeGroup(t.db, 'city', await idOf('cities', 'İstanbul'), await idOf('cities', 'Ankara'));

      expect(await undoImport(t.db, second.importId, 'admin')).toEqual({ importId: second.importId, removed: 0, restored: 1, keptChanged: 0, keptPlaceGone: 0 });
      expect(await moda()).toEqual({
        category_id: await idOf('categories', 'Patisserie'),
        city_id: await idOf('cities', 'Ankara'),
        address: 'Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye',
        rating: 4.5,
      });
      expect(await t.db('categories').where({ name: 'Patisserie' }).first('business_count')).toEqual({ business_count: 2 });
      expect(await t.db('cities').where({ name: 'Ankara' }).first('business_count')).toEqual({ business_count: 2 });
      expect(await countDrift(t.db)).toBe(0);
    });

    it('follows a merge of a merge', async () => {
      const second = await moved();
      await run([HEADER, 'Kahve Evi,Coffee,"Alsancak 2, 35220 Konak/İzmir, Türkiye",4.2,,P4']);
      await mergeGroup(t.db, 'category', await idOf('categories', 'Bakery'), await idOf('categories', 'Patisserie'));
      await mergeGroup(t.db, 'category', await idOf('categories', 'Patisserie'), await idOf('categories', 'Coffee'));

      expect(await undoImport(t.db, second.importId, 'admin')).toMatchObject({ restored: 1, keptPlaceGone: 0 });
      expect(await moda()).toMatchObject({ category_id: await idOf('categories', 'Coffee'), rating: 4.5 });
      expect(await countDrift(t.db)).toBe(0);
    });

    it('puts a business back into its renamed category', async () => {
      const second = await moved();
      const bakery = await idOf('categories', 'Bakery');
      await renameGroup(t.db, 'category', bakery, 'Bakeries');

      expect(await undoImport(t.db, second.importId, 'admin')).toMatchObject({ restored: 1, keptChanged: 0, keptPlaceGone: 0 });
      expect(await moda()).toMatchObject({ category_id: bakery, city_id: await idOf('cities', 'İstanbul') });
      expect(await countDrift(t.db)).toBe(0);
    });

    it('after a merge, leaves a business edited or hidden since as it is and restores the rest', async () => {
      await run([HEADER, A, B, ANKARA]);
      const second = await run([HEADER, IZMIR, B.replace('4.1', '2.2'), ANKARA.replace('4.0', '1.1')]);
      expect(second).toMatchObject({ updated: 3 });
      await mergeGroup(t.db, 'category', await idOf('categories', 'Bakery'), await idOf('categories', 'Patisserie'));
      const berlin = Number((await t.db('businesses').where({ place_id: 'P2' }).first('id')).id);
      const ankara = Number((await t.db('businesses').where({ place_id: 'P3' }).first('id')).id);
      await editBusiness(t.db, berlin, { fields: { phone: '+49 30 1234567' } }, 'admin');
      await setBusinessesActive(t.db, [ankara], false, 'admin');

      expect(await undoImport(t.db, second.importId, 'admin')).toEqual({ importId: second.importId, removed: 0, restored: 1, keptChanged: 2, keptPlaceGone: 0 });
      expect(await moda()).toMatchObject({ category_id: await idOf('categories', 'Patisserie'), rating: 4.5 });
      expect(await t.db('businesses').whereIn('place_id', ['P2', 'P3']).orderBy('place_id').select('rating', 'is_active')).toEqual([
        { rating: 2.2, is_active: true },
        { rating: 1.1, is_active: false },
      ]);
      expect(await countDrift(t.db)).toBe(0);
    });

    it('reports a business whose old category is gone with no merge recorded, and restores nothing of it', async () => {
      const second = await moved();
      await mergeGroup(t.db, 'category', await idOf('categories', 'Bakery'), await idOf('categories', 'Patisserie'));
      // As a merge made before merges were recorded.
      await t.db('group_merges').delete();
      const before = await moda();

      expect(await undoImport(t.db, second.importId, 'admin')).toEqual({ importId: second.importId, removed: 0, restored: 0, keptChanged: 0, keptPlaceGone: 1 });
      expect(await moda()).toEqual(before);
      expect(await countDrift(t.db)).toBe(0);
    });
  });
});
