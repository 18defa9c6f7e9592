import type { Db } from '../index.js';

/**
 * Login throttling counters (CONTRACT §8), one row per key, in PostgreSQL so every server instance
 * counts together. A window starts at the first attempt counted under a key.
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
 */
export async function countLoginAttempt(db: Db, keys: ThrottleKey[], windowMs: number): Promise<{ blocked: boolean }> {
  const windowOpen = new Date(Date.now() - windowMs);
  const { rows } = await db.raw(
    `INSERT INTO login_attempts AS a (key, failures, window_start)
       SELECT k, 1, now() FROM unnest(?::text[]) AS k
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN a.window_start > ? THEN a.failures + 1 ELSE 1 END,
       window_start = CASE WHEN a.window_start > ? THEN a.window_start ELSE now() END
     RETURNING key, failures`,
    [keys.map((k) => k.key), windowOpen, windowOpen],
  );
  const limits = new Map(keys.map((k) => [k.key, k.limit]));
  return { blocked: (rows as { key: string; failures: number }[]).some((r) => r.failures > limits.get(r.key)!) };
}

/** A successful sign-in: its attempt no longer counts, and the key's earlier failures are forgiven. */
export async function clearLoginAttempts(db: Db, forgive: string, uncount: string): Promise<void> {
  await db('login_attempts').where({ key: forgive }).delete();
  await db('login_attempts').where({ key: uncount }).where('failures', '>', 0).decrement('failures', 1);
}
