import { openDatabase, type Database } from '../db/index.js';
import { migrateLatest } from '../db/migrate.js';

/**
 * Runs one command's work on the database (DATABASE_URL, or the embedded PostgreSQL, shared with a
 * server already running) and closes it whatever happens, stopping an embedded server this
 * process started. `migrate` applies pending migrations first: the commands that may be a new
 * machine's first (an import, an admin account) ask for it; the readers (export, sitemaps) use the
 * schema as it is, and say so when there is none.
 */
export async function withDatabase<T>(work: (database: Database) => Promise<T>, options: { migrate?: boolean } = {}): Promise<T> {
  const database = await openDatabase(undefined, { quiet: true });
  try {
    if (options.migrate) await migrateLatest(database.db);
    return await work(database);
  } finally {
    await database.close();
  }
}
