import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { Db } from '../db/index.js';
import type { Config } from './config.js';
import type { DataVersion } from './data-version.js';

/** What every route module is built with. */
export interface AppDeps {
  db: Db;
  config: Config;
  logger: Logger;
  /** Loads the admin session (koa-session over PostgreSQL); the admin routers mount it. */
  adminSession: Middleware;
  /** The data version public caches key by (server/data-version.ts). */
  dataVersion: DataVersion;
}
