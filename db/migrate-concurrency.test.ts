import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './index.js';
import { migrateLatest, pendingMigrations } from './migrate.js';
import { migrations } from './migrations/index.js';
import { createTestDb, withDatabase } from './test-db.js';

/** Several servers started at once on one database, and a server older than its database. */
describe('migrations on start', () => {
  const dropped: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of dropped) await drop();
  });

  async function emptyDatabase(): Promise<string> {
    const adminUrl = process.env.REHBER_TEST_ADMIN_URL!;
    const name = `m_${randomBytes(6).toString('hex')}`;
    const admin = createDb(adminUrl, { max: 1 });
    await admin.raw(`CREATE DATABASE ${name}`);
    await admin.destroy();
    dropped.push(async () => {
      const a = createDb(adminUrl, { max: 1 });
      await a.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.destroy();
    });
    return withDatabase(adminUrl, name);
  }

  it('three processes migrating a fresh database at once all succeed, and it ends with every migration once', { timeout: 120_000 }, async () => {
    const url = await emptyDatabase();
    // One pool each, as three server processes would have.
    const dbs: Db[] = [createDb(url), createDb(url, { max: 2 }), createDb(url, { max: 1 })];
    try {
      const results = await Promise.allSettled(dbs.map((db) => migrateLatest(db)));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const applied = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
      expect(applied.sort()).toEqual(Object.keys(migrations).sort());
      expect(await pendingMigrations(dbs[0])).toEqual([]);
      const { rows } = await dbs[0].raw(`SELECT count(*)::int AS n, count(DISTINCT name)::int AS d FROM knex_migrations`);
      expect(rows[0]).toEqual({ n: Object.keys(migrations).length, d: Object.keys(migrations).length });
      const tables = await dbs[0].raw(`SELECT to_regclass('public.businesses') AS b, to_regclass('public.imports') AS i`);
      expect(tables.rows[0]).toEqual({ b: 'businesses', i: 'imports' });
    } finally {
      await Promise.all(dbs.map((db) => db.destroy()));
    }
  });

  it('refuses to migrate a database a newer rehber migrated, naming its newest unknown migration', async () => {
    const t = await createTestDb();
    dropped.push(() => t.drop());
    await t.db('knex_migrations').insert([
      { name: '20991230A-add-something', batch: 99, migration_time: new Date() },
      { name: '20991231B-add-another', batch: 99, migration_time: new Date() },
    ]);
    await expect(migrateLatest(t.db)).rejects.toThrow(
      'The database has migration 20991231B-add-another and 1 more, newer than this version of rehber knows: upgrade rehber before starting it on this database',
    );
  });
});
