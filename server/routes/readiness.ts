import type Router from '@koa/router';
import type { Readiness } from '../readiness.js';
import { newRouter } from './router.js';
import { cacheControl } from '../freshness/cache-control.js';

/** /readyz: 200 when this server should get traffic, 503 with the reasons when not (server/readiness.ts). */
export function readinessRoutes(readiness: Readiness): Router {
  const router = newRouter();
  router.get('/readyz', async (ctx) => {
    const report = await readiness.check();
    // A probe must see this server's state now, never a cache's copy.
    cacheControl(ctx, 'no-store');
    ctx.status = report.ready ? 200 : 503;
    ctx.body = report;
  });
  return router;
}
