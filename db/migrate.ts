import type { Knex } from 'knex';
import pg from 'pg';
import { connectionUrlOf, type Db } from './index.js';
import { migrations } from './migrations/index.js';

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name],
};

export const migrationConfig = { migrationSource: source, tableName: 'knex_migrations' };

/** The advisory lock every process takes around its migrations ('rehb' in ASCII): one runs them, the others wait. */
const MIGRATION_LOCK = 0x72656862;

/**
 * Applies the migrations this code knows and the database lacks. Processes starting together
 * (several servers, a cron `rehber import`) take turns under one advisory lock: knex's own lock
 * table makes a second process fail ("Migration table is already locked") rather than wait, and
 * two processes on a fresh database both try to create knex_migrations. The lock is held by a
 * session of its own, so a caller's small pool is never short of the connection knex migrates on.
 */
export async function migrateLatest(db: Db): Promise<string[]> {
  const lock = new pg.Client({ connectionString: connectionUrlOf(db) });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const unknown = await unknownMigrations(db);
    if (unknown.length) throw new Error(olderCodeMessage(unknown));
    const [, applied] = (await db.migrate.latest(migrationConfig)) as [number, string[]];
    return applied;
  } finally {
    // Ending the session releases the lock even when the unlock cannot be sent.
    await lock.end().catch(() => {});
  }
}

/** The names knex_migrations records as applied, in the order they were applied (none before the first migration). */
async function appliedMigrations(db: Db): Promise<string[]> {
  if (!(await db.schema.hasTable(migrationConfig.tableName))) return [];
  return (await db(migrationConfig.tableName).orderBy('id').pluck('name')) as string[];
}

/** Migrations this code knows that the database has not applied yet. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const applied = new Set(await appliedMigrations(db));
  return Object.keys(migrations).filter((name) => !applied.has(name));
}

/** Migrations the database applied that this code does not know: a newer rehber migrated it. */
export async function unknownMigrations(db: Db): Promise<string[]> {
  return (await appliedMigrations(db)).filter((name) => !Object.hasOwn(migrations, name));
}

function olderCodeMessage(unknown: string[]): string {
  const newest = unknown.at(-1)!;
  const more = unknown.length > 1 ? ` and ${unknown.length - 1} more` : '';
  return `The database has migration ${newest}${more}, newer than this version of rehber knows: upgrade rehber before starting it on this database`;
}
