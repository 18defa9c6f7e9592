import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../index.js';

export interface UserRow {
  id: string;
  username: string;
}

// argon2id with the library defaults (19 MiB, t=2): OWASP's minimum recommendation.
const hashPassword = (password: string) => hash(password);

/** Creates the admin, or resets the password of an existing one. */
export async function upsertUser(db: Db, username: string, password: string): Promise<UserRow> {
  const [row] = await db('users')
    .insert({ username, password: await hashPassword(password) })
    .onConflict('username')
    .merge(['password'])
    .returning(['id', 'username']);
  return row;
}

/** The user when the password matches, otherwise null (the same answer for an unknown name). */
export async function verifyUser(db: Db, username: string, password: string): Promise<UserRow | null> {
  const row = await db('users').where({ username }).first('id', 'username', 'password');
  if (!row) {
    // Hash anyway so an unknown username takes as long as a wrong password.
    await hashPassword(password);
    return null;
  }
  return (await verify(row.password, password)) ? { id: row.id, username: row.username } : null;
}

export async function countUsers(db: Db): Promise<number> {
  const [{ count }] = await db('users').count<{ count: number }[]>({ count: '*' });
  return Number(count);
}
