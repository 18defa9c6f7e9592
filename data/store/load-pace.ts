/**
 * Pacing of an import that runs beside a serving site (a web import): on two cores, an import
 * writing flat out takes a core for PostgreSQL's merge and most of another for reading and
 * encoding, and public reads queue behind it. A paced import gives way three ways:
 * - its worker thread and, when PostgreSQL runs on this machine and the OS lets us, the database
 *   backends of its connections run at a lower CPU priority (nice PACED_NICE), so a read that
 *   wants a core gets it first and the import uses what the site leaves;
 * - after a batch, when any other session used the database in the last second (the site is
 *   serving), it waits PACE_RATIO times as long as that batch took before writing the next;
 * - its batches are cut smaller (PACED_BATCH_SIZE): shorter statements, so no read waits long
 *   behind one.
 * An import with nobody else on the database runs at full speed; the CLI never paces.
 */
import os from 'node:os';
import type pg from 'pg';

/** Nice level of a paced import's worker thread and database backends (0 normal, 19 lowest). */
export const PACED_NICE = 10;
/** A paced import waits this many times its last batch's duration while the site is serving. */
export const PACE_RATIO = 1;
/** Rows per batch of a paced import. */
export const PACED_BATCH_SIZE = 5_000;

/**
 * Lowers the CPU priority of the calling thread. On Linux, nice is per thread: called in the
 * import's worker thread it slows that thread only, not the server's event loop.
 */
export function lowerThreadPriority(): void {
  try {
    os.setPriority(PACED_NICE);
  } catch {
    // Not allowed or not supported: the sleeps between batches still pace the import.
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '']);

export interface Pacer {
  /** Inside a batch's transaction, before its work: lowers the backend's priority once per connection. */
  started(conn: pg.ClientBase): Promise<void>;
  /** Inside the transaction, at its end: whether anyone else is using the database, and how long the batch took. */
  finished(conn: pg.ClientBase): Promise<void>;
  /** Before the next batch: the pause the last one earned. */
  pause(): Promise<void>;
}

export const noPacing: Pacer = { started: async () => {}, finished: async () => {}, pause: async () => {} };

/** A pacer for imports into the database at `host` (the backends can be reniced only when it is this machine). */
export function newPacer(host: string): Pacer {
  const local = LOCAL_HOSTS.has(host) || host.startsWith('/');
  const reniced = new WeakSet<pg.ClientBase>();
  let batchStarted = 0;
  let owed = 0;
  return {
    async started(conn) {
      batchStarted = performance.now();
      if (!local || reniced.has(conn)) return;
      reniced.add(conn);
      const { rows } = await conn.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      try {
        os.setPriority(rows[0].pid, PACED_NICE);
      } catch {
        // Another OS user's process (the usual PostgreSQL service): left as it is.
      }
    },
    async finished(conn) {
      const took = performance.now() - batchStarted;
      // Another session that ran a statement in the last second: the site is serving.
      const { rows } = await conn.query<{ busy: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM pg_stat_activity
                         WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND datname = current_database()
                           AND (state NOT LIKE 'idle%' OR state_change > clock_timestamp() - interval '1 second')
                           AND pid NOT IN (SELECT pid FROM pg_locks WHERE locktype = 'advisory')) AS busy`,
      );
      owed = rows[0].busy ? took * PACE_RATIO : 0;
    },
    async pause() {
      if (owed > 0) await new Promise((resolve) => setTimeout(resolve, owed));
      owed = 0;
    },
  };
}
