import type { Command } from 'commander';
import { openDatabase } from '../../db/index.js';
import { migrateLatest } from '../../db/migrate.js';
import { upsertUser } from '../../db/queries/users.js';
import { destroyUserSessions } from '../../db/queries/sessions.js';
import { UsageError } from '../exit.js';
import { promptHidden, readAll } from '../prompt.js';

export const MIN_PASSWORD_LENGTH = 8;

/** `rehber user add <username> [--password-stdin]`: creates an admin or resets its password. */
export function registerUserCommands(program: Command): void {
  const user = program.command('user').description('admin accounts');
  user
    .command('add <username>')
    .description('create an admin, or reset the password of an existing one (ends its sessions)')
    .option('--password-stdin', 'read the password from standard input (for scripts)')
    .action(async (username: string, opts: { passwordStdin?: boolean }) => {
      const name = username.trim();
      if (!name || /\s/.test(name)) throw new UsageError('The username must be one word');
      const password = await readPassword(Boolean(opts.passwordStdin));
      if (password.length < MIN_PASSWORD_LENGTH) throw new UsageError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters`);

      const database = await openDatabase(undefined, { quiet: true });
      try {
        await migrateLatest(database.db);
        const existed = Boolean(await database.db('users').where({ username: name }).first('id'));
        const row = await upsertUser(database.db, name, password);
        if (existed) await destroyUserSessions(database.db, row.id);
        console.log(existed ? `Password of admin '${name}' reset; its sessions are ended` : `Admin '${name}' created`);
      } finally {
        await database.close();
      }
    });
}

async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) {
    // One trailing newline is the shell's (`echo pw |`), not the password's.
    return (await readAll(process.stdin)).replace(/\r?\n$/, '');
  }
  if (!process.stdin.isTTY) throw new UsageError('Standard input is not a terminal: pass the password with --password-stdin');
  const first = await promptHidden('Password: ');
  const again = await promptHidden('Repeat password: ');
  if (first !== again) throw new UsageError('The passwords do not match');
  return first;
}
