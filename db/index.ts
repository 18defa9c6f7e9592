import knex, { type Knex } from 'knex';
import pg from 'pg';
import { readDbConfig, type DbConfig } from './config.js';
import { startEmbedded } from './embedded.js';

export type Db = Knex;

// numeric and bigint come back as strings by default; counts and ratings are small enough for numbers.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** The only place knex is built. */
export function createDb(url: string, pool: { min?: number; max?: number } = {}): Db {
  return knex({
    client: 'pg',
    connection: url,
    pool: { min: pool.min ?? 0, max: pool.max ?? 10 },
  });
}

export interface Database {
  db: Db;
  url: string;
  /** Closes the pool and stops the embedded server when this process started it. */
  close(): Promise<void>;
}

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR. */
export async function openDatabase(config: DbConfig = readDbConfig(), options: { quiet?: boolean } = {}): Promise<Database> {
  if (config.databaseUrl) {
    const db = createDb(config.databaseUrl);
    return { db, url: config.databaseUrl, close: () => db.destroy() };
  }
  const server = await startEmbedded(config.dataDir, config.embeddedPort, options);
  const db = createDb(server.url);
  return {
    db,
    url: server.url,
    close: async () => {
      await db.destroy();
      await server.stop();
    },
  };
}
