import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../index.js';

export interface UserRow {
  id: string;
  username: string;
}

/** A signed-in user: `stamp` ties the session to the password it was opened with. */
export interface VerifiedUser extends UserRow {
  stamp: string;
}

// argon2id with the library defaults (19 MiB, t=2): OWASP's minimum recommendation.
const hashPassword = (password: string) => hash(password);

/**
 * A short digest of the stored hash (its salt is new on every reset). A session keeps the stamp of
 * the hash it was opened against; once the password changes or the user is gone, no stamp matches,
 * so even a sign-in still in flight during a reset or a removal opens a dead session.
 */
export const stampOf = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('base64url').slice(0, 22);

/** Creates the admin, or resets the password of an existing one (callers go through data/store/accounts.ts). */
export async function upsertUser(db: Db, username: string, password: string): Promise<UserRow> {
  const [row] = await db('users')
    .insert({ username, password: await hashPassword(password) })
    .onConflict('username')
    .merge(['password'])
    .returning(['id', 'username']);
  return row;
}

/** The user when the password matches, otherwise null (the same answer for an unknown name). */
export async function verifyUser(db: Db, username: string, password: string): Promise<VerifiedUser | null> {
  const row = await db('users').where({ username }).first('id', 'username', 'password');
  if (!row) {
    // Hash anyway so an unknown username takes as long as a wrong password.
    await hashPassword(password);
    return null;
  }
  return (await verify(row.password, password)) ? { id: row.id, username: row.username, stamp: stampOf(row.password) } : null;
}

/**
 * The key under which a session read from the store carries its user's password stamp as it is
 * now (null: the user is gone). koa-session leaves keys that start with '_' out of what it saves.
 */
export const CURRENT_STAMP = '_currentStamp';

/** Whether a session's user still exists with the password the session was opened with. */
export async function sessionUserIsCurrent(db: Db, userId: string, stamp: string): Promise<boolean> {
  // users.id is a uuid: anything else stored in a session matches no one (and must not be a 500).
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return false;
  const row = await db('users').where({ id: userId }).first('password');
  return Boolean(row) && stampOf(row.password) === stamp;
}

export async function countUsers(db: Db): Promise<number> {
  const [{ count }] = await db('users').count<{ count: number }[]>({ count: '*' });
  return Number(count);
}

/** Every admin, by name. */
export async function listUsers(db: Db): Promise<(UserRow & { createdAt: Date })[]> {
  const rows = await db('users').orderBy('username').select('id', 'username', 'created_at');
  return rows.map((r) => ({ id: r.id, username: r.username, createdAt: r.created_at }));
}
