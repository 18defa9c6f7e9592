/**
 * HTTP caching of public reads. The data changes only when a write commits, and every write moves
 * the data version (data-version.ts), so a public answer is known by its URL and that version:
 * - ETag and Last-Modified come from the version; a conditional request that still matches gets
 *   304, without touching the database once the URL answered 200 in this version (an unknown URL
 *   is a 404 whatever the validators say). The ETag is weak (W/): it names the data an answer shows,
 *   not its bytes, which differ between two renders of a page (the data island's read times) and
 *   between its gzip and identity encodings;
 * - answers are kept in memory (answer-cache.ts), keyed by URL, from the second time a URL is
 *   asked, with their brotli and gzip copies once a client asked for one (the same ETag: weak, it
 *   holds for every encoding, and `Vary: Accept-Encoding` keeps a shared cache's copies apart), and served again until a write changes what they show (dependencies.ts: a business
 *   page shows its business, its city's and category's names and its namesakes; a city's or a
 *   category's page its row, its list and the names of the others it shows; every other answer
 *   depends on everything): a kept answer keeps the validators it was read with;
 * - Cache-Control lets a CDN or proxy hold them briefly and revalidate in the background.
 * An answer that `perMinute` says depends on the time too ("open now") is keyed and tagged by the
 * minute it was read in as well, and no shared cache may hold it: it is never served past that
 * minute, when a business may open or close.
 * Admin answers are never stored anywhere (`no-store`). Only 200 answers are cached.
 */
import { createHash } from 'node:crypto';
import type { Context, Middleware, Next } from 'koa';
import type { DataVersion } from './data-version.js';
import { AnswerCache, type Entry, type KeptEncoding } from './answer-cache.js';
import { cacheControl } from './cache-control.js';
import { notModified } from './conditional.js';
import { dependenciesOf } from './dependencies.js';
import { chooseEncoding, compressBytes } from '../middleware/compression.js';

/**
 * Caches what `applies` says is a public read. `variant` adds what else the answer depends on (the
 * web build for HTML pages), so a new deployment is a new tag. A request that `fromPrimary` says
 * reads from the primary (read-routing.ts) is keyed by the primary's version, in a cache of
 * its own; every other by the version its replica has replayed (data-version.ts), so an
 * answer read from a lagging replica is never stored under a version it does not show yet.
 */
export function httpCache(
  dataVersion: DataVersion,
  options: { applies(ctx: Context): boolean; variant?(): string; fromPrimary?(ctx: Context): boolean; perMinute?(ctx: Context): boolean; clock?: () => Date },
): Middleware {
  const replicaCache = new AnswerCache(dataVersion.changeLog(false));
  const primaryCache = new AnswerCache(dataVersion.changeLog(true));
  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !options.applies(ctx)) return next();
    const fromPrimary = options.fromPrimary?.(ctx) ?? false;
    const cache = fromPrimary ? primaryCache : replicaCache;
    const v = await (fromPrimary ? dataVersion.current() : dataVersion.readable());
    if (!v) {
      await next();
      if (ctx.status === 200) cacheControl(ctx, 'revalidate');
      return;
    }
    const minute = options.perMinute?.(ctx) ? `|${Math.floor((options.clock?.() ?? new Date()).getTime() / 60_000)}` : '';
    const variant = `${options.variant?.() ?? ''}${minute}`;
    const key = `${variant}|${ctx.url}`;
    const hit = cache.get(v.version, key);
    // A kept answer keeps the validators of the version it was read at: a write that did not touch
    // what it shows leaves its ETag, so a client holding it still gets a 304.
    const known = hit ?? cache.validators(v.version, key);
    const etag = known?.etag ?? `W/"${createHash('sha1').update(`${v.version}|${variant}|${ctx.url}`).digest('base64url').slice(0, 20)}"`;
    const lastModified = known?.lastModified ?? v.changedAt;
    const validators = () => {
      ctx.set('ETag', etag);
      ctx.set('Last-Modified', lastModified.toUTCString());
      cacheControl(ctx, minute ? 'revalidate' : 'public-read');
      ctx.vary('Accept-Encoding');
    };
    // Only an answer that exists can be "not modified": a 304 is given without a read only for a
    // URL that answered 200 and is still current; any other conditional request is answered in
    // full first, so an unknown URL stays a 404 (If-None-Match: * or a future If-Modified-Since).
    const conditional = notModified(ctx, etag, lastModified);
    if (conditional && known) {
      validators();
      ctx.status = 304;
      return;
    }
    if (hit) {
      validators();
      ctx.type = hit.type;
      // A HEAD is answered as koa-compress answers it: its identity length.
      const encoding = ctx.method === 'GET' ? chooseEncoding(ctx.get('Accept-Encoding') || undefined, hit.body.length) : 'identity';
      if (encoding === 'br' || encoding === 'gzip') {
        ctx.body = await encodedCopy(hit, encoding, (bytes) => cache.keepEncoded(key, hit, encoding, bytes));
        // Set after the body (Koa's length is the compressed one); koa-compress leaves an encoded answer alone.
        ctx.set('Content-Encoding', encoding);
      } else ctx.body = hit.body;
      return;
    }
    await next();
    if (ctx.status !== 200) {
      cacheControl(ctx, 'no-store');
      return;
    }
    if (ctx.state[UNCACHEABLE]) {
      // No validator and nothing shared: a CDN holding it, or a 304 confirming it, would show the
      // failed part to every visitor (and to crawlers, which never run the browser's retry).
      cacheControl(ctx, 'no-store');
      return;
    }
    validators();
    const body: unknown = ctx.body;
    // JSON and HTML answers are kept (as the bytes they are sent as); streams are not.
    const bytes = Buffer.isBuffer(body) ? body : typeof body === 'string' ? Buffer.from(body) : body !== null && typeof body === 'object' && !('pipe' in body) ? Buffer.from(JSON.stringify(body)) : null;
    if (bytes !== null) {
      // Sent as the bytes kept (Koa would otherwise serialise the JSON a second time); the type stays.
      if (bytes !== body) ctx.body = bytes;
      cache.set(v.version, key, { body: bytes, type: ctx.type, etag, lastModified, deps: dependenciesOf(ctx) });
    }
    if (conditional) {
      ctx.body = null;
      ctx.status = 304;
    }
  };
}

const UNCACHEABLE = 'rehberUncacheable';

/** Compressed copies of kept answers this process made, and sent again as kept. */
const encodedCopies = { made: 0, served: 0 };

/** The compressions of kept answers under way, by encoding: the first ask of a copy makes it, the asks meanwhile wait for it. */
const compressing: Record<KeptEncoding, WeakMap<Entry, Promise<Buffer>>> = { br: new WeakMap(), gzip: new WeakMap() };

/** `hit`'s copy in `encoding`: the kept one, or made once however many clients ask for it at the same time, then kept. */
function encodedCopy(hit: Entry, encoding: KeptEncoding, keep: (bytes: Buffer) => void): Promise<Buffer> {
  const ready = hit.encoded?.[encoding];
  const pending = compressing[encoding].get(hit);
  if (ready || pending) {
    encodedCopies.served++;
    return ready ? Promise.resolve(ready) : pending!;
  }
  encodedCopies.made++;
  const made = compressBytes(Buffer.isBuffer(hit.body) ? hit.body : Buffer.from(hit.body), encoding).then((bytes) => {
    keep(bytes);
    return bytes;
  });
  compressing[encoding].set(hit, made);
  // Kept in the entry once made (or dropped if it failed): nothing to wait for any more.
  const done = () => void compressing[encoding].delete(hit);
  made.then(done, done);
  return made;
}

/** How many compressed copies of kept answers were made and how many were served as kept (tests, diagnostics). */
export function encodedCopyStats(): { made: number; served: number } {
  return { ...encodedCopies };
}

/**
 * Keeps this answer out of every cache (a page rendered while one of its reads failed: sent to
 * this visitor, not kept for every later one): no validators, `no-store`.
 */
export function keepOutOfCaches(ctx: Pick<Context, 'state'>): void {
  ctx.state[UNCACHEABLE] = true;
}

/** Admin answers are the admin's alone: nothing may keep them. */
export function noStore(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      // Also on a refusal thrown further in (the error handler keeps headers already set).
      cacheControl(ctx, 'no-store');
    }
  };
}
