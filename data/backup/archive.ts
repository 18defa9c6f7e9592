/**
 * The backup file: one tar (gzipped when its name ends in .gz or .tgz) whose first entry says it is
 * a rehber backup and whose last entry, the manifest, carries the count and a SHA-256 of every
 * entry before it (name, size and bytes). A file cut short has no manifest; a damaged one fails the
 * checksum; a foreign one lacks the first entry. Written under a temporary name and renamed only
 * when complete and flushed to disk, so a failed backup never leaves a file that looks whole.
 */
import { createHash, randomBytes, type Hash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { InputError } from '../../domain/errors.js';

export const BACKUP_FORMAT = 'rehber-backup';
export const BACKUP_FORMAT_VERSION = 1;
const HEADER_NAME = 'rehber-backup.json';
const MANIFEST_NAME = 'manifest.json';
const CHUNK = 1024 * 1024;

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** Entries before the manifest, the first (HEADER_NAME) included. */
  entries: number;
  /** Bytes of those entries' contents. */
  bytes: number;
  sha256: string;
  [key: string]: unknown;
}

const gzipped = (file: string) => /\.(t?gz)$/i.test(file);

/** Every entry's name, size and bytes go through one hash, so a reader recomputes it the same way. */
function hashEntry(hash: Hash, name: string, size: number): void {
  hash.update(`${name}\0${size}\0`);
}

export class ArchiveWriter {
  private readonly pack = tar.pack();
  private readonly hash = createHash('sha256');
  private entries = 0;
  private bytes = 0;
  private readonly written: Promise<void>;
  private failure: Error | null = null;

  private constructor(
    private readonly target: string,
    private readonly temporary: string,
  ) {
    const out = fs.createWriteStream(temporary, { mode: 0o600 });
    const stages: NodeJS.ReadWriteStream[] = gzipped(target) ? [zlib.createGzip({ level: zlib.constants.Z_BEST_SPEED })] : [];
    this.written = pipeline([this.pack, ...stages, out]).catch((err: Error) => {
      this.failure = err;
      throw err;
    });
    this.written.catch(() => {});
  }

  /** Starts `file` under a temporary name beside it, with the entry that marks it as a rehber backup. */
  static async create(file: string, header: Record<string, unknown>): Promise<ArchiveWriter> {
    const temporary = path.join(path.dirname(file), `.${path.basename(file)}.partial-${process.pid}-${randomBytes(4).toString('hex')}`);
    const writer = new ArchiveWriter(file, temporary);
    await writer.buffer(HEADER_NAME, JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_FORMAT_VERSION, ...header }, null, 2));
    return writer;
  }

  async directory(name: string, mtime?: Date): Promise<void> {
    await this.add({ name, type: 'directory', mode: 0o700, mtime });
  }

  async buffer(name: string, content: string | Buffer, mtime?: Date): Promise<void> {
    const data = Buffer.from(content);
    hashEntry(this.hash, name, data.length);
    this.hash.update(data);
    this.entries++;
    this.bytes += data.length;
    await this.add({ name, type: 'file', size: data.length, mode: 0o600, mtime }, data);
  }

  /**
   * `source` as it is `size` bytes long: a file that grows meanwhile is cut there, one that shrinks
   * is padded with zeros (as pg_basebackup does; the WAL replay rewrites such pages). False when it
   * is gone before it could be opened.
   */
  async file(name: string, source: string, stat: { size: number; mtime: Date; mode: number }): Promise<boolean> {
    const handle = await fs.promises.open(source, 'r').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    if (!handle) return false;
    try {
      const size = stat.size;
      hashEntry(this.hash, name, size);
      this.entries++;
      this.bytes += size;
      let sink!: Writable;
      const entryDone = new Promise<void>((ok, fail) => {
        sink = this.pack.entry({ name, type: 'file', size, mode: stat.mode & 0o777, mtime: stat.mtime }, (err) => (err ? fail(err) : ok()));
      });
      entryDone.catch(() => {});
      for (let at = 0; at < size; ) {
        const chunk = Buffer.allocUnsafe(Math.min(CHUNK, size - at));
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, at);
        const data = bytesRead === 0 ? chunk.fill(0) : chunk.subarray(0, bytesRead);
        this.hash.update(data);
        at += data.length;
        if (!sink.write(data)) await this.drained(sink);
      }
      sink.end();
      await Promise.race([entryDone, this.written]);
      return true;
    } finally {
      await handle.close();
    }
  }

  /** Writes the manifest, flushes the file to disk and gives it its name. Returns its size in bytes. */
  async finish(details: Record<string, unknown>): Promise<number> {
    const manifest: Manifest = { format: BACKUP_FORMAT, version: BACKUP_FORMAT_VERSION, entries: this.entries, bytes: this.bytes, sha256: this.hash.digest('hex'), ...details };
    await this.add({ name: MANIFEST_NAME, type: 'file', mode: 0o600 }, Buffer.from(JSON.stringify(manifest, null, 2)));
    this.pack.finalize();
    await this.written;
    const handle = await fs.promises.open(this.temporary, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(this.temporary, this.target);
    return (await fs.promises.stat(this.target)).size;
  }

  /** Removes the unfinished file. */
  async abort(): Promise<void> {
    this.pack.destroy();
    await this.written.catch(() => {});
    await fs.promises.rm(this.temporary, { force: true });
  }

  private async add(header: tar.Headers, data?: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    const added = new Promise<void>((ok, fail) => {
      const done = (err?: Error | null) => (err ? fail(err) : ok());
      if (data) this.pack.entry(header, data, done);
      else this.pack.entry(header, done);
    });
    await Promise.race([added, this.written]);
  }

  /** Waits for room in the tar, or for the write to fail (a full disk) instead of waiting forever. */
  private async drained(sink: Writable): Promise<void> {
    await Promise.race([once(sink, 'drain'), this.written]);
  }
}

/** Where an entry of the archive goes; null leaves it out. */
export type Destination = (name: string) => string | null;

/**
 * Extracts `file` entry by entry through `destination`, checking as it goes that it is a rehber
 * backup, whole and unchanged; returns its manifest. Throws an InputError saying which when it is
 * not: the caller extracts into a folder of its own and discards it then.
 */
export async function extractArchive(file: string, destination: Destination): Promise<Manifest> {
  const shown = path.basename(file);
  const notBackup = () => new InputError(`${shown} is not a rehber backup (it does not start with ${HEADER_NAME})`);
  const truncated = () => new InputError(`${shown} is truncated: it ends before its manifest (an interrupted backup or copy)`);
  const head = Buffer.alloc(2);
  const fd = await fs.promises.open(file, 'r');
  try {
    await fd.read(head, 0, 2, 0);
  } finally {
    await fd.close();
  }
  const isGzip = head[0] === 0x1f && head[1] === 0x8b;

  const hash = createHash('sha256');
  let entries = 0;
  let bytes = 0;
  let manifest: Manifest | null = null;
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const handle = async () => {
      const name = header.name;
      const size = header.size ?? 0;
      if (manifest) throw new InputError(`${shown} is damaged: it has entries after its manifest`);
      if (entries === 0 && name !== HEADER_NAME) throw notBackup();
      if (!safeName(name) || (header.type !== 'file' && header.type !== 'directory')) throw new InputError(`${shown} is damaged: it holds an entry named ${JSON.stringify(name)}`);
      if (name === MANIFEST_NAME) {
        manifest = JSON.parse((await readAll(stream)).toString('utf8')) as Manifest;
        return;
      }
      if (header.type === 'directory') {
        const to = destination(name.replace(/\/$/, ''));
        if (to) await fs.promises.mkdir(to, { recursive: true, mode: 0o700 });
        stream.resume();
        return;
      }
      hashEntry(hash, name, size);
      entries++;
      bytes += size;
      if (entries === 1) {
        const data = await readAll(stream);
        hash.update(data);
        checkHeader(data.toString('utf8'), shown);
        return;
      }
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      const to = destination(name);
      if (!to) {
        await pipeline(stream, hashing, new PassThrough().resume());
        return;
      }
      await fs.promises.mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
      await pipeline(stream, hashing, fs.createWriteStream(to, { mode: (header.mode ?? 0o600) & 0o777 }));
      if (header.mtime) await fs.promises.utimes(to, header.mtime, header.mtime);
    };
    handle().then(() => next(), (err: Error) => next(err));
  });

  try {
    await pipeline([fs.createReadStream(file), ...(isGzip ? [zlib.createGunzip()] : []), extract]);
  } catch (err) {
    if (err instanceof InputError) throw err;
    if (entries === 0) throw notBackup();
    const message = err instanceof Error ? err.message : String(err);
    if (/unexpected end/i.test(message)) throw truncated();
    throw new InputError(`${shown} is damaged: ${message.split('\n')[0]}`);
  }
  if (entries === 0) throw notBackup();
  const found = manifest as Manifest | null;
  if (!found) throw truncated();
  if (found.entries !== entries || found.bytes !== bytes || found.sha256 !== hash.digest('hex')) {
    throw new InputError(`${shown} is damaged: its contents do not match the checksum of its manifest`);
  }
  return found;
}

function checkHeader(text: string, shown: string): void {
  let header: { format?: unknown; version?: unknown };
  try {
    header = JSON.parse(text) as typeof header;
  } catch {
    throw new InputError(`${shown} is not a rehber backup (its ${HEADER_NAME} is not JSON)`);
  }
  if (header.format !== BACKUP_FORMAT) throw new InputError(`${shown} is not a rehber backup (its ${HEADER_NAME} names no rehber format)`);
  if (header.version !== BACKUP_FORMAT_VERSION) {
    throw new InputError(`${shown} is a rehber backup of format ${String(header.version)}, which this version of rehber (format ${BACKUP_FORMAT_VERSION}) cannot restore`);
  }
}

/** A relative path that stays inside the folder it is extracted into. */
const safeName = (name: string) => name.length > 0 && !name.startsWith('/') && !name.split('/').some((part) => part === '..');

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
