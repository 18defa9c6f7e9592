import path from 'node:path';
import type { Command } from 'commander';
import { readDbConfig } from '../../db/config.js';
import { BackupRefused, backupDirectory } from '../../data/backup/backup.js';
import { restoreDirectory } from '../../data/backup/restore.js';
import { DEFAULT_UPLOAD_DIR } from '../../server/config.js';
import { UsageError } from '../exit.js';

const uploadDir = () => path.resolve(process.env.UPLOAD_DIR || DEFAULT_UPLOAD_DIR);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A refusal is said like a wrong usage: one line, exit 2, nothing written. */
async function refusalsAsUsage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof BackupRefused) throw new UsageError(err.message);
    throw err;
  }
}

/** `rehber db backup FILE` and `rehber db restore FILE [--force]` (docs/operations.md, "Backups"), under the existing `db` command. */
export function registerDbBackupCommands(program: Command): void {
  const db = program.commands.find((c) => c.name() === 'db') ?? program.command('db').description('database maintenance');
  db.command('backup <file>')
    .description('back up the embedded PostgreSQL and the upload folder into one file while rehber runs (.gz or .tgz: gzipped)')
    .action(async (file: string) => {
      const config = readDbConfig();
      const r = await refusalsAsUsage(() => backupDirectory(config, uploadDir(), file));
      console.log(`Backed up ${config.dataDir} (PostgreSQL ${r.serverVersion}, consistent at WAL ${r.stopLsn}) and ${r.uploads} upload file(s) to ${file}: ${mb(r.bytes)} in ${r.seconds.toFixed(1)} s`);
    });
  db.command('restore <file>')
    .description('put a backup back into DATA_DIR and UPLOAD_DIR; refuses to replace what they hold without --force')
    .option('--force', 'replace a DATA_DIR and an UPLOAD_DIR that are not empty')
    .action(async (file: string, opts: { force?: boolean }) => {
      const config = readDbConfig();
      const r = await refusalsAsUsage(() => restoreDirectory(config, uploadDir(), file, { force: opts.force }));
      for (const what of r.replaced) console.log(`Replaced ${what}`);
      console.log(
        `Restored ${file} (made ${String(r.manifest.finishedAt ?? 'at an unknown time')}) into ${config.dataDir}: ${r.businesses} businesses, data version ${r.dataVersion}, ${r.uploads} upload file(s), in ${r.seconds.toFixed(1)} s`,
      );
    });
}
