#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { registerDbCommands } from './commands/db.js';
import { registerDbBackupCommands } from './commands/db-backup.js';
import { registerServeCommand } from './commands/serve.js';
import { registerUserCommands } from './commands/user.js';
import { registerImportCommand } from './commands/import.js';
import { registerExportCommand } from './commands/export.js';
import { registerSitemapCommands } from './commands/sitemap.js';
import { EXIT, fail } from './exit.js';

const program = new Command('rehber')
  .description('rehber: a directory of local businesses. Bulk imports, exports and sitemaps from a shell or cron.')
  .version('0.1.0')
  .exitOverride()
  // Each command's options stop at its subcommand: `rehber import undo 7 --confirm 1200` gives
  // --confirm to the undo, not to the import around it.
  .enablePositionalOptions()
  .configureOutput({ outputError: (str, write) => write(str.split('\n')[0] + '\n') });

registerImportCommand(program);
registerExportCommand(program);
registerSitemapCommands(program);
registerUserCommands(program);
registerDbCommands(program);
registerDbBackupCommands(program);
registerServeCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // --help and --version end here too, with exit code 0.
    process.exit(err.exitCode === 0 ? 0 : EXIT.usage);
  }
  fail(err);
}
