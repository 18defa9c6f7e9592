import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { Db } from '../db/index.js';
import type { Memos } from '../data/reads/search-memo.js';
import type { Config } from './config.js';
import type { DataVersion } from './freshness/data-version.js';

/** What every route module is built with. */
export interface AppDeps {
  /**
   * The primary for the admin routers, the session store and every write; the public routers are
   * built with the read replica here instead when there is one (server/app.ts, read-routing.ts).
   */
  db: Db;
  config: Config;
  logger: Logger;
  /** Loads the admin session (koa-session over PostgreSQL); the admin routers mount it. */
  adminSession: Middleware;
  /** The data version public caches key by (server/data-version.ts). */
  dataVersion: DataVersion;
  /** What the search and list reads of `db` keep per data version (data/reads/search-memo.ts): one set per database, shared by the API, the pages and the admin list. */
  memos: Memos;
  /** The time a request is answered at ("open now"); the system clock but in tests. */
  clock?: () => Date;
}
