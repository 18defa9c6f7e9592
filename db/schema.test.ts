import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeSchema } from './schema.js';
import { createTestDb, type TestDb } from './test-db.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.drop();
});

describe('db/schema.sql', () => {
  it('is the schema every migration leaves on a fresh database (run `npm run schema` after adding one)', async () => {
    const committed = fs.readFileSync(path.join(import.meta.dirname, 'schema.sql'), 'utf8');
    expect(await describeSchema(t.db)).toBe(committed);
  });

  it('reads the same twice: its order does not depend on the catalog', async () => {
    expect(await describeSchema(t.db)).toBe(await describeSchema(t.db));
  });

  it('holds the search document, the folding and the triggers', () => {
    const committed = fs.readFileSync(path.join(import.meta.dirname, 'schema.sql'), 'utf8');
    expect(committed).toMatch(/CREATE OR REPLACE FUNCTION public\.rehber_fold\(/);
    expect(committed).toMatch(/CREATE TRIGGER businesses_search_document BEFORE INSERT OR UPDATE/);
    expect(committed).not.toMatch(/knex_migrations/);
  });
});
