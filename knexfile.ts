import { readDbConfig } from './db/config.js';
import { migrationConfig } from './db/migrate.js';

// For the knex CLI only; the app itself uses db/index.ts. Needs DATABASE_URL (the embedded
// server is started by `rehber db migrate`, not by knex).
const config = readDbConfig();

export default {
  client: 'pg',
  connection: config.databaseUrl,
  migrations: migrationConfig,
};
