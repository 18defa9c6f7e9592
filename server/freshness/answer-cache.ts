import { BoundedCache } from '../../domain/bounded-cache.js';

/** Bounds of the in-memory cache of rendered answers (keys counted with their bodies). */
const ANSWERS = { maxEntries: 5_000, maxBytes: 64 * 1024 * 1024 };
/**
 * How many URLs asked once (and not kept yet) a cache remembers per version, and the bytes those
 * URLs may take: a stranger's unique 15 KB URLs fill the bytes long before the count.
 */
const SEEN = { maxEntries: 50_000, maxBytes: 8 * 1024 * 1024 };

export interface Entry {
  /** The answer's bytes (UTF-8), as sent: a kept page is neither measured nor encoded again when served. */
  body: string | Buffer;
  type: string;
  etag: string;
}

/**
 * A bounded map of answers, least recently used dropped first; emptied whenever the version moves.
 * An answer is kept the second time its URL is asked in a version, not the first: a crawler's sweep
 * of a million business pages, or URLs made unique by a tracking parameter, are each asked once and
 * would otherwise push the answers asked again and again out (and cost a copy of every page sent).
 * The URLs asked once are remembered as their keys alone, least recently asked forgotten first.
 */
export class AnswerCache {
  private readonly entries = new BoundedCache<Entry>('answers', ANSWERS, (e) => e.body.length);
  private readonly seen = new BoundedCache<true>('answers asked once', SEEN);

  get(version: string, key: string): Entry | undefined {
    this.seen.at(version);
    return this.entries.at(version).get(key);
  }

  /** Whether `key` answered 200 in `version` (kept, or asked once and remembered). */
  answered(version: string, key: string): boolean {
    return this.entries.at(version).peek(key) !== undefined || this.seen.at(version).peek(key) !== undefined;
  }

  set(version: string, key: string, entry: Entry): void {
    this.entries.at(version);
    if (!this.seen.at(version).delete(key)) {
      this.seen.set(key, true);
      return;
    }
    // Two requests that missed together both store: the second replaces the first, counted once.
    this.entries.set(key, entry);
  }
}
