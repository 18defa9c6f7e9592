import type { Db } from '../index.js';

/**
 * Login throttling counters (CONTRACT §8), one row per key ('user:<name>' or 'ip:<address>'), in
 * PostgreSQL so every server instance counts together. A window starts at the first failure.
 */
export async function isLoginBlocked(db: Db, keys: string[], maxFailures: number, windowMs: number): Promise<boolean> {
  const row = await db('login_attempts')
    .whereIn('key', keys)
    .where('failures', '>=', maxFailures)
    .where('window_start', '>', new Date(Date.now() - windowMs))
    .first('key');
  return Boolean(row);
}

/** Counts one failure against each key, starting a new window where the old one has passed. */
export async function recordLoginFailure(db: Db, keys: string[], windowMs: number): Promise<void> {
  const windowOpen = new Date(Date.now() - windowMs);
  for (const key of keys) {
    await db.raw(
      `INSERT INTO login_attempts (key, failures, window_start) VALUES (?, 1, now())
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN login_attempts.window_start > ? THEN login_attempts.failures + 1 ELSE 1 END,
         window_start = CASE WHEN login_attempts.window_start > ? THEN login_attempts.window_start ELSE now() END`,
      [key, windowOpen, windowOpen],
    );
  }
}

export async function clearLoginFailures(db: Db, key: string): Promise<void> {
  await db('login_attempts').where({ key }).delete();
}
