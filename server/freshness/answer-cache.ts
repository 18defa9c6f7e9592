import { BoundedCache } from '../../domain/bounded-cache.js';
import { touches, type ChangeLog, type Changes } from './change-log.js';

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
  /**
   * Its compressed copies, each made the first time a client asked for that encoding, counted in
   * the cache's bytes with the body.
   */
  encoded?: Partial<Record<KeptEncoding, Buffer>>;
}

/** The encodings a kept answer keeps a copy in (deflate, rarely asked, is compressed per answer). */
export type KeptEncoding = 'br' | 'gzip';

const entryBytes = (e: Entry): number => e.body.length + (e.encoded?.br?.length ?? 0) + (e.encoded?.gzip?.length ?? 0);

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
  private readonly entryDeps = new Dependents();
  private readonly seenDeps = new Dependents();
  private readonly entries = new BoundedCache<Entry>('answers', ANSWERS, entryBytes, (key, e) => this.entryDeps.remove(key, e.deps));
  private readonly seen = new BoundedCache<Validators>(
    'answers asked once',
    SEEN,
    (v) => 64 + (v.deps ?? []).reduce((n, d) => n + 16 + d.length * 2, 0),
    (key, v) => this.seenDeps.remove(key, v.deps),
  );
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
    drop(this.entries, this.entryDeps, changed);
    drop(this.seen, this.seenDeps, changed);
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

  /**
   * Keeps `bytes` as `entry`'s copy in `encoding`, if `entry` is still the one kept under `key`
   * (a write may have dropped it, or a newer render replaced it, while it was compressed).
   */
  keepEncoded(key: string, entry: Entry, encoding: KeptEncoding, bytes: Buffer): void {
    if (this.entries.peek(key) !== entry) return;
    entry.encoded = { ...entry.encoded, [encoding]: bytes };
    this.entries.resize(key, entryBytes(entry));
  }

  set(version: string, key: string, entry: Entry): void {
    if (!this.current(version, entry.deps ?? null)) return;
    if (!this.seen.delete(key)) {
      if (this.seen.set(key, { etag: entry.etag, lastModified: entry.lastModified, deps: entry.deps })) this.seenDeps.add(key, entry.deps);
      return;
    }
    // Two requests that missed together both store: the second replaces the first, counted once.
    if (this.entries.set(key, entry)) this.entryDeps.add(key, entry.deps);
  }
}

/**
 * Which kept URLs depend on which change keys, so a move finds what it empties without looking at
 * every entry (a write every few milliseconds would otherwise walk 50,000 of them each time).
 * Kept current by the caches' drops.
 */
class Dependents {
  private readonly byKey = new Map<string, Set<string>>();
  /** The URLs that depend on everything. */
  private readonly onAll = new Set<string>();

  add(url: string, deps: readonly string[] | null | undefined): void {
    if (!deps) {
      this.onAll.add(url);
      return;
    }
    for (const dep of deps) {
      let urls = this.byKey.get(dep);
      if (!urls) this.byKey.set(dep, (urls = new Set()));
      urls.add(url);
    }
  }

  remove(url: string, deps: readonly string[] | null | undefined): void {
    if (!deps) {
      this.onAll.delete(url);
      return;
    }
    for (const dep of deps) {
      const urls = this.byKey.get(dep);
      if (urls?.delete(url) && !urls.size) this.byKey.delete(dep);
    }
  }

  /** The URLs `changed` touches (a non-empty set). */
  touched(changed: ReadonlySet<string>): string[] {
    const urls = [...this.onAll];
    for (const key of changed) for (const url of this.byKey.get(key) ?? []) urls.push(url);
    return urls;
  }

  get dependingOnAll(): number {
    return this.onAll.size;
  }
}

/** Empties from `cache` what `changed` touches: everything when it is null. */
function drop<V>(cache: BoundedCache<V>, dependents: Dependents, changed: Changes): void {
  if (changed === null) return cache.clear();
  if (!changed.size) return;
  // Most of the cache (the pages that depend on everything): one pass beats a delete each.
  if (dependents.dependingOnAll > cache.size / 2) return cache.retain((v) => !touches((v as Validators).deps ?? null, changed));
  for (const url of dependents.touched(changed)) cache.delete(url);
}
