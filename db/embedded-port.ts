import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * Which port a DATA_DIR's embedded PostgreSQL listens on (docs/running-several.md): the one its
 * running server wrote in postmaster.pid, else PG_PORT when set, else the port remembered beside
 * the data dir, else 5433.
 */

/** The port is held by another program (another checkout's PostgreSQL, anything else). */
export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`port ${port} on 127.0.0.1 is in use by another program`);
    this.name = 'PortInUseError';
  }
}

/** True when `pid` names a live process, ours or another user's (EPERM: it exists, we may not signal it). */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The pid and port of the postmaster that holds `dataDir`, from its postmaster.pid (line 1 the pid,
 * line 4 the port), or null when no live process holds it.
 */
export function runningPostmaster(dataDir: string): { pid: number; port: number } | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!isAlive(pid) || !validPort(port)) return null;
  return { pid, port };
}

const validPort = (port: number) => Number.isInteger(port) && port >= 1 && port <= 65535;

export const portFile = (dataDir: string) => `${path.resolve(dataDir)}.port`;

/** The port chosen for `dataDir` when its default was taken, or undefined (none, or a file that is not a port). */
export function rememberedPort(dataDir: string): number | undefined {
  let text: string;
  try {
    text = fs.readFileSync(portFile(dataDir), 'utf8').trim();
  } catch {
    return undefined;
  }
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  return validPort(port) ? port : undefined;
}

export function rememberPort(dataDir: string, port: number): void {
  const file = portFile(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${port}\n`);
  fs.renameSync(tmp, file);
}

/**
 * Whether 127.0.0.1:`port` can be bound (PostgreSQL binds that address only). Asked three times
 * over a fifth of a second: another start's probe holds a port for a moment, a server for good.
 */
export async function portIsFree(port: number): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    if (await bindable(port)) return true;
    if (attempt === 3) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') resolve(false);
      else if (err.code === 'EACCES') reject(new Error(`port ${port} may not be bound by this user (EACCES): set PG_PORT to a port above 1023`, { cause: err }));
      else reject(err);
    });
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** A port nobody listens on right now, chosen by the system. */
export function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
