import { bodyParser } from '@koa/bodyparser';
import type Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { requireAdmin } from '../../middleware/require-admin.js';
import { sameOrigin } from '../../middleware/same-origin.js';
import { newRouter } from '../router.js';

/** JSON bodies of admin calls, parsed only once the caller has passed the guard. */
const jsonBody = bodyParser({ enableTypes: ['json'], jsonLimit: '20mb' });

/**
 * A router under /api/admin with the guard mounted on the router itself: its own middleware loads
 * the session, refuses cross-site writes and (unless `open`: login, check, logout) requires a
 * signed-in admin. @koa/router runs a router's middleware only for a request that one of its routes
 * matches, with the same case-sensitive, strict matching, so the guard covers exactly what the
 * router serves, whatever spelling a request tries. Only these routers read the session.
 */
export function adminRouter(deps: AppDeps, options: { open?: boolean; prefix?: string } = {}): Router {
  const router = newRouter(`/api/admin${options.prefix ?? ''}`);
  router.use(deps.adminSession, sameOrigin());
  if (!options.open) router.use(requireAdmin());
  router.use(jsonBody);
  return router;
}
