import { expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { importFile } from '../import/import.js';
import { SAMPLE_FILE } from './sample.js';

const t = useTestDb();

it('imports every row of the bundled sample, and skips them all the second time', async () => {
  const first = await importFile(t.db, SAMPLE_FILE, { source: 'sample' });
  expect(first).toMatchObject({ success: true, imported: 2000, updated: 0, skipped: 0, errors: [] });
  const again = await importFile(t.db, SAMPLE_FILE, { source: 'sample' });
  expect(again).toMatchObject({ success: true, imported: 0, updated: 0, skipped: 2000 });
});
