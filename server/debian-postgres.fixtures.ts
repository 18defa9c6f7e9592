/**
 * For the production test: an external PostgreSQL as the recipe's (docs/production.md) database
 * server runs it, from Debian's postgresql-15 package rather than the embedded binaries: a primary
 * made with initdb and a streaming replica made from it with pg_basebackup -R, each on a free port
 * of 127.0.0.1 with password authentication. PostgreSQL refuses to run as root: as root the
 * clusters run as user postgres.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../scripts/free-port.js';

export const PG15_BIN = '/usr/lib/postgresql/15/bin';

/** Why the Debian server cannot be used here, or null when it can. */
export function debianPostgresMissing(): string | null {
  const missing = ['initdb', 'pg_ctl', 'postgres', 'pg_basebackup', 'pg_dump', 'pg_restore'].filter((b) => !fs.existsSync(path.join(PG15_BIN, b)));
  return missing.length ? `Debian's postgresql-15 is not installed (no ${missing.join(', ')} in ${PG15_BIN})` : null;
}

export interface ExternalPostgres {
  /** The application role's URL on the primary (DATABASE_URL). */
  url: string;
  /** The same role on the replica (DATABASE_REPLICA_URL). */
  replicaUrl: string;
  /** The superuser on the primary (test checks only). */
  adminUrl: string;
  stop(): Promise<void>;
}

const run = promisify(execFile);

/** Runs a PostgreSQL program as the clusters' owner (postgres when we are root). */
async function asOwner(program: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  const command = [...Object.entries(env).map(([k, v]) => `${k}=${v}`), path.join(PG15_BIN, program), ...args];
  const [file, argv] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', 'env', ...command]] : ['env', command];
  try {
    await run(file, argv, { env: { PATH: process.env.PATH, LC_ALL: 'C' } });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`${program} failed: ${e.stderr?.trim() || e.message}`, { cause: err });
  }
}

/** A primary alone under `dir` (which must be empty), started with `settings` (name → value). */
export interface DebianPrimary {
  port: number;
  /** The application role's URL (DATABASE_URL). */
  url: string;
  /** The superuser on the application's database. */
  adminUrl: string;
  /** The replication role's password, for a replica made from this primary. */
  replicationPassword: string;
  stop(): Promise<void>;
}

async function stopClusters(started: string[]): Promise<void> {
  for (const cluster of started.reverse()) await asOwner('pg_ctl', ['-D', cluster, '-m', 'fast', '-w', 'stop']).catch(() => {});
  started.length = 0;
}

export async function startDebianPrimary(dir: string, settings: Record<string, string> = {}): Promise<DebianPrimary> {
  fs.mkdirSync(dir, { recursive: true });
  // The owner (postgres) makes its clusters here.
  fs.chmodSync(dir, 0o777);
  const port = await freePort();
  const primaryDir = path.join(dir, 'primary');
  const superPassword = randomBytes(12).toString('hex');
  const appPassword = randomBytes(12).toString('hex');
  const replicationPassword = randomBytes(12).toString('hex');
  const pwfile = path.join(dir, 'superuser-password');
  fs.writeFileSync(pwfile, `${superPassword}\n`, { mode: 0o644 });
  const started: string[] = [];
  try {
    await asOwner('initdb', ['-D', primaryDir, '-U', 'postgres', `--pwfile=${pwfile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8']);
    // TCP on loopback only; no socket file in a folder shared by the whole machine.
    const conf = { listen_addresses: "'127.0.0.1'", port: String(port), unix_socket_directories: "''", ...settings };
    fs.appendFileSync(path.join(primaryDir, 'postgresql.conf'), `\n${Object.entries(conf).map(([k, v]) => `${k} = ${v}`).join('\n')}\n`);
    await asOwner('pg_ctl', ['-D', primaryDir, '-l', path.join(dir, 'primary.log'), '-w', 'start']);
    started.push(primaryDir);

    const admin = new pg.Client({ connectionString: `postgres://postgres:${superPassword}@127.0.0.1:${port}/postgres` });
    await admin.connect();
    try {
      await admin.query(`CREATE ROLE rehber LOGIN PASSWORD '${appPassword}'`);
      await admin.query('CREATE DATABASE rehber OWNER rehber');
      await admin.query(`CREATE ROLE replicator LOGIN REPLICATION PASSWORD '${replicationPassword}'`);
    } finally {
      await admin.end();
    }
    return {
      port,
      url: `postgres://rehber:${appPassword}@127.0.0.1:${port}/rehber`,
      adminUrl: `postgres://postgres:${superPassword}@127.0.0.1:${port}/rehber`,
      replicationPassword,
      stop: () => stopClusters(started),
    };
  } catch (err) {
    await stopClusters(started);
    throw err;
  }
}

/** A primary and its streaming replica under `dir` (which must be empty). */
export async function startPrimaryAndReplica(dir: string): Promise<ExternalPostgres> {
  const primary = await startDebianPrimary(dir);
  const replicaDir = path.join(dir, 'replica');
  const started: string[] = [];
  const stop = async () => {
    await stopClusters(started);
    await primary.stop();
  };
  try {
    const replicaPort = await freePort();
    // As a deployment makes its replica: a base backup streaming its WAL, -R for the standby settings.
    await asOwner(
      'pg_basebackup',
      ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'replicator', '-D', replicaDir, '-R', '-X', 'stream', '-C', '-S', 'rehber_replica', '--checkpoint=fast'],
      { PGPASSWORD: primary.replicationPassword },
    );
    fs.appendFileSync(path.join(replicaDir, 'postgresql.conf'), `\nport = ${replicaPort}\n`);
    await asOwner('pg_ctl', ['-D', replicaDir, '-l', path.join(dir, 'replica.log'), '-w', 'start']);
    started.push(replicaDir);
    return { url: primary.url, replicaUrl: primary.url.replace(`:${primary.port}/`, `:${replicaPort}/`), adminUrl: primary.adminUrl, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
