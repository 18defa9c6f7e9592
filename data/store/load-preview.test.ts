/** A preview warns of hand-edited values it would overwrite, and only of those edited since the last import. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../db/test-db.js';
import { importCsvText } from '../import/import.fixtures.js';
import { editBusiness, setBusinessFlag } from './business-writes.js';

const HEADER = 'name,category,phone,full_address,rating,is_verified,place_id';
const row = (phone: string, rating: string, verified = 'no') => `Moda Fırını,Bakery,${phone},"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",${rating},${verified},P1`;

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.drop());

const run = (lines: string[], dryRun: boolean) => importCsvText(t.db, [HEADER, ...lines].join('\n'), { source: 'cli', mode: 'upsert', dryRun });

describe('a preview of values an admin edited', () => {
  it('names the edited values the file would overwrite, not the ones it leaves or an import wrote', async () => {
    await run([row('+90 216 555 12 12', '4.5')], false);
    const { id } = await t.db('businesses').where({ place_id: 'P1' }).first('id');
    await editBusiness(t.db, Number(id), { fields: { phone: '+90 216 555 99 99' } }, 'ayse');
    await setBusinessFlag(t.db, [Number(id)], 'is_verified', true, 'mehmet');

    // The old feed: its phone and verification undo the admins' work; its new rating is only an import's.
    const preview = await run([row('+90 216 555 12 12', '4.1'), 'Yeni Fırın,Bakery,,"Bahariye Cd. 5, 34710 Kadıköy/İstanbul, Türkiye",4,no,P2'], true);
    expect(preview.overwrites).toEqual({
      count: 1,
      examples: [
        { business: 'Moda Fırını', field: 'Verified', admin: 'yes', file: 'no', username: 'mehmet' },
        { business: 'Moda Fırını', field: 'Phone', admin: '+90 216 555 99 99', file: '+90 216 555 12 12', username: 'ayse' },
      ],
    });
    expect(preview.newBusinesses).toEqual([{ name: 'Yeni Fırın', city: 'İstanbul', district: 'Kadıköy', country: 'Türkiye' }]);

    // Once an import has written over them, the next file's values are an import's business again.
    await run([row('+90 216 555 12 12', '4.1')], false);
    expect((await run([row('+90 216 555 00 00', '4.1')], true)).overwrites).toEqual({ count: 0, examples: [] });
  });
});
