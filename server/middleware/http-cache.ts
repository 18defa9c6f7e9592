/**
 * HTTP caching of public reads (issue 14). The data changes only when a write commits, and every
 * write moves the data version (server/data-version.ts), so a public answer is known by its URL
 * and that version:
 * - ETag and Last-Modified come from the version; a conditional request that still matches gets
 *   304, without touching the database once the URL answered 200 in this version (an unknown URL
 *   is a 404 whatever the validators say). The ETag is weak (W/): it names the data an answer shows,
 *   not its bytes, which differ between two renders of a page (the data island's read times) and
 *   between its gzip and identity encodings;
 * - answers are kept in memory (bounded), keyed by version and URL, from the second time a URL
 *   is asked, and served again until a write moves the version;
 * - Cache-Control lets a CDN or proxy hold them briefly and revalidate in the background.
 * Admin answers are never stored anywhere (`no-store`). Only 200 answers are cached.
 */
import { createHash } from 'node:crypto';
import type { Context, Middleware, Next } from 'koa';
import type { DataVersion } from '../data-version.js';
import { BoundedCache } from '../../domain/bounded-cache.js';

/**
 * Browsers revalidate every time (a 304 when nothing changed, so a write shows at once); a shared
 * cache may serve an answer for a minute. CDN-Cache-Control (RFC 9213) lets a CDN also serve a
 * stale one for five minutes while it revalidates: in Cache-Control, stale-while-revalidate would
 * let browsers show stale pages too.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=60';
export const CDN_CACHE_CONTROL = 'max-age=60, stale-while-revalidate=300';
export const NO_STORE = 'no-store';

/** Bounds of the in-memory cache of rendered answers (keys counted with their bodies). */
const ANSWERS = { maxEntries: 5_000, maxBytes: 64 * 1024 * 1024 };
/**
 * How many URLs asked once (and not kept yet) a cache remembers per version, and the bytes those
 * URLs may take: a stranger's unique 15 KB URLs fill the bytes long before the count.
 */
const SEEN = { maxEntries: 50_000, maxBytes: 8 * 1024 * 1024 };

interface Entry {
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

/** Whether the request's validators (If-None-Match, else If-Modified-Since) still match this answer. */
export function notModified(ctx: Context, etag: string | null, lastModified: Date): boolean {
  const inm = ctx.get('If-None-Match');
  // Weak comparison (RFC 9110 8.8.3.2), as If-None-Match asks: W/ aside on both sides.
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  if (inm) return etag !== null && inm.split(',').some((t) => t.trim() === '*' || opaque(t) === opaque(etag));
  if (Number.isNaN(lastModified.getTime())) return false;
  const ims = Date.parse(ctx.get('If-Modified-Since'));
  return !Number.isNaN(ims) && Math.floor(lastModified.getTime() / 1000) * 1000 <= ims;
}

/**
 * Caches what `applies` says is a public read. `variant` adds what else the answer depends on (the
 * web build for HTML pages), so a new deployment is a new tag. A request that `fromPrimary` says
 * reads from the primary (server/read-routing.ts) is keyed by the primary's version, in a cache of
 * its own; every other by the version its replica has replayed (server/data-version.ts), so an
 * answer read from a lagging replica is never stored under a version it does not show yet.
 */
export function httpCache(
  dataVersion: DataVersion,
  options: { applies(ctx: Context): boolean; variant?(): string; fromPrimary?(ctx: Context): boolean },
): Middleware {
  const replicaCache = new AnswerCache();
  const primaryCache = new AnswerCache();
  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !options.applies(ctx)) return next();
    const fromPrimary = options.fromPrimary?.(ctx) ?? false;
    const cache = fromPrimary ? primaryCache : replicaCache;
    const v = await (fromPrimary ? dataVersion.current() : dataVersion.readable());
    if (!v) {
      await next();
      if (ctx.status === 200) ctx.set('Cache-Control', 'no-cache');
      return;
    }
    const variant = options.variant?.() ?? '';
    const etag = `W/"${createHash('sha1').update(`${v.version}|${variant}|${ctx.url}`).digest('base64url').slice(0, 20)}"`;
    const validators = () => {
      ctx.set('ETag', etag);
      ctx.set('Last-Modified', v.changedAt.toUTCString());
      ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
      ctx.set('CDN-Cache-Control', CDN_CACHE_CONTROL);
      ctx.vary('Accept-Encoding');
    };
    const key = `${variant}|${ctx.url}`;
    // Only an answer that exists can be "not modified": a 304 is given without a read only for a
    // URL this version already answered 200; any other conditional request is answered in full
    // first, so an unknown URL stays a 404 (If-None-Match: * or a future If-Modified-Since).
    const conditional = notModified(ctx, etag, v.changedAt);
    if (conditional && cache.answered(v.version, key)) {
      validators();
      ctx.status = 304;
      return;
    }
    const hit = cache.get(v.version, key);
    if (hit) {
      validators();
      ctx.type = hit.type;
      ctx.body = hit.body;
      return;
    }
    await next();
    if (ctx.status !== 200) {
      ctx.set('Cache-Control', NO_STORE);
      return;
    }
    if (ctx.state[UNCACHEABLE]) {
      // No validator and nothing shared: a CDN holding it, or a 304 confirming it, would show the
      // failed part to every visitor (and to crawlers, which never run the browser's retry).
      ctx.set('Cache-Control', NO_STORE);
      return;
    }
    validators();
    const body: unknown = ctx.body;
    // JSON and HTML answers are kept (as the bytes they are sent as); streams are not.
    const bytes = Buffer.isBuffer(body) ? body : typeof body === 'string' ? Buffer.from(body) : body !== null && typeof body === 'object' && !('pipe' in body) ? Buffer.from(JSON.stringify(body)) : null;
    if (bytes !== null) {
      // Sent as the bytes kept (Koa would otherwise serialise the JSON a second time); the type stays.
      if (bytes !== body) ctx.body = bytes;
      cache.set(v.version, key, { body: bytes, type: ctx.type, etag });
    }
    if (conditional) {
      ctx.body = null;
      ctx.status = 304;
    }
  };
}

const UNCACHEABLE = 'rehberUncacheable';

/**
 * Keeps this answer out of every cache (a page rendered while one of its reads failed: sent to
 * this visitor, not kept for every later one): no validators, `no-store`.
 */
export function keepOutOfCaches(ctx: Context): void {
  ctx.state[UNCACHEABLE] = true;
}

/** Admin answers are the admin's alone: nothing may keep them. */
export function noStore(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      // Also on a refusal thrown further in (the error handler keeps headers already set).
      ctx.set('Cache-Control', NO_STORE);
    }
  };
}
