import Koa from 'koa';
import compress from 'koa-compress';
import { bodyParser } from '@koa/bodyparser';
import pino from 'pino';
import type { Db } from '../db/index.js';
import type { Config } from './config.js';
import type { AppDeps } from './deps.js';
import { errorHandler } from './middleware/errors.js';
import { requestLogger } from './middleware/request-logger.js';
import { securityHeaders } from './middleware/security.js';
import { sessions } from './middleware/session.js';
import { sameOrigin } from './middleware/same-origin.js';
import { requireAdmin } from './middleware/require-admin.js';
import { publicRoutes } from './routes/public.js';
import { authRoutes } from './routes/admin/auth.js';
import { importRoutes } from './routes/admin/import.js';
import { businessAdminRoutes } from './routes/admin/businesses.js';
import { sitemapAdminRoutes } from './routes/admin/sitemap.js';
import { sitemapRoutes } from './routes/sitemaps.js';
import { pageRoutes } from './routes/pages.js';

const ADMIN_API = '/api/admin/';

export interface CreateAppOptions {
  db: Db;
  config: Config;
  logger?: pino.Logger;
}

/** Builds the Koa app; the middleware order lives here and nowhere else. */
export function createApp({ db, config, logger = pino({ level: config.logLevel }) }: CreateAppOptions): Koa {
  const app = new Koa({ proxy: config.trustProxy, keys: [config.sessionSecret] });
  const deps: AppDeps = { db, config, logger };

  app.use(errorHandler(logger));
  app.use(requestLogger(logger));
  app.use(securityHeaders(config));
  app.use(compress());
  // Only the admin API reads the session; koa-session with a store loads it from PostgreSQL on
  // every request carrying the cookie, so a signed-in admin's page and asset loads would each
  // cost a query.
  const session = sessions(app, deps);
  app.use((ctx, next) => (ctx.path.startsWith(ADMIN_API) ? session(ctx, next) : next()));
  // State-changing admin calls from another site are refused before anything else sees them.
  app.use(sameOrigin());
  // Every /api/admin/* route except login and check needs a session: one guard, here.
  app.use(requireAdmin({ except: ['/api/admin/login', '/api/admin/check', '/api/admin/logout'] }));
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '20mb' }));

  for (const router of [
    publicRoutes(deps),
    authRoutes(deps),
    importRoutes(deps),
    businessAdminRoutes(deps),
    sitemapAdminRoutes(deps),
    sitemapRoutes(deps),
  ]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  // Last: server-rendered heads, the built SPA and its history fallback, real 404s.
  app.use(pageRoutes(deps));
  return app;
}
