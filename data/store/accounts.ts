import type { Db } from '../../db/index.js';
import { upsertUser, type UserRow } from '../../db/queries/users.js';
import { destroyUserSessions } from '../../db/queries/sessions.js';
import { checkPassword, checkUsername } from '../../domain/accounts.js';
import { InputError } from '../../domain/errors.js';

/**
 * Admin accounts (docs/security-accounts.md). Every path that creates an admin, resets its
 * password or removes it goes through here, so the rules and the end of the old sessions are the
 * same whether the CLI or ADMIN_PASSWORD at start asked.
 */

/** Creates the admin or resets its password; a reset ends every session it had. */
export async function setAdminPassword(db: Db, username: string, password: string): Promise<{ user: UserRow; created: boolean }> {
  const name = checkUsername(username);
  checkPassword(password);
  return db.transaction(async (trx) => {
    const existing = await trx('users').where({ username: name }).forUpdate().first('id');
    const user = await upsertUser(trx, name, password);
    if (existing) await destroyUserSessions(trx, user.id);
    return { user, created: !existing };
  });
}

/**
 * Removes an admin and ends its sessions. The last admin stays unless `force`: without one nobody
 * can sign in until someone with shell access runs `rehber user add` (or restarts the server, which
 * then makes a new 'admin' with a generated password).
 */
export async function removeAdmin(db: Db, username: string, { force = false }: { force?: boolean } = {}): Promise<void> {
  await db.transaction(async (trx) => {
    // Every admin row locked: two removals at once cannot each see the other's admin as the one left.
    const all: UserRow[] = await trx('users').forUpdate().select('id', 'username');
    const user = all.find((u) => u.username === username);
    if (!user) throw new InputError(`No admin named '${username}'`, 404);
    if (all.length === 1 && !force) throw new InputError(`'${username}' is the last admin: pass --force to remove it anyway`, 409);
    await trx('users').where({ id: user.id }).delete();
    await destroyUserSessions(trx, user.id);
  });
}
