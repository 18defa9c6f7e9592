import { LRUCache } from 'lru-cache';

/**
 * The one in-memory cache of rehber: a map bounded by entries AND bytes, least recently used
 * dropped first, optionally tied to a data version (a new version empties it). Keys are counted
 * too: a key is often a URL or a slug a stranger chose, and a bound by count alone let 15 KB keys
 * fill the memory (docs/security-limits.md).
 */

export interface CacheBounds {
  maxEntries: number;
  maxBytes: number;
}

/** What one kept entry costs besides its key and value (the Map slot and the record). */
const ENTRY_OVERHEAD_BYTES = 96;

/** An upper bound on what a key costs: V8 keeps a string in one or two bytes a character. */
export const keyBytes = (key: string): number => key.length * 2;

/**
 * About how many bytes a plain value holds (strings two bytes a character, a slot 8 bytes, an
 * object's header 32): a bound, not an exact figure. Walks at most `budget` slots.
 */
export function approximateBytes(value: unknown, budget = 1_000_000): number {
  let bytes = 0;
  let slots = 0;
  const stack: unknown[] = [value];
  while (stack.length && slots++ < budget) {
    const v = stack.pop();
    if (typeof v === 'string') bytes += 16 + v.length * 2;
    else if (v === null || typeof v !== 'object') bytes += 8;
    else {
      bytes += 32;
      if (Array.isArray(v)) for (const x of v) stack.push(x);
      else if (v instanceof Map) for (const [k, x] of v) stack.push(k, x);
      else if (v instanceof Set) for (const x of v) stack.push(x);
      else if (!ArrayBuffer.isView(v)) for (const k in v) stack.push(k, (v as Record<string, unknown>)[k]);
      else bytes += v.byteLength;
    }
  }
  return bytes;
}

export interface CacheStats extends CacheBounds {
  name: string;
  entries: number;
  bytes: number;
  /** Calls of get() that found their key, and that did not, since the cache was made. */
  hits: number;
  misses: number;
}

const live = new Set<WeakRef<BoundedCache<unknown>>>();

/** The caches of this process still alive: their names, sizes and bounds (tests, diagnostics). */
export function cacheStats(): CacheStats[] {
  const out: CacheStats[] = [];
  for (const ref of live) {
    const cache = ref.deref();
    if (cache) out.push(cache.stats());
    else live.delete(ref);
  }
  return out;
}

export class BoundedCache<V> {
  // lru-cache holds the entries and their order (measured faster than a hand-written Map with the
  // same evictions: docs/performance.md); a value is boxed because lru-cache refuses undefined.
  private readonly entries: LRUCache<string, { value: V }>;
  private version: string | null = null;
  private hits = 0;
  private misses = 0;

  /**
   * `sizeOf` tells what a value holds in bytes (0 when it is small or bounded elsewhere); `onDrop`
   * hears of every key that leaves (evicted, deleted, cleared; not one whose value is replaced), to
   * keep an index of them.
   */
  constructor(
    readonly name: string,
    private readonly bounds: CacheBounds,
    private readonly sizeOf: (value: V) => number = () => 0,
    onDrop?: (key: string, value: V) => void,
  ) {
    this.entries = new LRUCache({
      max: bounds.maxEntries,
      maxSize: bounds.maxBytes,
      maxEntrySize: bounds.maxBytes / 16,
      ...(onDrop && { dispose: (kept: { value: V }, key: string, reason: LRUCache.DisposeReason) => reason !== 'set' && onDrop(key, kept.value) }),
    });
    live.add(new WeakRef(this as BoundedCache<unknown>));
  }

  /** The cache as of `version`: emptied first when it held another version's entries. */
  at(version: string): this {
    if (version !== this.version) {
      this.clear();
      this.version = version;
    }
    return this;
  }

  /** The value of `key`, marked as recently used. */
  get(key: string): V | undefined {
    const kept = this.entries.get(key);
    if (kept) this.hits++;
    else this.misses++;
    return kept?.value;
  }

  /** The value of `key`, leaving its place in the eviction order alone. */
  peek(key: string): V | undefined {
    return this.entries.peek(key)?.value;
  }

  /**
   * Keeps `value` under `key`, dropping the least recently used entries past a bound. An entry
   * bigger than a sixteenth of the byte bound is not kept (false): it would push out many others.
   */
  set(key: string, value: V): boolean {
    return this.keep(key, { value }, this.sizeOf(value));
  }

  /** Counts `valueBytes` for the value of `key` (known only once a promised value arrived), dropping others past the bounds; an entry too big to keep is dropped itself. */
  resize(key: string, valueBytes: number): void {
    const kept = this.entries.peek(key);
    // A new box: lru-cache recounts the size only when the value changes.
    if (kept) this.keep(key, { value: kept.value }, valueBytes);
  }

  private keep(key: string, kept: { value: V }, valueBytes: number): boolean {
    const size = ENTRY_OVERHEAD_BYTES + keyBytes(key) + valueBytes;
    if (size > this.bounds.maxBytes / 16) {
      this.entries.delete(key);
      return false;
    }
    this.entries.set(key, kept, { size });
    return true;
  }

  /** Keeps the entries `keep` accepts and drops the others (all of them when `keep` is null). */
  retain(keep: ((value: V) => boolean) | null): void {
    if (!keep) return this.clear();
    const dropped: string[] = [];
    for (const [key, kept] of this.entries.entries()) if (!keep(kept.value)) dropped.push(key);
    for (const key of dropped) this.entries.delete(key);
  }

  delete(key: string): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  stats(): CacheStats {
    return { name: this.name, entries: this.entries.size, bytes: this.entries.calculatedSize, hits: this.hits, misses: this.misses, ...this.bounds };
  }
}
