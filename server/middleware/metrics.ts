import path from 'node:path';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Counter, Histogram } from 'prom-client';
import { ADMIN_PAGES, CITY_CATEGORY_ROUTE, COUNTRY_CATEGORY_ROUTE, DISTRICT_CATEGORY_ROUTE, slugRoute, STATIC_PAGES } from '../../domain/paths.js';
import { pageMatchOf } from '../routes/pages.js';

/** Methods named as they are; any other (Node's parser knows some thirty) is counted as `other`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route a request is counted under: never its URL, which a stranger writes, but a template
 * the code declares: the router's matched route (`/api/businesses/:slug`), the page's path
 * (`/details/:slug`), `static file`, or `unmatched` for everything else. So however many distinct
 * URLs arrive, the series stay as many as the routes times the statuses they answer.
 */
export function routeOf(ctx: Context, routers: readonly RouteMatcher[] = []): string {
  // @koa/router records the template (its prefix included) of the route or router middleware it ran.
  const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  // An answer sent before any router ran (from the answer cache, a 304): the route that serves it.
  for (const router of routers) {
    const route = router.match(ctx.path, ctx.method).pathAndMethod.findLast((layer) => layer.methods.length > 0);
    if (route) return String(route.path);
  }
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return 'unmatched';
  const page = pageMatchOf(ctx);
  if (page?.kind === 'static') return STATIC_PAGES[page.page];
  if (page?.kind === 'slug') return slugRoute(page.page);
  if (page?.kind === 'cityCategory') return CITY_CATEGORY_ROUTE;
  if (page?.kind === 'districtCategory') return DISTRICT_CATEGORY_ROUTE;
  if (page?.kind === 'countryCategory') return COUNTRY_CATEGORY_ROUTE;
  if (page?.kind === 'admin') return `${ADMIN_PAGES.dashboard}/*`;
  // The built client's files (hashed assets, icons), found: a miss is a 404 page, `unmatched`.
  if ((ctx.path.startsWith('/assets/') || path.extname(ctx.path)) && ctx.status < 400) return 'static file';
  return 'unmatched';
}

/** What routeOf asks of a router: which of its routes a path and method match. */
export type RouteMatcher = Pick<Router, 'match'>;

export interface RequestMetrics {
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route'>;
  /** With a read replica: public reads by the database they went to. */
  publicReads?: Counter<'database'>;
}

export interface RequestMetricsOptions {
  /** The app's routers, to name the route of an answer sent before they ran (filled once they are built). */
  routers: readonly RouteMatcher[];
  /** With a read replica: which database a request's public reads went to (null: not a public read). */
  readsFrom?: (ctx: Context) => 'primary' | 'replica' | null;
}

/**
 * Counts every request by method, route and the status the client was sent, and times it until
 * its answer is ready (a streamed body's transfer aside, as in the request log). Mounted outside
 * the error handler, beside the request logger.
 */
export function requestMetrics(metrics: RequestMetrics, options: RequestMetricsOptions): Middleware {
  const { routers, readsFrom } = options;
  return async (ctx, next) => {
    const start = performance.now();
    let failed = false;
    try {
      await next();
    } catch (err) {
      failed = true;
      throw err;
    } finally {
      const method = METHODS.has(ctx.method) ? ctx.method : 'other';
      const route = routeOf(ctx, routers);
      metrics.requests.inc({ method, route, status: String(failed ? 500 : ctx.status) });
      metrics.duration.observe({ method, route }, (performance.now() - start) / 1000);
      const database = readsFrom?.(ctx);
      if (database) metrics.publicReads?.inc({ database });
    }
  };
}
