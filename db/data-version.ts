import { createHash } from 'node:crypto';
import pg from 'pg';
import { connectionUrlOf, type Db } from './index.js';

/**
 * The directory's data version: one row that every committed write moves, and the channel that
 * write notifies on with the new version (both made by migration 20261124F). What a process does
 * with it (the caches it keys, which database to read) is the server's: server/freshness/.
 */
export interface Version {
  version: string;
  changedAt: Date;
}

/**
 * The version as a column of a read's statement: the version that statement saw, so its answer
 * needs no second statement to learn it (server/freshness/read-routing.ts wholeAnswer).
 */
export const SEEN_VERSION = '(SELECT version::text FROM data_version WHERE id = 1)';

/** The version row as `db` shows it (a replica: what it has replayed); null when there is none. Throws when `db` cannot answer. */
export async function readDataVersion(db: Db): Promise<Version | null> {
  const row = await db('data_version').where({ id: 1 }).first('version', 'changed_at');
  return row ? { version: String(row.version), changedAt: new Date(row.changed_at) } : null;
}

/**
 * What the versions after `after` up to `upTo` changed, as the keys their statements recorded in
 * `data_changes` (migration 20261205H): `b:<id>` a business, `n:<city>:<name hash>` the namesakes
 * of a name in a city, `bc:<city>` any business of a city (a batch too big to list), `c:`, `k:`,
 * `y:<id>` a city's, category's or country's own row (with `c:*`, `k:*`, `y:*` beside it, and on
 * its removal), `lc:`, `lk:`, `ly:<id>` their lists or counts (`-` for none; `ly:` also with any
 * statement on a business or a city of the country, 20261218Y). Null when anything may have changed: a statement that could not say, or
 * a version whose record is gone. Read from the database whose version moved (a replica holds the
 * changes of every version it shows).
 */
export async function readDataChanges(db: Db, after: bigint, upTo: bigint): Promise<Set<string> | null> {
  if (upTo <= after) return new Set();
  if (upTo - after > MAX_VERSIONS_READ) return null;
  const { rows } = await db.raw('SELECT keys FROM data_changes WHERE version > ? AND version <= ?', [String(after), String(upTo)]);
  if (BigInt(rows.length) !== upTo - after) return null;
  const keys = new Set<string>();
  for (const row of rows as { keys: string[] | null }[]) {
    if (row.keys === null) return null;
    for (const key of row.keys) keys.add(key);
  }
  return keys;
}

/** More versions than this at once (the process was away long): cheaper to drop everything. */
const MAX_VERSIONS_READ = 5_000n;

/** The key of the namesakes of `name` in `cityId` (null: no city), as the triggers write it. */
export const namesakesKey = (cityId: number | null, name: string): string =>
  `n:${cityId ?? '-'}:${createHash('md5').update(name).digest('hex').slice(0, 12)}`;

export interface WriteListener {
  end(): Promise<void>;
}

/**
 * Listens for committed writes on a connection of its own (LISTEN cannot run on a standby: `db`
 * is the primary). `onWrite` gets the version a write moved to (null when the payload is not one);
 * `onLost` is called once the connection has failed after it was up (the connection is closed by
 * then). Rejects, with the connection closed, when it cannot start.
 */
export async function listenForWrites(db: Db, onWrite: (version: bigint | null) => void, onLost: (err: Error) => void): Promise<WriteListener> {
  const client = new pg.Client({ connectionString: connectionUrlOf(db) });
  client.on('notification', (message) => onWrite(message.payload && /^\d+$/.test(message.payload) ? BigInt(message.payload) : null));
  client.on('error', (err) => {
    client.end().catch(() => {});
    onLost(err);
  });
  try {
    await client.connect();
    await client.query('LISTEN rehber_data');
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  return { end: () => client.end() };
}
