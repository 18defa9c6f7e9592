import type { Command } from 'commander';
import { openDatabase } from '../../db/index.js';
import { migrateLatest } from '../../db/migrate.js';
import { reresolvePlaces } from '../../data/store/reresolve.js';

/** `rehber db migrate` applies the pending migrations; `rehber db reresolve` re-reads every business's place. */
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
  db.command('reresolve')
    .description("re-resolve every business's city, district, country and coordinates from its address (slugs kept)")
    .action(async () => {
      const database = await openDatabase(undefined, { quiet: true });
      // Progress only for a person watching: never into a pipe or a cron log.
      const onProgress = process.stderr.isTTY ? (n: number) => process.stderr.write(`\rre-resolving: ${n.toLocaleString('en-US')} businesses`) : undefined;
      try {
        const r = await reresolvePlaces(database.db, { onProgress });
        if (onProgress) process.stderr.write('\n');
        console.log(
          `Re-resolved ${r.checked} businesses: ${r.changed} moved, ${r.citiesRemoved} empty cities and ${r.countriesRemoved} empty countries removed`,
        );
      } finally {
        await database.close();
      }
    });
}
