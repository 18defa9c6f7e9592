import type { Knex } from 'knex';
import type { Db } from '../../db/index.js';

/**
 * Whether a session of this database waits on a lock before `p` settles: the session `pid`, or
 * any when none is given. Asked every 50 ms, for 10 s at most. For the tests that run writes in
 * parallel on connections of their own.
 */
export async function waitsOnLock(db: Db, p: Promise<unknown>, pid?: number): Promise<boolean> {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 200 && !done; i++) {
    const { rows } = await db.raw(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND (?::int IS NULL OR pid = ?::int)`,
      [pid ?? null, pid ?? null],
    );
    if (rows[0].n > 0) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** The backend process of a transaction's connection, as pg_stat_activity names it. */
export const pidOf = async (trx: Knex.Transaction) => (await trx.raw('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
