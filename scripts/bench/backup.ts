/**
 * Backup figures: `rehber db backup` of the generated directory (1,000,000 businesses) while its
 * server runs, as a plain tar and gzipped, and `rehber db restore` of the tar into a new DATA_DIR
 * (extract, check, WAL replay, swap), each in its own process, against a plain `cp -a` of the same
 * data directory: the fastest its bytes can be read and written on this disk.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { backupDirectory } from '../../data/backup/backup.js';
import { restoreDirectory } from '../../data/backup/restore.js';
import type { BenchContext } from './context.js';
import { ensureBusinesses } from './export.js';

const SELF = import.meta.url;

interface Timed {
  seconds: number;
  bytes: number;
}

export async function run(ctx: BenchContext): Promise<void> {
  if (!ctx.dataDir) {
    process.stdout.write('skipped: BENCH_DATABASE_URL is not an embedded server (rehber db backup refuses it)\n');
    return;
  }
  const rows = ctx.rows(1_000_000);
  await ensureBusinesses(ctx, rows);
  const uploadDir = path.join(ctx.workDir, 'bench-uploads');
  fs.mkdirSync(uploadDir, { recursive: true });

  const copyTo = path.join(ctx.workDir, 'cp-copy');
  const started = performance.now();
  execFileSync('cp', ['-a', ctx.dataDir, copyTo]);
  const cpSeconds = (performance.now() - started) / 1000;
  fs.rmSync(copyTo, { recursive: true, force: true });
  const dirMb = Math.round(Number(execFileSync('du', ['-sb', ctx.dataDir], { encoding: 'utf8' }).split('\t')[0]) / 1024 / 1024);
  const yardstick = { name: `cp -a of the data directory (${dirMb} MB)`, value: cpSeconds };
  ctx.report({ ...yardstick, unit: 's' });

  const label = `${rows.toLocaleString('en-US')} businesses`;
  for (const name of ['backup.tar', 'backup.tar.gz']) {
    const file = path.join(ctx.workDir, name);
    const made = await ctx.child<Timed>(SELF, 'backupJob', { dataDir: ctx.dataDir, uploadDir, file });
    ctx.report({ name: `rehber db backup, ${label}, ${name.endsWith('.gz') ? 'gzipped' : 'tar'} (${Math.round(made.value.bytes / 1024 / 1024)} MB)`, value: made.value.seconds, unit: 's', vs: yardstick, maxRssMb: made.maxRssMb });
    if (name.endsWith('.gz')) fs.rmSync(file, { force: true });
  }

  const target = path.join(ctx.workDir, 'restored');
  const restored = await ctx.child<{ seconds: number; businesses: number }>(SELF, 'restoreJob', {
    file: path.join(ctx.workDir, 'backup.tar'),
    dataDir: path.join(target, 'pg'),
    uploadDir: path.join(target, 'uploads'),
  });
  if (restored.value.businesses !== rows) throw new Error(`the restored directory holds ${restored.value.businesses} businesses, expected ${rows}`);
  ctx.report({ name: `rehber db restore, ${label}, tar (extract, check, WAL replay)`, value: restored.value.seconds, unit: 's', vs: yardstick, maxRssMb: restored.maxRssMb });
  fs.rmSync(target, { recursive: true, force: true });
  fs.rmSync(path.join(ctx.workDir, 'backup.tar'), { force: true });
}

// ---- jobs, each run in a child process ----

export async function backupJob({ dataDir, uploadDir, file }: { dataDir: string; uploadDir: string; file: string }): Promise<Timed> {
  const r = await backupDirectory({ dataDir, embeddedPort: 5433 }, uploadDir, file);
  return { seconds: r.seconds, bytes: r.bytes };
}

export async function restoreJob({ file, dataDir, uploadDir }: { file: string; dataDir: string; uploadDir: string }): Promise<{ seconds: number; businesses: number }> {
  const r = await restoreDirectory({ dataDir, embeddedPort: 5433 }, uploadDir, file);
  return { seconds: r.seconds, businesses: r.businesses };
}
