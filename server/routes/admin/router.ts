import { bodyParser } from '@koa/bodyparser';
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { badRequest, tooLarge } from '../../errors.js';
import { hasNul } from '../../middleware/clean-input.js';
import type { AppDeps } from '../../deps.js';
import { requireAdmin } from '../../middleware/require-admin.js';
import { sameOrigin } from '../../middleware/same-origin.js';
import { noStore } from '../../middleware/http-cache.js';
import { newRouter } from '../router.js';

const parseJson = bodyParser({ enableTypes: ['json'], jsonLimit: '20mb' });

/**
 * JSON bodies of admin calls, parsed only once the caller has passed the guard. A body that is not
 * JSON, not an object, or carries a NUL character is a 400, never a 500.
 */
const jsonBody: Middleware = async (ctx, next) => {
  try {
    await parseJson(ctx, async () => {});
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status === 413) throw tooLarge('Request body too large');
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

export function adminRouter(deps: AppDeps, options: { open?: boolean; prefix?: string } = {}): Router {
  const router = newRouter(`/api/admin${options.prefix ?? ''}`);
  // Admin answers (and refusals) are the admin's alone: no browser or proxy may keep them.
  router.use(noStore(), freshAfterWrites(deps.dataVersion), deps.adminSession, sameOrigin());
  if (!options.open) router.use(requireAdmin(deps.db));
  router.use(jsonBody);
  return router;
}
