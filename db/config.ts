import path from 'node:path';
import { z } from 'zod';

/** Database settings shared by the server and the CLI, read once from the environment. */
const schema = z.object({
  DATABASE_URL: z.string().url().optional(),
  // Outside the source folders, so no linter, type checker or test runner walks a running cluster
  // (docs/operations.md says how to move one from the old ./data/pg).
  DATA_DIR: z.string().min(1).default('./var/pg'),
  PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
});

export interface DbConfig {
  /** Set when an external PostgreSQL is used; otherwise the embedded server is started. */
  databaseUrl?: string;
  dataDir: string;
  embeddedPort: number;
  /**
   * PG_PORT was set: that port or nothing. Otherwise a default port held by another program gives
   * way to a free one, remembered beside DATA_DIR (docs/running-several.md).
   */
  embeddedPortChosen?: boolean;
}

export function readDbConfig(env: NodeJS.ProcessEnv = process.env): DbConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid ${issue.path.join('.')}: ${issue.message}`);
  }
  return {
    databaseUrl: parsed.data.DATABASE_URL,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    embeddedPort: parsed.data.PG_PORT,
    embeddedPortChosen: env.PG_PORT !== undefined,
  };
}
