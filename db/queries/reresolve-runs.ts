/**
 * The admin's re-resolution run, shared by every server process (migration 20261209H): its row,
 * and the advisory lock the running process holds on a connection of its own for the run's life.
 */
import type { Knex } from 'knex';
import type { Db } from '../index.js';
import type { ReresolveStatus } from '../../domain/types.js';

/** A constant key for pg_try_advisory_lock: one re-resolution at a time, across processes. */
export const RERESOLVE_LOCK_KEY = 7_265_686_202;

/** What a poll shows when the row says running but no process holds the lock: its process ended. */
export const RERESOLVE_ENDED = 'Re-resolution stopped: its server process ended before it finished';

interface RunRow {
  running: boolean;
  checked: number;
  changed: number;
  cities_removed: number;
  countries_removed: number;
  finished_at: Date | null;
  error: string | null;
  held: boolean;
}

export async function readReresolveRun(db: Db): Promise<ReresolveStatus> {
  const { rows } = await db.raw<{ rows: RunRow[] }>(
    // pg_locks shows the whole server's locks; an advisory lock is its database's own, so another
    // database's run (a second directory on the same server) holds nothing here.
    `SELECT r.*, EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted
                            AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                            AND ((l.classid::bigint << 32) | l.objid::bigint) = ?) AS held
       FROM reresolve_runs r WHERE r.id = 1`,
    [RERESOLVE_LOCK_KEY],
  );
  const r = rows[0];
  const died = r.running && !r.held;
  return {
    running: r.running && r.held,
    checked: r.checked,
    changed: r.changed,
    citiesRemoved: r.cities_removed,
    countriesRemoved: r.countries_removed,
    finishedAt: r.finished_at?.toISOString() ?? null,
    error: died ? RERESOLVE_ENDED : r.error,
  };
}

/** A run's hold on the lock: null when another process runs one. */
export interface ReresolveLease {
  progress(checked: number): Promise<void>;
  finish(result: { checked: number; changed: number; citiesRemoved: number; countriesRemoved: number } | { error: string }): Promise<void>;
}

export async function startReresolveRun(db: Db): Promise<ReresolveLease | null> {
  // A connection of its own holds the session's lock for as long as the run lasts.
  const conn = (await db.client.acquireConnection()) as Knex.Client;
  const query = (sql: string, bindings: unknown[] = []) => db.raw(sql, bindings as Knex.RawBinding[]).connection(conn);
  const release = async () => {
    await query('SELECT pg_advisory_unlock(?)', [RERESOLVE_LOCK_KEY]).catch(() => {});
    await db.client.releaseConnection(conn);
  };
  try {
    const { rows } = await query('SELECT pg_try_advisory_lock(?) AS locked', [RERESOLVE_LOCK_KEY]);
    if (!rows[0].locked) {
      await db.client.releaseConnection(conn);
      return null;
    }
    await query(`UPDATE reresolve_runs SET running = true, checked = 0, changed = 0, cities_removed = 0, countries_removed = 0, finished_at = NULL, error = NULL WHERE id = 1`);
  } catch (err) {
    await release();
    throw err;
  }
  return {
    progress: async (checked) => {
      await query('UPDATE reresolve_runs SET checked = ? WHERE id = 1', [checked]);
    },
    finish: async (result) => {
      try {
        if ('error' in result) await query('UPDATE reresolve_runs SET running = false, finished_at = now(), error = ? WHERE id = 1', [result.error]);
        else
          await query('UPDATE reresolve_runs SET running = false, finished_at = now(), checked = ?, changed = ?, cities_removed = ?, countries_removed = ? WHERE id = 1', [
            result.checked, result.changed, result.citiesRemoved, result.countriesRemoved,
          ]);
      } finally {
        await release();
      }
    },
  };
}
