/**
 * CSV text pasted on the admin page (POST /api/admin/import), imported as a file: written to a
 * private file of its own so it takes exactly the path of every other import, and removed after.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** How a paste is imported and recorded: insert mode, so a paste never changes an existing business. */
export const PASTED_CSV = { mode: 'insert', fileName: 'pasted.csv' } as const;

/**
 * Writes `csvData` to a new `paste-<hex>.csv` in `dir`, readable by this user only (people's data;
 * the server's orphan sweep knows the name), runs `run` on it and removes it whatever happens.
 */
export async function withPastedCsv<T>(dir: string, csvData: string, run: (file: string) => Promise<T>): Promise<T> {
  const file = path.join(dir, `paste-${randomBytes(16).toString('hex')}.csv`);
  await fs.promises.writeFile(file, csvData, { encoding: 'utf8', mode: 0o600 });
  try {
    return await run(file);
  } finally {
    await fs.promises.rm(file, { force: true });
  }
}
