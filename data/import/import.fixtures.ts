import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../db/index.js';
import { importFile, type ImportOptions, type ImportOutcome } from './import.js';
import type { ImportMode } from './pipeline.js';

/**
 * For tests: imports CSV text (in insert mode unless told otherwise) by writing it to a temporary
 * file, so it takes exactly the path every other import takes.
 */
export async function importCsvText(db: Db, csvData: string, options: Omit<ImportOptions, 'mode'> & { mode?: ImportMode }): Promise<ImportOutcome> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'rehber-csv-'));
  const file = path.join(dir, 'import.csv');
  try {
    await fs.promises.writeFile(file, csvData, 'utf8');
    return await importFile(db, file, { mode: 'insert', fileName: 'pasted.csv', ...options });
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
