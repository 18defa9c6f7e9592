import knex, { type Knex } from 'knex';
import pg from 'pg';
import { readDbConfig, type DbConfig } from './config.js';
import { embeddedUrl, startEmbedded, type EmbeddedServer } from './embedded.js';
import { firstStartUnderWay } from './embedded-init.js';
import { PortInUseError, anyFreePort, portFile, rememberPort, rememberedPort, runningPostmaster } from './embedded-port.js';

export type Db = Knex;

// numeric and bigint come back as strings by default; counts and ratings are small enough for numbers.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** The only place knex is built. */
export function createDb(url: string, pool: { min?: number; max?: number } = {}): Db {
  return knex({
    client: 'pg',
    // Handed to pg whole: knex's own parse of a URL loses a socket host's password and port, and
    // connectionUrlOf gives this string back to the connections the app opens beside the pool.
    connection: { connectionString: url },
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
 * Connects to DATABASE_URL; otherwise to this DATA_DIR's embedded PostgreSQL when it is already
 * running (`make start` is up and cron runs `rehber import`), starting it only when none answers.
 * Only the process that started the server stops it.
 */
export async function openDatabase(config: DbConfig = readDbConfig(), options: { quiet?: boolean } = {}): Promise<Database> {
  if (config.databaseUrl) {
    const db = createDb(config.databaseUrl);
    return { db, url: config.databaseUrl, close: () => db.destroy() };
  }
  let server: EmbeddedServer;
  try {
    const running = await runningUrl(config);
    if (running) return shared(running);
    server = await startOnItsPort(config, options);
  } catch (err) {
    // Another process may be starting this DATA_DIR's server (two first starts at once).
    const running = await otherStart(config);
    if (running) return shared(running);
    throw err;
  }
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

function shared(url: string): Database {
  const db = createDb(url);
  return { db, url, close: () => db.destroy() };
}

/** The port this DATA_DIR's server would start on: PG_PORT when set, else the one remembered, else the default. */
const plannedPort = (config: DbConfig) => (config.embeddedPortChosen ? config.embeddedPort : (rememberedPort(config.dataDir) ?? config.embeddedPort));

/** The application URL of this DATA_DIR's running server when it answers; its postmaster.pid says its port. */
async function runningUrl(config: DbConfig): Promise<string | null> {
  const port = runningPostmaster(config.dataDir)?.port ?? plannedPort(config);
  const url = embeddedUrl(config.dataDir, port);
  return url && (await answers(url)) ? url : null;
}

const OTHER_START_GRACE_MS = 10_000;

/**
 * The URL of this DATA_DIR's server once another process has made its cluster and started it, or
 * null when no other process is at it.
 */
async function otherStart(config: DbConfig): Promise<string | null> {
  const sleep = () => new Promise((r) => setTimeout(r, 250));
  let waitedForCluster = false;
  for (let waited = 0; firstStartUnderWay(config.dataDir) && waited < 600_000; waited += 250) {
    waitedForCluster = true;
    await sleep();
  }
  // Its server is up within seconds of the cluster, or it is not coming. With no cluster being made
  // (any more), a few seconds still: the other start holds the port with the new cluster's first
  // server, renames the cluster into place and starts it again, and between the two no
  // postmaster.pid says so.
  for (let waited = 0; waited < 20_000; waited += 250) {
    const running = await runningUrl(config);
    if (running || (!waitedForCluster && waited >= OTHER_START_GRACE_MS && !runningPostmaster(config.dataDir))) return running;
    await sleep();
  }
  return null;
}

/**
 * Starts the embedded server on its planned port. PG_PORT held by another program stops with one
 * line naming it; the default (or remembered) port gives way to a free one, remembered for the
 * next start and for the CLI.
 */
async function startOnItsPort(config: DbConfig, options: { quiet?: boolean }): Promise<EmbeddedServer> {
  const planned = plannedPort(config);
  let port = planned;
  for (let attempt = 1; ; attempt++) {
    try {
      const server = await startEmbedded(config.dataDir, port, options);
      if (port !== planned) {
        rememberPort(config.dataDir, port);
        process.stderr.write(
          `rehber: port ${planned} is in use by another program; the embedded PostgreSQL of ${config.dataDir} now uses port ${port} (remembered in ${portFile(config.dataDir)}; set PG_PORT to choose one)\n`,
        );
      }
      return server;
    } catch (err) {
      if (!(err instanceof PortInUseError)) throw err;
      if (config.embeddedPortChosen) {
        throw new Error(`PG_PORT ${port} is in use by another program: set PG_PORT to a free port, or unset it to let rehber choose one`, { cause: err });
      }
      // A free port can be taken between our probe and PostgreSQL's bind; a few tries, then the error.
      if (attempt === 3) throw err;
      port = await anyFreePort();
    }
  }
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
