import type { Logger } from 'pino';
import type { Db } from '../db/index.js';
import type { Config } from './config.js';

/** What every route module is built with. */
export interface AppDeps {
  db: Db;
  config: Config;
  logger: Logger;
}
