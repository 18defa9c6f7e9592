import type { Knex } from 'knex';
import type { Db } from './index.js';
import { migrations } from './migrations/index.js';

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name],
};

export const migrationConfig = { migrationSource: source, tableName: 'knex_migrations' };

export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest(migrationConfig)) as [number, string[]];
  return applied;
}
