/**
 * `npm run schema`: migrates a throwaway database from nothing and writes its schema to
 * db/schema.sql (db/schema.ts). Run it after adding a migration; db/schema.test.ts fails until then.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describeSchema } from '../db/schema.js';
import { createTestDb } from '../db/test-db.js';
import setup from './test-global-setup.js';

export const SCHEMA_FILE = path.join(import.meta.dirname, '../db/schema.sql');

const teardown = await setup();
try {
  const t = await createTestDb();
  try {
    fs.writeFileSync(SCHEMA_FILE, await describeSchema(t.db));
  } finally {
    await t.drop();
  }
  console.log(`Wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
} finally {
  await teardown();
}
