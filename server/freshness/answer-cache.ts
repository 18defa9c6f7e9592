import { BoundedCache } from '../../domain/bounded-cache.js';
import { touches, type ChangeLog } from './change-log.js';

/** Bounds of the in-memory cache of rendered answers (keys counted with their bodies). */
const ANSWERS = { maxEntries: 5_000, maxBytes: 64 * 1024 * 1024 };
/**
 * How many URLs asked once (and not kept yet) a cache remembers per version, and the bytes those
 * URLs may take: a stranger's unique 15 KB URLs fill the bytes long before the count.
 */
const SEEN = { maxEntries: 50_000, maxBytes: 8 * 1024 * 1024 };

/** What an answer's validators and its freshness rest on. */
export interface Validators {
  etag: string;
  /** When the data version it was read at was written. */
  lastModified?: Date;
  /**
   * The change keys (db/data-version.ts) of what it shows: a write that changes none of them
   * leaves it kept, under the same validators. Null (or absent): it depends on everything.
   */
  deps?: readonly string[] | null;
}

export interface Entry extends Validators {
  /** The answer's bytes (UTF-8), as sent: a kept page is neither measured nor encoded again when served. */
  body: string | Buffer;
  type: string;
}

/**
 * A bounded map of answers, least recently used dropped first. When the version moves, the answers
 * whose dependencies the writes since changed are dropped and the others kept (`log` says what
 * changed; without one, or when it cannot say, everything goes).
 * An answer is kept the second time its URL is asked, not the first: a crawler's sweep
 * of a million business pages, or URLs made unique by a tracking parameter, are each asked once and
 * would otherwise push the answers asked again and again out (and cost a copy of every page sent).
 * The URLs asked once are remembered with their validators alone, least recently asked forgotten first.
 */
export class AnswerCache {
  private readonly entries = new BoundedCache<Entry>('answers', ANSWERS, (e) => e.body.length);
  private readonly seen = new BoundedCache<Validators>('answers asked once', SEEN, (v) => 64 + (v.deps ?? []).reduce((n, d) => n + 16 + d.length * 2, 0));
  private version: string | null = null;

  constructor(private readonly log?: ChangeLog) {}

  /**
   * Brings the cache to `version`, keeping what the writes since did not touch. False when
   * `version` is behind the cache's (a request that read the version just before another moved
   * it): its answers are the cache's as they are, newer than it asked for, never older.
   */
  private at(version: string): boolean {
    if (version === this.version) return true;
    const from = this.version;
    if (from !== null && this.log) {
      const [v, at] = [BigInt(version), BigInt(from)];
      // Behind, while the log still knows the cache's version (no restore went back past it).
      if (v < at && this.log.latest !== null && this.log.latest >= at) return false;
    }
    const changed = from === null || !this.log ? null : this.log.between(BigInt(from), BigInt(version));
    const keep = changed && ((e: Validators) => !touches(e.deps ?? null, changed));
    this.entries.retain(keep);
    this.seen.retain(keep);
    this.version = version;
    return true;
  }

  /** Whether an answer read at `version` is still current at the cache's version. */
  private current(version: string, deps: readonly string[] | null): boolean {
    if (this.at(version)) return true;
    return !touches(deps, this.log?.between(BigInt(version), BigInt(this.version ?? version)) ?? null);
  }

  get(version: string, key: string): Entry | undefined {
    this.at(version);
    return this.entries.get(key);
  }

  /** The validators of `key`'s 200 answer still current at `version` (kept, or asked once and remembered). */
  validators(version: string, key: string): Validators | undefined {
    this.at(version);
    return this.entries.peek(key) ?? this.seen.peek(key);
  }

  /** Whether `key` answered 200 and that answer is still current at `version`. */
  answered(version: string, key: string): boolean {
    return this.validators(version, key) !== undefined;
  }

  set(version: string, key: string, entry: Entry): void {
    if (!this.current(version, entry.deps ?? null)) return;
    if (!this.seen.delete(key)) {
      this.seen.set(key, { etag: entry.etag, lastModified: entry.lastModified, deps: entry.deps });
      return;
    }
    // Two requests that missed together both store: the second replaces the first, counted once.
    this.entries.set(key, entry);
  }
}
