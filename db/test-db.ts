import { randomBytes } from 'node:crypto';
import { createDb, type Db } from './index.js';

/**
 * For tests: a fresh database cloned from the migrated template that the vitest global setup
 * prepared (or from TEST_DATABASE_URL's server). Each test file gets its own, so files run in
 * parallel without seeing each other's rows.
 */
export interface TestDb {
  db: Db;
  url: string;
  drop(): Promise<void>;
}

export async function createTestDb(): Promise<TestDb> {
  const adminUrl = process.env.REHBER_TEST_ADMIN_URL;
  const template = process.env.REHBER_TEST_TEMPLATE;
  if (!adminUrl || !template) throw new Error('The vitest global setup did not run (REHBER_TEST_ADMIN_URL missing)');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = createDb(adminUrl, { max: 1 });
  try {
    await admin.raw(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.destroy();
  }
  const url = withDatabase(adminUrl, name);
  const db = createDb(url);
  return {
    db,
    url,
    async drop() {
      await db.destroy();
      const a = createDb(adminUrl, { max: 1 });
      try {
        await a.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await a.destroy();
      }
    },
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A statement as knex's query event tells it. */
export interface SentStatement {
  sql: string;
  bindings: unknown[];
  options?: { name?: string };
}

/** The statements `db` sends while `read` runs, in order. */
export async function statementsSent(db: Db, read: () => Promise<unknown>): Promise<SentStatement[]> {
  const sent: SentStatement[] = [];
  const heard = (q: { sql: string; bindings?: unknown[]; options?: { name?: string } }) => void sent.push({ sql: q.sql, bindings: q.bindings ?? [], options: q.options });
  db.on('query', heard);
  try {
    await read();
  } finally {
    db.removeListener('query', heard);
  }
  return sent;
}
