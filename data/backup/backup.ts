/**
 * `rehber db backup`: the whole directory in one file while it keeps serving (docs/operations.md,
 * "Backups"). The embedded cluster through PostgreSQL's backup API with the WAL it needs
 * (db/base-backup.ts), its passwords, and what lives beside the database and cannot be made again:
 * the upload folder (uploads awaiting import, rejected-row files). Not the photo cache nor anything
 * else that is rebuilt on demand. A DATABASE_URL server is refused: its own tools back it up.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { baseBackup } from '../../db/base-backup.js';
import type { DbConfig } from '../../db/config.js';
import { credentialsFile, embeddedAdminUrl } from '../../db/embedded.js';
import { isCluster } from '../../db/embedded-init.js';
import { openDatabase } from '../../db/index.js';
import { ArchiveWriter } from './archive.js';

/** Said instead of doing the work (exit 2 in the CLI): the command cannot serve this setup or would destroy something. */
export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefused';
  }
}

export interface BackupResult {
  bytes: number;
  seconds: number;
  serverVersion: string;
  stopLsn: string;
  uploads: number;
}

export async function backupDirectory(config: DbConfig, uploadDir: string, file: string): Promise<BackupResult> {
  if (config.databaseUrl) throw new BackupRefused(await externalServerLine('backup', config.databaseUrl));
  const dataDir = config.dataDir;
  if (!isCluster(dataDir)) throw new BackupRefused(`DATA_DIR ${dataDir} holds no rehber database to back up`);
  const target = path.resolve(file);
  if (!fs.existsSync(path.dirname(target))) throw new BackupRefused(`the folder of ${file} does not exist`);
  for (const [name, dir] of [['DATA_DIR', dataDir], ['UPLOAD_DIR', path.resolve(uploadDir)]]) {
    if (!path.relative(dir, target).startsWith('..')) throw new BackupRefused(`${file} is inside ${name}, which the backup copies: write it elsewhere`);
  }

  const started = performance.now();
  // Shares the running server (make start, rehber serve); starts one for the backup when none runs.
  const database = await openDatabase(config, { quiet: true });
  let writer: ArchiveWriter | undefined;
  try {
    const adminUrl = embeddedAdminUrl(dataDir, Number(new URL(database.url).port));
    if (!adminUrl) throw new Error(`the passwords of DATA_DIR ${dataDir} are missing (${credentialsFile(dataDir)})`);
    writer = await ArchiveWriter.create(target, { createdAt: new Date().toISOString(), host: os.hostname(), dataDir, uploadDir });
    const archive = writer;
    await archive.directory('pgdata');
    const copied = await baseBackup(adminUrl, dataDir, {
      directory: (name) => archive.directory(`pgdata/${name}`),
      file: async (name, source, stat) => {
        await archive.file(`pgdata/${name}`, source, stat);
      },
      text: (name, content) => archive.buffer(`pgdata/${name}`, content),
    });
    await archive.buffer('credentials.json', await fs.promises.readFile(credentialsFile(dataDir)));
    // After the stop point: every upload the database records by then had its file written before
    // its row, so it is here; a younger file is an orphan the server's sweep removes after a restore.
    const uploads = await copyFolder(archive, path.resolve(uploadDir), 'uploads');
    const bytes = await archive.finish({ postgres: copied.serverVersion, stopLsn: copied.stopLsn, walSegments: copied.walSegments, uploads, finishedAt: new Date().toISOString() });
    writer = undefined;
    return { bytes, seconds: (performance.now() - started) / 1000, serverVersion: copied.serverVersion, stopLsn: copied.stopLsn, uploads };
  } finally {
    await writer?.abort();
    await database.close();
  }
}

/** The regular files under `dir` (none when it does not exist), as `prefix/...`; returns how many. */
async function copyFolder(archive: ArchiveWriter, dir: string, prefix: string): Promise<number> {
  await archive.directory(prefix);
  let names: string[];
  try {
    names = (await fs.promises.readdir(dir)).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let count = 0;
  for (const name of names) {
    const source = path.join(dir, name);
    const stat = await fs.promises.lstat(source).catch(() => null);
    if (stat?.isDirectory()) count += await copyFolder(archive, source, `${prefix}/${name}`);
    else if (stat?.isFile() && (await archive.file(`${prefix}/${name}`, source, stat))) count++;
  }
  return count;
}

/**
 * The one line for a DATABASE_URL server: which tools to use, of the server's own major version
 * (an older pg_dump refuses a newer server, and rehber cannot bring them).
 */
export async function externalServerLine(command: 'backup' | 'restore', url: string): Promise<string> {
  const version = await serverVersion(url);
  const major = version ? version.split('.')[0] : null;
  const tools = command === 'backup' ? 'pg_dump or pg_basebackup' : 'pg_restore or psql (from pg_dump) or a pg_basebackup copy';
  return (
    `rehber db ${command} works on the embedded PostgreSQL under DATA_DIR only; DATABASE_URL points to ` +
    `${version ? `PostgreSQL ${version}` : 'an external PostgreSQL'}: use ${tools} of version ${major ?? 'matching that server'} instead`
  );
}

async function serverVersion(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version.split(' ')[0];
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}
