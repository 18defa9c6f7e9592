import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../db/index.js';
import { importFile } from '../import/import.js';

/**
 * The bundled sample directory. Sources live in data/, the build in dist/data/: the CSV stays in
 * data/samples/ in both cases, so look beside this module first, then three levels up.
 */
export const SAMPLE_FILE: string = [
  new URL('./businesses.csv', import.meta.url),
  new URL('../../../data/samples/businesses.csv', import.meta.url),
]
  .map((u) => fileURLToPath(u))
  .find((p) => fs.existsSync(p)) ?? fileURLToPath(new URL('./businesses.csv', import.meta.url));

/**
 * Loads the sample into the database through the import pipeline, like any other import
 * in insert mode: new businesses are added, existing ones left as they are.
 */
export async function loadSample(db: Db): Promise<{ imported: number }> {
  const result = await importFile(db, SAMPLE_FILE, { source: 'sample', mode: 'insert', fileName: 'businesses.csv (sample)' });
  return { imported: result.imported };
}
