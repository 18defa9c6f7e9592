import type { Command } from 'commander';
import { openDatabase } from '../../db/index.js';
import { migrateLatest } from '../../db/migrate.js';

/** `rehber db migrate`: applies the pending migrations of db/migrations. */
export function registerDbCommands(program: Command): void {
  const db = program.command('db').description('database maintenance');
  db.command('migrate')
    .description('apply pending migrations')
    .action(async () => {
      const database = await openDatabase(undefined, { quiet: true });
      try {
        const applied = await migrateLatest(database.db);
        console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Database is up to date');
      } finally {
        await database.close();
      }
    });
}
