import Koa from 'koa';
import type Router from '@koa/router';
import pino from 'pino';
import type { Db } from '../db/index.js';
import type { Config } from './config.js';
import type { AppDeps } from './deps.js';
import { newMemos } from '../data/reads/search-memo.js';
import { cleanInput } from './middleware/clean-input.js';
import { compression } from './middleware/compression.js';
import { errorHandler } from './middleware/errors.js';
import { bodyDeadline } from './middleware/body-deadline.js';
import { letGo } from './middleware/let-go.js';
import { requestLogger } from './middleware/request-logger.js';
import { securityHeaders } from './middleware/security.js';
import { readQueue } from './middleware/read-queue.js';
import { sessions } from './middleware/session.js';
import { publicRoutes } from './routes/public.js';
import { authRoutes } from './routes/admin/auth.js';
import { importRoutes } from './routes/admin/import.js';
import { businessAdminRoutes } from './routes/admin/businesses.js';
import { sitemapAdminRoutes } from './routes/admin/sitemap.js';
import { placesAdminRoutes } from './routes/admin/places.js';
import { groupAdminRoutes } from './routes/admin/groups.js';
import { activityAdminRoutes } from './routes/admin/activity.js';
import { trashAdminRoutes } from './routes/admin/trash.js';
import { sitemapRoutes } from './routes/sitemaps.js';
import { photoRoutes } from './routes/photos.js';
import { mapRoutes } from './routes/map.js';
import { defaultDistDir, pageMatchOf, pageRoutes, webBuildTag } from './routes/pages.js';
import { DataVersion } from './freshness/data-version.js';
import { httpCache } from './freshness/http-cache.js';
import { byReader, countStatements, readRouting, readsFromPrimary } from './freshness/read-routing.js';
import { Readiness } from './readiness.js';
import { readinessRoutes } from './routes/readiness.js';
import { createMetrics, type Metrics } from './metrics.js';
import type { RouteMatcher } from './middleware/metrics.js';

export interface CreateAppOptions {
  db: Db;
  /** A streaming replica of `db` for public reads (DATABASE_REPLICA_URL); `db` when there is none. */
  readDb?: Db;
  config: Config;
  logger?: pino.Logger;
  /** The time requests are answered at ("open now" reads it); tests fix it. */
  clock?: () => Date;
}

/**
 * The app, the data version it watches (stop it when the app stops), its readiness (a shutdown
 * begins there) and, when config.metrics asks for them, its metrics (served on their own listener).
 */
export type RehberApp = Koa & { dataVersion: DataVersion; readiness: Readiness; metrics: Metrics | null };

/** Builds the Koa app; the middleware order lives here and nowhere else. */
export function createApp({ db, readDb = db, config, logger = pino({ level: config.logLevel }), clock = () => new Date() }: CreateAppOptions): RehberApp {
  // ctx.ip is the left-most of the last maxIpsCount X-Forwarded-For entries: the client as the
  // outermost trusted proxy saw it, never an entry the client wrote.
  const app = new Koa({ proxy: config.trustProxy, maxIpsCount: config.trustProxy ? config.proxyHops : 0, keys: [config.sessionSecret] });
  const dataVersion = new DataVersion(db, logger, readDb, config.replicaMaxLagMs);
  const replicated = readDb !== db;
  const readiness = new Readiness(db, dataVersion, replicated);
  // The routers, once built below: the metrics name the route of an answer sent before them.
  const routers: RouteMatcher[] = [];
  const readsFrom = (ctx: Koa.Context) => (isPublicRead(ctx) ? (readsFromPrimary(ctx) ? 'primary' : 'replica') : null);
  const reads = readQueue({ concurrency: config.readConcurrency, applies: isPublicRead });
  const metrics = config.metrics ? createMetrics({ db, readDb: replicated ? readDb : undefined, dataVersion, reads, routers, readsFrom: replicated ? readsFrom : undefined }) : null;
  // First: every request body is watched from its first byte to its last (docs/security-limits.md).
  app.use(bodyDeadline(config.bodyLimits));
  // A sent answer's body and state are let go of at once, not at the next full collection.
  app.use(letGo());
  // The logger and the metrics wrap the error handler so that they see the status the client was
  // sent (a 401, 403 or 429 raised below would otherwise be logged as Koa's default 404).
  app.use(requestLogger(logger));
  if (metrics) app.use(metrics.requests);
  app.use(errorHandler(logger));
  app.use(securityHeaders(config));
  app.use(compression());
  app.use(cleanInput());
  if (replicated) app.use(readRouting(dataVersion));
  // Public reads (the API and the pages) by data version: 304s, an answer cache, CDN headers.
  const distDir = defaultDistDir();
  app.use(httpCache(dataVersion, { applies: isPublicRead, variant: () => webBuildTag(distDir), fromPrimary: readsFromPrimary, perMinute: (ctx) => ctx.query.open !== undefined, clock }));
  // Only the reads the kept answers did not serve wait their turn.
  app.use(reads.middleware);
  // The session, the same-origin check, the guard and the JSON body parser are mounted on the
  // admin routers themselves (routes/admin/router.ts), not on a spelling of their path.
  const deps: AppDeps = { db, config, logger, adminSession: sessions(app, { db, logger }), dataVersion, memos: newMemos(), clock };
  // Every statement either database sends for a public answer counts against reading it whole (read-routing.ts).
  countStatements(db);
  countStatements(readDb);
  // Public reads go to the replica, except a writing client's (server/read-routing.ts).
  const readDeps: AppDeps = { ...deps, db: readDb, memos: replicated ? newMemos() : deps.memos };
  const publicReads = (build: (d: AppDeps) => Router): Pick<Router, 'routes' | 'allowedMethods' | 'match'> => {
    const primary = build(deps);
    if (!replicated) return primary;
    const replica = build(readDeps);
    return {
      routes: () => byReader(primary.routes(), replica.routes()),
      allowedMethods: () => byReader(primary.allowedMethods(), replica.allowedMethods()),
      match: (path, method) => primary.match(path, method),
    };
  };

  for (const router of [
    readinessRoutes(readiness),
    publicReads(publicRoutes),
    authRoutes(deps),
    importRoutes(deps),
    businessAdminRoutes(deps),
    sitemapAdminRoutes(deps),
    placesAdminRoutes(deps),
    groupAdminRoutes(deps),
    activityAdminRoutes(deps),
    trashAdminRoutes(deps),
    publicReads(sitemapRoutes),
    // One photo store per process (its fetches and failures are shared): the slug lookup is one
    // index read on the primary.
    photoRoutes(deps),
    mapRoutes(deps),
  ]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
    routers.push(router);
  }
  // Last: server-rendered heads, the built SPA and its history fallback, real 404s.
  app.use(replicated ? byReader(pageRoutes(deps), pageRoutes(readDeps)) : pageRoutes(deps));
  // Errors after the headers went out (a streamed body failing) reach only this event. A client
  // that went away early (a crawler closing after the headers) is routine: one info line. A client
  // that hung up in the middle of its request body already has that line: the request logger's.
  app.on('error', (err: NodeJS.ErrnoException, ctx?: Koa.Context) => {
    if (clientWentAway(err) && ctx?.req?.complete === false) return;
    if (clientWentAway(err)) logger.info({ path: ctx?.path, code: err.code }, 'client closed the connection early');
    else logger.error({ err, path: ctx?.path }, 'response failed');
  });
  return Object.assign(app, { dataVersion, readiness, metrics });
}

/** A public read: the public API and the site's pages, not admin, health, assets or sitemaps. */
function isPublicRead(ctx: Koa.Context): boolean {
  const lower = ctx.path.toLowerCase();
  if (lower.startsWith('/api/')) return !lower.startsWith('/api/admin');
  const page = pageMatchOf(ctx);
  return page !== null && page.kind !== 'admin';
}

// HPE_INVALID_EOF_STATE: Node's parser met the end of the connection before the announced body.
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ERR_STREAM_DESTROYED', 'ECONNABORTED', 'HPE_INVALID_EOF_STATE']);
const clientWentAway = (err: NodeJS.ErrnoException) => CLIENT_GONE.has(err.code ?? '');
