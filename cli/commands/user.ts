import type { Command } from 'commander';
import { listUsers } from '../../db/queries/users.js';
import { removeAdmin, setAdminPassword } from '../../data/store/accounts.js';
import { checkPassword, checkUsername } from '../../domain/accounts.js';
import { InputError } from '../../domain/errors.js';
import { withDatabase } from '../database.js';
import { UsageError } from '../exit.js';
import { promptHidden, readAll } from '../prompt.js';

/** `rehber user add|remove|list`: the admin accounts (docs/security-accounts.md). */
export function registerUserCommands(program: Command): void {
  const user = program.command('user').description('admin accounts');
  user
    .command('add <username>')
    .description('create an admin, or reset the password of an existing one (ends its sessions)')
    .option('--password-stdin', 'read the password from standard input (for scripts)')
    .action(async (username: string, opts: { passwordStdin?: boolean }) => {
      // The name is checked before the password is asked for, the password before the database opens.
      const name = asUsage(() => checkUsername(username));
      const typed = await readPassword(Boolean(opts.passwordStdin));
      const password = asUsage(() => checkPassword(typed));
      const { created } = await withDatabase(({ db }) => setAdminPassword(db, name, password).catch(rethrowAsUsage), { migrate: true });
      console.log(created ? `Admin '${name}' created` : `Password of admin '${name}' reset; its sessions are ended`);
    });
  user
    .command('remove <username>')
    .description('remove an admin and end its sessions')
    .option('--force', 'remove it even when it is the last admin')
    .action(async (username: string, opts: { force?: boolean }) => {
      await withDatabase(({ db }) => removeAdmin(db, username, { force: Boolean(opts.force) }).catch(rethrowAsUsage), { migrate: true });
      console.log(`Admin '${username}' removed; its sessions are ended`);
    });
  user
    .command('list')
    .description('list the admins')
    .action(async () => {
      const users = await withDatabase(({ db }) => listUsers(db), { migrate: true });
      for (const u of users) console.log(`${u.username}\tcreated ${u.createdAt.toISOString()}`);
    });
}

/** A broken account rule is a wrong argument: exit 2. */
function rethrowAsUsage(err: unknown): never {
  throw err instanceof InputError ? new UsageError(err.message) : err;
}

function asUsage<T>(check: () => T): T {
  try {
    return check();
  } catch (err) {
    rethrowAsUsage(err);
  }
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
