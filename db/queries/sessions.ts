import type { Db } from '../index.js';
import { CURRENT_STAMP, stampOf } from './users.js';

/**
 * A session by its id with its user's password, prepared once per connection: every admin request
 * reads it, and planning it cost more than running it (one probe of the sessions' key, a join to
 * the few users). Its plan is the same for any id.
 */
export const SESSION_READ = {
  name: 'rehber_session',
  sql: `SELECT s.data, u.password FROM sessions s LEFT JOIN users u ON u.id::text = s.data->>'userId'
         WHERE s.sid = ? AND s.expires_at > now()`,
};

/**
 * The server-side session store: the cookie holds only a signed random id, the data
 * lives here, so logout really ends a session and any server instance can read it.
 */
export async function getSession(db: Db, sid: string): Promise<Record<string, unknown> | null> {
  // The session's user is read with it: the guard then checks the password stamp without a second
  // round trip on every admin call (CURRENT_STAMP; sessionUserIsCurrent when it is missing).
  const { rows } = await db.raw(SESSION_READ.sql, [sid]).options({ name: SESSION_READ.name });
  if (!rows.length) return null;
  const { data, password } = rows[0] as { data: Record<string, unknown>; password: string | null };
  return { ...data, [CURRENT_STAMP]: password === null ? null : stampOf(password) };
}

/**
 * Stores a session's data. Only a session created in this request (`create`: sign-in) may add a
 * row; any other write updates a live row or does nothing, so a request still in flight when
 * logout or a password reset deleted its row cannot write it back to life.
 */
export async function saveSession(db: Db, sid: string, data: Record<string, unknown>, maxAgeMs: number, { create }: { create: boolean }): Promise<void> {
  const expiresAt = new Date(Date.now() + maxAgeMs);
  if (create) {
    await db('sessions').insert({ sid, data: JSON.stringify(data), expires_at: expiresAt }).onConflict('sid').merge(['data', 'expires_at']);
    return;
  }
  await db('sessions').where({ sid }).where('expires_at', '>', db.fn.now()).update({ data: JSON.stringify(data), expires_at: expiresAt });
}

export async function destroySession(db: Db, sid: string): Promise<void> {
  await db('sessions').where({ sid }).delete();
}

/** Drops the expired rows (they are already ignored by getSession); returns how many went. */
export async function deleteExpiredSessions(db: Db): Promise<number> {
  return db('sessions').where('expires_at', '<=', db.fn.now()).delete();
}

/** Ends every session of one user, e.g. after `rehber user add` resets the password. */
export async function destroyUserSessions(db: Db, userId: string): Promise<number> {
  return db('sessions').whereRaw(`data->>'userId' = ?`, [userId]).delete();
}
