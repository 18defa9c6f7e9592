import { expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { importFile } from '../import/import.js';
import { reresolvePlaces } from '../store/reresolve.js';
import { SAMPLE_FILE } from './sample.js';

const t = useTestDb();

it('imports every row of the bundled sample, and skips them all the second time', async () => {
  const first = await importFile(t.db, SAMPLE_FILE, { source: 'sample' });
  expect(first).toMatchObject({ success: true, imported: 2000, updated: 0, skipped: 0, errors: [] });
  const again = await importFile(t.db, SAMPLE_FILE, { source: 'sample' });
  expect(again).toMatchObject({ success: true, imported: 0, updated: 0, skipped: 2000 });
});

it('places the sample as reading its addresses again would: the city column costs no district', async () => {
  // The sample carries a city column; its Turkish addresses name districts ('Kadıköy/İstanbul').
  const [{ n }] = await t.db('businesses').where('country_code', 'TR').whereNotNull('district').count({ n: '*' });
  expect(Number(n)).toBeGreaterThan(0);
  expect(await reresolvePlaces(t.db)).toMatchObject({ changed: 0 });
});
