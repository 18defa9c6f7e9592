import { bodyParser } from '@koa/bodyparser';
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { badRequest, tooLarge } from '../../errors.js';
import { hasNul } from '../../middleware/clean-input.js';
import type { AppDeps } from '../../deps.js';
import { requireAdmin } from '../../middleware/require-admin.js';
import { allowLongBody } from '../../middleware/body-deadline.js';
import { sameOrigin } from '../../middleware/same-origin.js';
import { noStore } from '../../freshness/http-cache.js';
import { newRouter } from '../router.js';

/**
 * Largest JSON body read (413 past it, refused on its Content-Length before a byte is read when it
 * has one). The open routes (sign-in, check, sign-out) take a username and a password from anyone,
 * before the throttle: 16 KB. Signed-in calls take a business edit (22 fields of up to a
 * spreadsheet cell, 32,767 characters, in UTF-8 and JSON escapes): 4 MB. Only the pasted CSV of
 * POST /import may be big (a paste of up to 5 MB of text, escaped): 20 MB. docs/security-limits.md.
 */
export const JSON_LIMITS = { open: 16 * 1024, admin: 4 * 1024 * 1024, pastedCsv: 20 * 1024 * 1024 } as const;

const parsers = new Map<number, Middleware>();
const parserFor = (limit: number): Middleware => {
  let parser = parsers.get(limit);
  if (!parser) parsers.set(limit, (parser = bodyParser({ enableTypes: ['json'], jsonLimit: limit }) as Middleware));
  return parser;
};

/**
 * JSON bodies of admin calls, parsed only once the caller has passed the guard, up to `limitOf`
 * the request. A body that is not JSON, not an object, or carries a NUL character is a 400, never
 * a 500; a larger one a 413.
 */
const jsonBody = (limitOf: (path: string) => number): Middleware => async (ctx, next) => {
  try {
    await parserFor(limitOf(ctx.path))(ctx, async () => {});
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status === 413) {
      // The rest is read and dropped (under the body's deadline) so the client sees the 413:
      // closing with unread bytes would reset the connection before it reads the answer.
      ctx.req.resume();
      throw tooLarge('Request body too large');
    }
    throw badRequest('Malformed JSON body');
  }
  const body: unknown = ctx.request.body;
  if (ctx.is('application/json') && (body === null || typeof body !== 'object' || Array.isArray(body))) {
    throw badRequest('The request body must be a JSON object');
  }
  if (hasNul(body)) throw badRequest('The request body contains a NUL character');
  await next();
};

/**
 * A router under /api/admin with the guard mounted on the router itself: its own middleware loads
 * the session, refuses cross-site writes and (unless `open`: login, check, logout) requires a
 * signed-in admin. @koa/router runs a router's middleware only for a request that one of its routes
 * matches, with the same case-sensitive, strict matching, so the guard covers exactly what the
 * router serves, whatever spelling a request tries. Only these routers read the session.
 */
/** After an admin write, this process's public caches follow at once (server/data-version.ts). */
function freshAfterWrites(dataVersion: AppDeps['dataVersion']): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') await dataVersion.refresh().catch(() => {});
    }
  };
}

/**
 * An answer of JSON is sent as its bytes, serialised here once: Koa would serialise it twice (the
 * compression middleware measures its length, then Koa writes it), a tenth of a busy admin list's
 * time. Its type stays JSON; streams (an export), text and bytes pass as they are.
 */
function jsonOnce(): Middleware {
  return async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && !('pipe' in body)) ctx.body = Buffer.from(JSON.stringify(body));
  };
}

/**
 * `largeBodies`: the routes (paths under the router's prefix) that take the pasted CSV's limit; the
 * router is strict and case-sensitive, so the path a route answers is exactly `ctx.path`.
 */
export function adminRouter(deps: AppDeps, options: { open?: boolean; prefix?: string; largeBodies?: string[] } = {}): Router {
  const base = `/api/admin${options.prefix ?? ''}`;
  const router = newRouter(base);
  const large = new Set((options.largeBodies ?? []).map((p) => base + p));
  const limit = options.open ? JSON_LIMITS.open : JSON_LIMITS.admin;
  // Admin answers (and refusals) are the admin's alone: no browser or proxy may keep them.
  router.use(noStore(), jsonOnce(), freshAfterWrites(deps.dataVersion), deps.adminSession, sameOrigin());
  // A signed-in admin's body (a big upload on a slow link) is held to a minimum rate instead of a deadline.
  if (!options.open) router.use(requireAdmin(deps.db), (ctx, next) => (allowLongBody(ctx), next()));
  router.use(jsonBody((path) => (large.has(path) ? JSON_LIMITS.pastedCsv : limit)));
  return router;
}
