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

/** The version row as `db` shows it (a replica: what it has replayed); null when there is none. Throws when `db` cannot answer. */
export async function readDataVersion(db: Db): Promise<Version | null> {
  const row = await db('data_version').where({ id: 1 }).first('version', 'changed_at');
  return row ? { version: String(row.version), changedAt: new Date(row.changed_at) } : null;
}

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
