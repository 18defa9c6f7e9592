import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The photo cache's files on disk (photo-store.ts). Private to the server's own user: files 0600,
 * folders 0700 (the cache holds copies of whatever the imported URLs pointed at, and nothing but
 * this process reads it). A sweep (cache-sweep.ts, this server's or another's on the volume) may
 * remove a source's folder at any moment: writers make it again.
 */
export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

/**
 * The cache's own folder, made private once even when an earlier version made it world-readable.
 * A folder the operator gave to another owner keeps the modes they chose.
 */
export async function preparePrivateDir(dir: string): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true, mode: DIR_MODE });
  await fs.promises.chmod(dir, DIR_MODE).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPERM') throw err;
  });
}

/**
 * Written beside, then renamed: a reader (this server or another on the same volume) never sees
 * half a file. When a sweep removes the folder mid-way, it is made again and the write tried once more.
 */
export async function writeWhole(file: string, bytes: Buffer): Promise<void> {
  try {
    await writeOnce(file, bytes);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await writeOnce(file, bytes);
  }
}

async function writeOnce(file: string, bytes: Buffer): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: DIR_MODE });
  const temp = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
  try {
    await fs.promises.writeFile(temp, bytes, { mode: FILE_MODE });
    await fs.promises.rename(temp, file);
  } catch (err) {
    await fs.promises.rm(temp, { force: true });
    throw err;
  }
}

export const readOrNull = (file: string) => fs.promises.readFile(file).catch(() => null);

export async function statFile(file: string): Promise<fs.Stats | null> {
  const stat = await fs.promises.stat(file).catch(() => null);
  return stat?.isFile() ? stat : null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claims the fetch of a source across the servers sharing the volume (`fetch.lock`, created
 * exclusively) and returns its release; or waits while another holds it and returns null once that
 * one has written `master` or a failure. A lock older than `staleMs` belongs to a server that
 * died: it is taken over.
 */
export async function claimOrWait(dir: string, master: string, staleMs: number): Promise<(() => Promise<void>) | null> {
  const lock = path.join(dir, 'fetch.lock');
  for (;;) {
    await fs.promises.mkdir(dir, { recursive: true, mode: DIR_MODE });
    try {
      await (await fs.promises.open(lock, 'wx', FILE_MODE)).close();
      return () => fs.promises.rm(lock, { force: true });
    } catch (err) {
      // ENOENT: a sweep took the folder between the mkdir and the open; make it again.
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue;
      if (code !== 'EEXIST') throw err;
    }
    const held = await fs.promises.stat(lock).catch(() => null);
    if (!held) continue;
    if (Date.now() - held.mtimeMs > staleMs) {
      await fs.promises.rm(lock, { force: true });
      continue;
    }
    await sleep(50);
    if (await statFile(path.join(dir, master))) return null;
    const failed = await statFile(path.join(dir, 'failed.json'));
    if (failed && failed.mtimeMs >= held.mtimeMs) return null;
  }
}
