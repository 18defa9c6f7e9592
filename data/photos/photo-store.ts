import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pLimit from 'p-limit';
import { BoundedCache } from '../../domain/bounded-cache.js';
import type { PhotoFormat } from '../../domain/photo-paths.js';
import { claimOrWait, preparePrivateDir, readOrNull, statFile, writeWhole } from './cache-files.js';
import { sweepPhotoCache } from './cache-sweep.js';
import { fetchSource, PhotoSourceError, type FetchLimits } from './fetch-source.js';
import { HostGate } from './host-gate.js';
import {
  DEFAULT_FETCH_LIMITS, DEFAULT_IMAGE_LIMITS, PHOTO_DOWNLOADS_PER_HOST, PHOTO_HOST_DOWN_MS, PHOTO_QUEUE_DEADLINE_MS, PHOTO_RETRY_AFTER_MS,
  PHOTO_RETRY_TRANSIENT_MS,
} from './limits.js';
import { makeMaster, renderSize, type ImageLimits } from './resize.js';

export interface PhotoStoreOptions {
  /** Where sizes are kept; a volume several servers share is fine (files appear whole, by rename). */
  cacheDir: string;
  /** Tests fetch from 127.0.0.1; never in production. */
  allowPrivateAddresses: boolean;
  fetch?: Partial<Omit<FetchLimits, 'allowPrivateAddresses'>>;
  image?: Partial<ImageLimits>;
  retryAfterMs?: number;
  /** How long a transient failure (PhotoSourceError.transient) is remembered. */
  retryTransientMs?: number;
  /** The cache's bound in bytes (cache-sweep.ts); none when absent. */
  maxBytes?: number;
  /** How long a visitor waits for a photo still being made before getting the placeholder (PHOTO_QUEUE_DEADLINE_MS). */
  queueDeadlineMs?: number;
  /** How long a host whose download timed out is not asked again (PHOTO_HOST_DOWN_MS). */
  hostDownMs?: number;
}

export type PhotoResult =
  | { kind: 'file'; path: string; size: number; contentType: string }
  /**
   * `fresh`: this call found the failure (log it once), rather than the negative cache.
   * `pending`: no failure yet, the photo is still being made past the queue's deadline (ask again soon).
   */
  | { kind: 'failed'; reason: string; fresh: boolean; pending?: boolean };

/** The checked source, JPEG or WebP (sharp reads either by its bytes). */
const MASTER = 'master';
const CONTENT_TYPES: Record<PhotoFormat, string> = { webp: 'image/webp', jpg: 'image/jpeg' };
/** Failures remembered in memory (the disk keeps them too); the oldest go first. Reasons are a line each. */
const MEMORY_FAILURES = { maxEntries: 10_000, maxBytes: 16 * 1024 * 1024 };
/** A hit marks its source as used (the folder's mtime, for the sweep) at most this often. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;
/** Sources whose last mark is remembered; the oldest go first (a forgotten one is marked again). */
const MEMORY_TOUCHES = { maxEntries: 20_000, maxBytes: 8 * 1024 * 1024 };
/** A sweep follows once this share of the bound has been written since the last one. */
const SWEEP_AFTER_SHARE = 0.05;

/** What the photo stores of this process are doing: photos being made, downloads and resizes running and waiting, sources found failing. */
export interface PhotoQueueStats {
  /** Sources and sizes being made (each once, however many requests wait for it). */
  making: number;
  downloadsRunning: number;
  downloadsWaiting: number;
  resizesRunning: number;
  resizesWaiting: number;
  /** Sources whose fetch or check failed (each failure found, not each placeholder served), since the store was made. */
  failures: number;
}

const liveStores = new Set<WeakRef<PhotoStore>>();

/** The photo stores of this process still alive, added up (metrics read it at each scrape). */
export function photoQueueStats(): PhotoQueueStats {
  const total: PhotoQueueStats = { making: 0, downloadsRunning: 0, downloadsWaiting: 0, resizesRunning: 0, resizesWaiting: 0, failures: 0 };
  for (const ref of liveStores) {
    const store = ref.deref();
    if (!store) {
      liveStores.delete(ref);
      continue;
    }
    const s = store.stats();
    for (const k of Object.keys(total) as (keyof PhotoQueueStats)[]) total[k] += s[k];
  }
  return total;
}

/**
 * Photo sources fetched, checked and resized once, then served from disk. On disk, under the
 * SHA-256 of the source URL: `master` (the checked source, see resize.ts), `<width>.<format>`
 * per size asked for, and `failed.json` while a failure is remembered. Concurrent requests for the
 * same source or size share one fetch and one resize; servers sharing the volume fetch a source
 * once between them (`fetch.lock`).
 */
export class PhotoStore {
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly failures = new BoundedCache<{ until: number; reason: string }>('photo failures', MEMORY_FAILURES, (f) => f.reason.length * 2);
  /** Resizing is CPU work on libuv's pool: a page of new photos must not starve everything else. */
  private readonly cpu = pLimit(2);
  /** Sources being downloaded at once (each up to 10 MB in memory): a page of new photos stays bounded. */
  private readonly network = pLimit(6);
  private readonly hosts: HostGate;
  private readonly queueDeadlineMs: number;
  private root: Promise<void> | null = null;
  private readonly fetchLimits: FetchLimits;
  private readonly imageLimits: ImageLimits;
  private readonly retryAfterMs: number;
  private readonly retryTransientMs: number;
  private readonly touched = new BoundedCache<number>('photo uses', MEMORY_TOUCHES);
  /** Bytes written since the last sweep; Infinity before the first, so a server's first write sweeps what earlier runs left. */
  private writtenSinceSweep = Infinity;
  private sweeping: Promise<unknown> | null = null;
  private failuresFound = 0;

  constructor(private readonly options: PhotoStoreOptions) {
    liveStores.add(new WeakRef(this));
    this.fetchLimits = { ...DEFAULT_FETCH_LIMITS, ...options.fetch, allowPrivateAddresses: options.allowPrivateAddresses };
    this.imageLimits = { ...DEFAULT_IMAGE_LIMITS, ...options.image };
    this.retryAfterMs = options.retryAfterMs ?? PHOTO_RETRY_AFTER_MS;
    this.retryTransientMs = options.retryTransientMs ?? PHOTO_RETRY_TRANSIENT_MS;
    this.queueDeadlineMs = options.queueDeadlineMs ?? PHOTO_QUEUE_DEADLINE_MS;
    this.hosts = new HostGate({ perHost: PHOTO_DOWNLOADS_PER_HOST, downMs: options.hostDownMs ?? PHOTO_HOST_DOWN_MS });
  }

  stats(): PhotoQueueStats {
    return {
      making: this.inflight.size,
      downloadsRunning: this.network.activeCount,
      downloadsWaiting: this.network.pendingCount,
      resizesRunning: this.cpu.activeCount,
      resizesWaiting: this.cpu.pendingCount,
      failures: this.failuresFound,
    };
  }

  /** Brings the cache under its bound now (cache-sweep.ts); a no-op without one. One sweep at a time. */
  sweep(): Promise<unknown> {
    const { maxBytes } = this.options;
    if (maxBytes === undefined) return Promise.resolve();
    this.writtenSinceSweep = 0;
    this.sweeping ??= sweepPhotoCache(this.options.cacheDir, maxBytes).finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  /** The file of one size of the photo at `url`, made on first request; or why there is none. */
  async size(url: string, width: number, format: PhotoFormat): Promise<PhotoResult> {
    const key = crypto.createHash('sha256').update(url).digest('hex');
    const dir = path.join(this.options.cacheDir, key.slice(0, 2), key);
    const file = path.join(dir, `${width}.${format}`);
    const contentType = CONTENT_TYPES[format];
    const cached = await statFile(file);
    if (cached) {
      this.markUsed(key, dir);
      return { kind: 'file', path: file, size: cached.size, contentType };
    }

    const failure = await this.knownFailure(key, dir);
    if (failure) return { kind: 'failed', reason: failure, fresh: false };
    try {
      const making = this.once(`${key}/${width}.${format}`, async () => {
        const master = await this.master(url, key, dir);
        const bytes = await this.cpu(() => renderSize(master, width, format));
        await this.write(file, bytes);
        return bytes.length;
      });
      // Past the deadline the visitor gets the placeholder; the work goes on and the next request finds it.
      const size = await withDeadline(making, this.queueDeadlineMs);
      if (size === null) return { kind: 'failed', reason: 'still being fetched', fresh: false, pending: true };
      return { kind: 'file', path: file, size, contentType };
    } catch (err) {
      if (!(err instanceof PhotoSourceError)) throw err;
      return { kind: 'failed', reason: err.message, fresh: !(err instanceof RememberedFailure) };
    }
  }

  private master(url: string, key: string, dir: string): Promise<Buffer> {
    return this.once(`${key}/master`, async () => {
      const file = path.join(dir, MASTER);
      const kept = await readOrNull(file);
      if (kept) return kept;
      // Another server on the volume may be fetching this source: wait for its result instead.
      const release = await claimOrWait(dir, MASTER, this.fetchLimits.timeoutMs * 2 + 10_000);
      try {
        if (!release) {
          const made = await readOrNull(file);
          if (made) return made;
          const failure = await this.knownFailure(key, dir);
          if (failure) throw new RememberedFailure(failure);
        }
        // The host's turn first, then a shared slot: a hanging host's queue never holds the shared slots.
        const source = await this.hosts.run(url, () => this.network(() => fetchSource(url, this.fetchLimits)));
        const master = await this.cpu(() => makeMaster(source, this.imageLimits));
        await this.write(file, master);
        await fs.promises.rm(path.join(dir, 'failed.json'), { force: true });
        return master;
      } catch (err) {
        if (err instanceof PhotoSourceError && !(err instanceof RememberedFailure)) {
          await this.rememberFailure(key, dir, err.message, err.transient ? this.retryTransientMs : this.retryAfterMs);
        }
        throw err;
      } finally {
        await release?.();
      }
    });
  }

  /** A hit: the source was used now (its folder's mtime), so the sweep keeps it over older ones. */
  private markUsed(key: string, dir: string): void {
    if (this.options.maxBytes === undefined) return;
    const now = Date.now();
    if ((this.touched.peek(key) ?? 0) > now - TOUCH_EVERY_MS) return;
    this.touched.set(key, now);
    const at = new Date(now);
    fs.promises.utimes(dir, at, at).catch(() => {});
  }

  /** A photo file into the (private) cache, counted for the sweep. */
  private async write(file: string, bytes: Buffer): Promise<void> {
    await this.privateRoot();
    await writeWhole(file, bytes);
    this.wrote(bytes.length);
  }

  /** The cache folder made private, once per store (tried again after a failure). */
  private privateRoot(): Promise<void> {
    this.root ??= preparePrivateDir(this.options.cacheDir).catch((err: unknown) => {
      this.root = null;
      throw err;
    });
    return this.root;
  }

  /** New bytes on disk: a sweep in the background once enough have come since the last. */
  private wrote(bytes: number): void {
    const { maxBytes } = this.options;
    if (maxBytes === undefined) return;
    this.writtenSinceSweep += bytes;
    if (this.writtenSinceSweep >= maxBytes * SWEEP_AFTER_SHARE) this.sweep().catch(() => {});
  }

  /** One run of `work` per key at a time; later callers share its promise. */
  private once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key);
    if (running) return running as Promise<T>;
    const started = work().finally(() => this.inflight.delete(key));
    this.inflight.set(key, started);
    return started;
  }

  private async knownFailure(key: string, dir: string): Promise<string | null> {
    const now = Date.now();
    const remembered = this.failures.peek(key);
    if (remembered && remembered.until > now) return remembered.reason;
    if (remembered) this.failures.delete(key);
    // Another server sharing the volume may have found the failure.
    const text = await fs.promises.readFile(path.join(dir, 'failed.json'), 'utf8').catch(() => null);
    if (!text) return null;
    try {
      // `until` is written by this version; a marker without it is from before transient failures had their own span.
      const { at, until = at + this.retryAfterMs, reason } = JSON.parse(text) as { at: number; until?: number; reason: string };
      if (until > now) {
        this.remember(key, until, reason);
        return reason;
      }
    } catch {
      // A damaged marker is no failure: fetch again.
    }
    return null;
  }

  private async rememberFailure(key: string, dir: string, reason: string, forMs: number): Promise<void> {
    this.failuresFound++;
    const at = Date.now();
    this.remember(key, at + forMs, reason);
    await this.privateRoot();
    await writeWhole(path.join(dir, 'failed.json'), Buffer.from(JSON.stringify({ at, until: at + forMs, reason })));
  }

  private remember(key: string, until: number, reason: string): void {
    this.failures.set(key, { until, reason });
  }
}

/** A failure another server found while this one waited: already on disk. */
class RememberedFailure extends PhotoSourceError {}

/** `work`'s value, or null when it takes longer than `ms` (it goes on; its failure is then nobody's). */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => (timer = setTimeout(resolve, ms, null)));
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
