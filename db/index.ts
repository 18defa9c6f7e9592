import knex, { type Knex } from 'knex';
import pg from 'pg';
import { readDbConfig, type DbConfig } from './config.js';
import { embeddedUrl, startEmbedded } from './embedded.js';

export type Db = Knex;

// numeric and bigint come back as strings by default; counts and ratings are small enough for numbers.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** The only place knex is built. */
export function createDb(url: string, pool: { min?: number; max?: number } = {}): Db {
  return knex({
    client: 'pg',
    connection: url,
    pool: { min: pool.min ?? 0, max: pool.max ?? 10 },
    // knex prints every failed connection attempt with its stack before rejecting the query with
    // the same error; the caller reports that error (the CLI in one line, the server in its log).
    log: { warn: (message: string) => { if (!message.startsWith('Acquire connection error')) console.warn(message); } },
  });
}

export interface Database {
  db: Db;
  url: string;
  /** Closes the pool and stops the embedded server when this process started it. */
  close(): Promise<void>;
}

/**
 * Connects to DATABASE_URL; otherwise to the embedded PostgreSQL on 127.0.0.1:PG_PORT when one is
 * already running (`make start` is up and cron runs `rehber import`), starting it under DATA_DIR
 * only when none answers. Only the process that started the server stops it.
 */
export async function openDatabase(config: DbConfig = readDbConfig(), options: { quiet?: boolean } = {}): Promise<Database> {
  if (config.databaseUrl) {
    const db = createDb(config.databaseUrl);
    return { db, url: config.databaseUrl, close: () => db.destroy() };
  }
  const running = embeddedUrl(config.dataDir, config.embeddedPort);
  if (running && (await answers(running))) {
    const db = createDb(running);
    return { db, url: running, close: () => db.destroy() };
  }
  const server = await startEmbedded(config.dataDir, config.embeddedPort, options);
  const db = createDb(server.url);
  return {
    db,
    url: server.url,
    close: async () => {
      await db.destroy();
      await server.stop();
    },
  };
}

/**
 * The pool for public reads on a streaming replica of the database (DATABASE_REPLICA_URL). Checked
 * once: a replica that cannot be read, or is not a copy of a rehber database, stops start-up with
 * one line instead of failing every public page later.
 */
export async function openReplica(url: string): Promise<Db> {
  const db = createDb(url);
  try {
    await db.raw('SELECT version FROM data_version WHERE id = 1');
    return db;
  } catch (err) {
    await db.destroy();
    throw new Error(`DATABASE_REPLICA_URL cannot be read: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`, { cause: err });
  }
}

/** True when a PostgreSQL server accepts our credentials at `url` within a couple of seconds. */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  // A refused connection is the normal case on a first start; its error event must not crash us.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The URL `db` connects with: for connections of its own (a worker's pool, a LISTEN). */
export function connectionUrlOf(db: Db): string {
  const connection: unknown = db.client.config.connection;
  if (typeof connection === 'string') return connection;
  const c = connection as { connectionString?: string; host?: string; port?: number; user?: string; password?: string; database?: string };
  if (c?.connectionString) return c.connectionString;
  const auth = c.user ? `${encodeURIComponent(c.user)}${c.password ? `:${encodeURIComponent(c.password)}` : ''}@` : '';
  return `postgres://${auth}${c.host ?? '127.0.0.1'}:${c.port ?? 5432}/${c.database ?? ''}`;
}
