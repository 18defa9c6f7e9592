import { approximateBytes, BoundedCache, type CacheBounds } from '../../domain/bounded-cache.js';
import { MAX_SLUG_LENGTH } from '../../domain/slug.js';

/**
 * What one answer's reads did (server/freshness/read-routing.ts wholeAnswer, which counts the
 * statements they sent): the data versions the statements that report theirs saw, whether they
 * took a kept value not yet confirmed, the version of their memos, and the values they computed
 * and kept. An answer whose every statement saw the version of its memos, and whose kept values
 * were all confirmed at it, shows the data as it stood at that version and needs no check of its own.
 */
export interface ReadTrace {
  seen: string[];
  unconfirmed: boolean;
  version?: string;
  made: Promise<unknown>[];
}

export const newReadTrace = (): ReadTrace => ({ seen: [], unconfirmed: false, made: [] });

/**
 * Whether the answer `trace` followed, which sent `statements` statements in all, read everything
 * at its memos' version (see ReadTrace): a statement that did not report its version counts against it.
 */
export const readWhole = (trace: ReadTrace, statements: number): boolean =>
  !trace.unconfirmed && statements === trace.seen.length && trace.seen.every((v) => v === trace.version);

/**
 * Kept values read by an answer known to have read at one version (its check passed, or
 * readWhole). One computed by a statement that ran after a write committed, and kept under the
 * version before it (this process hears of a commit a little later), never is.
 */
const confirmed = new WeakSet<Promise<unknown>>();

/** The values `trace` computed and kept, confirmed: they were read at the version they are kept under. */
export function confirmReads(trace: ReadTrace): void {
  for (const made of trace.made) confirmed.add(made);
  trace.made.length = 0;
}

/**
 * What the search and list reads may keep between requests: values computed from the directory
 * as one data version shows it (server/data-version.ts), so a write anywhere moves every reader to
 * a new version and nothing older is ever served. It holds what is costly and asked again and
 * again: the capped candidates of a broad word (a common word's posting list is read once per
 * version, not per request), the kept facet counts of a city's or a category's page, the labels
 * of facet values. Bounded: the least recently used entries go first; a new version drops all.
 * Concurrent requests for one missing entry share its one computation.
 */
export class VersionedMemo {
  private version: bigint | null = null;
  /** The version as given, so the usual call (the same version again) skips parsing it. */
  private versionText = '';
  private readonly entries: BoundedCache<Promise<unknown>>;
  /** With `askedOnce`: the keys asked once in this version and not kept yet (their values are not). */
  private readonly askedOnce: BoundedCache<true> | null;

  /**
   * `maxBytes` bounds the keys (a stranger's text may be part of one) and the values, measured once
   * they arrive. `askedOnce`: a value is kept the second time its key is asked in a version, not
   * the first, and this many keys asked once are remembered (least recently asked forgotten first):
   * for values most of which are asked once (a crawl of a million business pages), where keeping
   * each costs more than it ever saves.
   */
  constructor(maxEntries = 256, maxBytes = 32 * 1024 * 1024, name = 'memo', askedOnce?: CacheBounds) {
    this.entries = new BoundedCache(name, { maxEntries, maxBytes });
    this.askedOnce = askedOnce ? new BoundedCache(`${name} asked once`, askedOnce) : null;
  }

  /** The entry of `key` at `version` if one is kept or under way. */
  peek<T>(version: string, key: string): Promise<T> | undefined {
    return version === this.versionText ? (this.entries.peek(key) as Promise<T> | undefined) : undefined;
  }

  /**
   * The value of `key` at `version`: kept when `keep` says so (a narrow search is cheap enough to
   * compute again and would only crowd out the broad ones). A version older than the newest seen
   * (a reader behind another) is computed and not kept. `compute` is called before this returns
   * (memoizedEach relies on it). `trace`: told of a kept value taken before it was confirmed, and
   * of the values computed and kept for its answer.
   */
  async get<T>(version: string, key: string, compute: () => Promise<T>, keep: (value: T) => boolean = () => true, trace?: ReadTrace): Promise<T> {
    if (version !== this.versionText) {
      const v = BigInt(version);
      if (this.version !== null && v < this.version) return compute();
      this.version = v;
      this.versionText = version;
      this.entries.clear();
      this.askedOnce?.clear();
    }
    const hit = this.entries.get(key) as Promise<T> | undefined;
    if (hit) {
      if (trace && !confirmed.has(hit)) trace.unconfirmed = true;
      return hit;
    }
    // Asked for the first time: remembered, read, not kept (nor shared by a concurrent ask).
    if (this.askedOnce && !this.askedOnce.delete(key)) {
      this.askedOnce.set(key, true);
      return compute();
    }
    const pending = compute();
    trace?.made.push(pending);
    this.entries.set(key, pending);
    try {
      const value = await pending;
      if (this.entries.peek(key) === pending) {
        if (keep(value)) this.entries.resize(key, approximateBytes(value));
        else this.entries.delete(key);
      }
      return value;
    } catch (err) {
      if (this.entries.peek(key) === pending) this.entries.delete(key);
      throw err;
    }
  }
}

/**
 * The memos of one database and the data version a request reads at: `memo` for search sets,
 * orders and facets (a thousand entries, bounded by their bytes: a set of up to a thousand
 * candidates is kept packed, each order, facets and page a few kilobytes), `small` for the
 * businesses of list pages as the API gives them (their phone forms are worked out once), facet
 * labels and how a query's words were read (a one-box split, a respelling), `views` for the
 * businesses of business pages by slug and their neighbours: apart, so that a crawl of pages each
 * asked once churns only its own entries, never a list's rows or labels, and kept from their
 * second ask (a page asked once, most of a crawl, is read and let go).
 */
export interface MemoScope {
  memo: VersionedMemo;
  small: VersionedMemo;
  views: VersionedMemo;
  version: string;
  /** What the answer's reads did, when its version is checked after them. */
  trace?: ReadTrace;
}

/** The memos kept for one database. */
export type Memos = Omit<MemoScope, 'version' | 'trace'>;
export const newMemos = (): Memos => ({
  memo: new VersionedMemo(1024, 32 * 1024 * 1024, 'search memo'),
  small: new VersionedMemo(10_000, 24 * 1024 * 1024, 'small memo'),
  views: new VersionedMemo(5_000, 16 * 1024 * 1024, 'business memo', { maxEntries: 50_000, maxBytes: 8 * 1024 * 1024 }),
});

/** The scope's memo of small values. */
export const small = (scope: MemoScope | undefined): MemoScope | undefined => scope && { ...scope, memo: scope.small };

/** The small memo for a read by `slug`, none for a slug longer than a stored one may be (made up: nothing to keep). */
export const slugMemo = (scope: MemoScope | undefined, slug: string): MemoScope | undefined => (slug.length > MAX_SLUG_LENGTH ? undefined : small(scope));

/** The business pages' memo for a read by `slug`, none for a slug no stored business may have. */
export const viewMemo = (scope: MemoScope | undefined, slug: string): MemoScope | undefined =>
  slug.length > MAX_SLUG_LENGTH || !scope ? undefined : { ...scope, memo: scope.views };

/**
 * The kinds of value the reads keep, each under keys of its own (`kind|what`, memoKey), so two
 * reads never share a key by accident: rows and facet labels as pages show them, what PostgreSQL
 * makes of a word or a place of several words, the split of a one-box query that finds businesses,
 * a search's candidates with the planner's estimate of them, their order and facets, a list's kept counts, that an admin search is
 * broad, a list's total alone under filters its walk's index does not carry (kept-total), a city, a category or a country by slug (a country with its cities and its links), a
 * city, a category or a country by slug alone, every city by slug alone (one entry), the ids of a list filter's category, city and country slugs, the districts
 * of a category in a city (and their counts, which a list's first view may read), each city's minute of the week for open now, a business page's business
 * by the slug it was asked under and its nearest neighbours by its id (as the API gives them, and as its page's compact cards' rows).
 */
export type MemoKind =
  | 'row' | 'label' | 'word' | 'planner-statistics' | 'place-word' | 'phrase' | 'one-box' | 'candidates' | 'order' | 'search-facets' | 'broad-page' | 'facets' | 'kept-total' | 'admin-matches' | 'city' | 'category' | 'country'
  | 'country-summary' | 'group-summary' | 'city-summaries' | 'filter-ids' | 'category-districts' | 'district-counts' | 'open-at' | 'business' | 'nearby' | 'nearby-rows';

/** The key of `what` among the values of `kind`. */
export const memoKey = (kind: MemoKind, what: string | number): string => `${kind}|${what}`;

/** `compute` through the scope's memo when there is one (tests may pass none). */
export function memoized<T>(scope: MemoScope | undefined, key: string, compute: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
  return scope ? scope.memo.get(scope.version, key, compute, keep, scope.trace) : compute();
}

/**
 * The values of `whats` of one kind, each kept on its own in the scope's memo (a page's rows, facet
 * labels); those no entry holds are read together by one call of `readMissing`, null where it
 * finds nothing. The batch is read once every one has been asked (each miss's compute runs
 * synchronously inside `memoized`), so one evicted while the others were asked is read with them,
 * never lost.
 */
export async function memoizedEach<T>(
  scope: MemoScope | undefined,
  kind: MemoKind,
  whats: string[],
  readMissing: (whats: string[]) => Promise<Map<string, T>>,
): Promise<(T | null)[]> {
  const missing: string[] = [];
  let batch: Promise<Map<string, T>> | undefined;
  const one = (what: string) => {
    missing.push(what);
    batch ??= Promise.resolve().then(() => readMissing(missing));
    return batch.then((found) => found.get(what) ?? null);
  };
  return Promise.all(whats.map((what) => memoized(scope, memoKey(kind, what), () => one(what))));
}
