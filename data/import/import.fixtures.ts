import os from 'node:os';
import type { Db } from '../../db/index.js';
import { importFile, type ImportOptions, type ImportOutcome } from './import.js';
import { PASTED_CSV, withPastedCsv } from './pasted-csv.js';
import type { ImportMode } from './pipeline.js';

/**
 * For tests: imports CSV text as a paste is imported (insert mode unless told otherwise), in this
 * thread, through the same temporary file a paste takes.
 */
export async function importCsvText(db: Db, csvData: string, options: Omit<ImportOptions, 'mode'> & { mode?: ImportMode }): Promise<ImportOutcome> {
  return withPastedCsv(os.tmpdir(), csvData, (file) => importFile(db, file, { ...PASTED_CSV, ...options }));
}
