import type { Command } from 'commander';
import { migrateLatest } from '../../db/migrate.js';
import { reresolvePlaces } from '../../data/store/reresolve.js';
import { withDatabase } from '../database.js';

/** `rehber db migrate` applies the pending migrations; `rehber db reresolve` re-reads every business's place. */
export function registerDbCommands(program: Command): void {
  const db = program.command('db').description('database maintenance');
  db.command('migrate')
    .description('apply pending migrations')
    .action(async () => {
      const applied = await withDatabase(({ db }) => migrateLatest(db));
      console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Database is up to date');
    });
  db.command('reresolve')
    .description("re-resolve every business's city, district, country and coordinates from its address (slugs kept)")
    .action(async () => {
      // Progress only for a person watching: never into a pipe or a cron log.
      const onProgress = process.stderr.isTTY ? (n: number) => process.stderr.write(`\rre-resolving: ${n.toLocaleString('en-US')} businesses`) : undefined;
      const r = await withDatabase(({ db }) => reresolvePlaces(db, { onProgress }));
      if (onProgress) process.stderr.write('\n');
      console.log(`Re-resolved ${r.checked} businesses: ${r.changed} moved, ${r.citiesRemoved} empty cities and ${r.countriesRemoved} empty countries removed`);
    });
}
