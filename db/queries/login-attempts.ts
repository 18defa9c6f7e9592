import type { Db } from '../index.js';

/**
 * Login throttling counters (docs/security-accounts.md), one row per key, in
 * PostgreSQL so every server instance counts together. A window starts at the first attempt
 * counted under a key; a row whose window is over is worth nothing and is swept.
 */
export interface ThrottleKey {
  key: string;
  /** Attempts allowed in one window under this key. */
  limit: number;
}

/**
 * Counts this attempt under every key, atomically and before the password is checked, and says
 * whether any key is now past its limit. One statement per call: parallel attempts each see the
 * count the others left, so forty at once cannot slip past a limit of five.
 *
 * An attempt refused because a key is already at its limit writes nothing: no row for a new key,
 * so a blocked address cannot grow the table by trying new usernames. The same statement sweeps
 * the rows of windows that are over (other keys only: one statement may not touch a row twice).
 */
export async function countLoginAttempt(db: Db, keys: ThrottleKey[], windowMs: number): Promise<{ blocked: boolean }> {
  const open = db.raw(`now() - ? * interval '1 millisecond'`, [windowMs]);
  const { rows } = await db.raw(
    `WITH k AS (SELECT * FROM unnest(?::text[], ?::int[]) AS k(key, lim)),
     swept AS (DELETE FROM login_attempts WHERE window_start <= ? AND NOT (key = ANY(?::text[]))),
     full_key AS (
       SELECT 1 FROM login_attempts a JOIN k USING (key) WHERE a.window_start > ? AND a.failures >= k.lim
     )
     INSERT INTO login_attempts AS a (key, failures, window_start)
       SELECT key, 1, now() FROM k WHERE NOT EXISTS (SELECT 1 FROM full_key)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN a.window_start > ? THEN a.failures + 1 ELSE 1 END,
       window_start = CASE WHEN a.window_start > ? THEN a.window_start ELSE now() END
     RETURNING key, failures`,
    [keys.map((k) => k.key), keys.map((k) => k.limit), open, keys.map((k) => k.key), open, open, open],
  );
  const counted = rows as { key: string; failures: number }[];
  if (counted.length === 0) return { blocked: true };
  const limits = new Map(keys.map((k) => [k.key, k.limit]));
  return { blocked: counted.some((r) => r.failures > limits.get(r.key)!) };
}

/** A successful sign-in: its attempt no longer counts, and the key's earlier failures are forgiven. */
export async function clearLoginAttempts(db: Db, forgive: string, uncount: string): Promise<void> {
  await db('login_attempts').where({ key: forgive }).delete();
  await db('login_attempts').where({ key: uncount }).where('failures', '>', 0).decrement('failures', 1);
}
