import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { EMPTY_DIRS, SKIP_FILES, skippedAnywhere } from './cluster-files.js';

/**
 * A consistent copy of a running cluster's data directory through PostgreSQL's low-level backup
 * API, for the embedded server (it ships no pg_basebackup). In one session: a temporary
 * replication slot keeps every WAL segment from before the backup's start, `pg_backup_start`
 * checkpoints, the files are copied while the server keeps writing (torn pages are repaired by the
 * WAL replay), `pg_backup_stop` returns the backup_label, and the WAL segments from the start up
 * to the stop point are copied last. A server started on the copy replays that WAL up to the stop
 * point and is then consistent, without any archive_command. Where the copy goes is the sink's
 * business (a tar file in data/backup/).
 */
export interface BackupSink {
  /** A folder (kept empty or filled by later entries). */
  directory(name: string): Promise<void>;
  /** A file of the cluster, `size` bytes as stat saw them (it may grow or shrink while read). */
  file(name: string, source: string, stat: fs.Stats): Promise<void>;
  /** A file made here (backup_label, tablespace_map). */
  text(name: string, content: string): Promise<void>;
}

export interface BaseBackupResult {
  /** The server's version, e.g. `18.1`. */
  serverVersion: string;
  /** The WAL position the copy is consistent at. */
  stopLsn: string;
  walSegments: number;
}

const SEGMENT = /^[0-9A-F]{24}$/;

/**
 * Copies the cluster of `dataDir` (its server running, reached as a superuser at `adminUrl`) into
 * `sink`, every name relative to the data directory with `/` separators.
 */
export async function baseBackup(adminUrl: string, dataDir: string, sink: BackupSink): Promise<BaseBackupResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const serverDir = (await client.query<{ data_directory: string }>('SHOW data_directory')).rows[0].data_directory;
    if (fs.realpathSync(serverDir) !== fs.realpathSync(dataDir)) throw new Error(`the server at this port runs ${serverDir}, not DATA_DIR ${dataDir}`);
    if (fs.readdirSync(path.join(dataDir, 'pg_tblspc')).length > 0) {
      throw new Error(`the cluster under ${dataDir} has tablespaces outside its folder, which rehber db backup does not copy`);
    }
    const serverVersion = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version;
    // Temporary: dropped with this session, even when the backup fails half-way.
    const slot = `rehber_backup_${process.pid}_${Date.now()}`;
    await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [slot]);
    // Fast: an immediate checkpoint rather than one spread over most of checkpoint_timeout.
    await client.query("SELECT pg_backup_start('rehber db backup', true)");
    let stopped = false;
    try {
      await copyTree(dataDir, '', sink);
      const stop = await client.query<{ lsn: string; labelfile: string; spcmapfile: string; stop_file: string }>(
        'SELECT lsn, labelfile, spcmapfile, pg_walfile_name(lsn) AS stop_file FROM pg_backup_stop(false)',
      );
      stopped = true;
      const { lsn, labelfile, spcmapfile, stop_file: stopFile } = stop.rows[0];
      await sink.text('backup_label', labelfile);
      if (spcmapfile) await sink.text('tablespace_map', spcmapfile);
      const startFile = /^START WAL LOCATION: .* \(file ([0-9A-F]{24})\)$/m.exec(labelfile)?.[1];
      if (!startFile) throw new Error('pg_backup_stop returned a backup_label without its start segment');
      const walSegments = await copyWal(dataDir, startFile, stopFile, sink);
      return { serverVersion, stopLsn: lsn, walSegments };
    } finally {
      // A failed copy ends the backup so the server does not stay in backup mode (the session's end would too).
      if (!stopped) await client.query('SELECT pg_backup_stop(false)').catch(() => {});
    }
  } finally {
    await client.end();
  }
}

/**
 * The files under `dir`, those the server removes while we read them skipped (a dropped table, a
 * finished temp file): the WAL replay does not need them.
 */
async function copyTree(root: string, relative: string, sink: BackupSink): Promise<void> {
  const dir = path.join(root, relative);
  let names: string[];
  try {
    names = (await fs.promises.readdir(dir)).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const top = relative === '';
  for (const name of names) {
    if ((top && SKIP_FILES.has(name)) || skippedAnywhere(name)) continue;
    const rel = top ? name : `${relative}/${name}`;
    const stat = await fs.promises.lstat(path.join(dir, name)).catch(() => null);
    if (!stat) continue;
    if (stat.isDirectory()) {
      await sink.directory(rel);
      if (top && EMPTY_DIRS.has(name)) {
        if (name === 'pg_wal') await sink.directory('pg_wal/archive_status');
      } else {
        await copyTree(root, rel, sink);
      }
    } else if (stat.isFile()) {
      await sink.file(rel, path.join(dir, name), stat);
    }
  }
}

/**
 * The WAL segments from the one the backup started in to the one it stopped in, and the timeline
 * history files. The temporary slot kept them; `pg_backup_stop` switched to a new segment, so the
 * last one is complete and holds nothing written after the stop.
 */
async function copyWal(dataDir: string, startFile: string, stopFile: string, sink: BackupSink): Promise<number> {
  const walDir = path.join(dataDir, 'pg_wal');
  const timeline = startFile.slice(0, 8);
  const names = (await fs.promises.readdir(walDir)).sort();
  const segments = names.filter((n) => SEGMENT.test(n) && n.startsWith(timeline) && n >= startFile && n <= stopFile);
  if (segments[0] !== startFile || segments.at(-1) !== stopFile) {
    throw new Error(`the WAL from ${startFile} to ${stopFile} is no longer all in ${walDir}`);
  }
  for (const name of [...names.filter((n) => n.endsWith('.history')), ...segments]) {
    const source = path.join(walDir, name);
    await sink.file(`pg_wal/${name}`, source, await fs.promises.stat(source));
  }
  return segments.length;
}
