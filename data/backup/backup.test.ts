import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedServer } from '../../db/embedded.js';
import { createDb, type Db } from '../../db/index.js';
import { migrateLatest } from '../../db/migrate.js';
import { createTestDb, type TestDb } from '../../db/test-db.js';
import { freePort } from '../../scripts/free-port.js';
import { writeGeneratedCsv } from '../../scripts/bench/generate.js';
import { importFile } from '../import/import.js';
import { setAdminPassword } from '../store/accounts.js';
import { editBusiness } from '../store/business-writes.js';
import { runCli } from '../../cli/run-cli.fixtures.js';

const rehber = (args: string[], env: NodeJS.ProcessEnv) => runCli(args, { env });

/** Everything the directory is, table by table: row count and a hash of every row. */
const TABLES = ['businesses', 'business_versions', 'slug_redirects', 'page_redirects', 'cities', 'countries', 'categories', 'users', 'imports', 'data_version'];
async function fingerprint(db: Db): Promise<Record<string, { n: number; h: string }>> {
  const out: Record<string, { n: number; h: string }> = {};
  for (const table of TABLES) {
    const { rows } = await db.raw(`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${table} t`);
    out[table] = rows[0] as { n: number; h: string };
  }
  return out;
}

const count = async (db: Db, sql: string, bindings: (string | number)[] = []) => Number((await db.raw(sql, bindings)).rows[0].n);
const lines = (text: string) => text.trim().split('\n');

describe('rehber db backup and rehber db restore', () => {
  let home: string;
  let dataDir: string;
  let uploadDir: string;
  let port: number;
  let server: EmbeddedServer;
  let db: Db;
  let env: NodeJS.ProcessEnv;
  let backupFile: string;

  beforeAll(async () => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-backup-'));
    dataDir = path.join(home, 'pg');
    uploadDir = path.join(home, 'uploads');
    port = await freePort();
    server = await startEmbedded(dataDir, port, { quiet: true });
    db = createDb(server.url, { max: 4 });
    await migrateLatest(db);
    env = { DATA_DIR: dataDir, UPLOAD_DIR: uploadDir, PG_PORT: String(port) };
    backupFile = path.join(home, 'directory.tar.gz');

    // A directory with history: an admin, a finished import, an edit that renamed a slug.
    await setAdminPassword(db, 'admin', 'first password 1');
    const first = path.join(home, 'first.csv');
    await writeGeneratedCsv(first, 300);
    await importFile(db, first, { source: 'cli' });
    const { id } = await db('businesses').orderBy('id').first('id');
    await editBusiness(db, id, { fields: { rating: '4.5' }, slug: 'renamed-before-the-backup' }, 'admin');
    // What lives beside the database: an upload awaiting import and an import's rejected rows.
    fs.mkdirSync(path.join(uploadDir, 'rejected'), { recursive: true });
    fs.writeFileSync(path.join(uploadDir, 'upload-0a1b2c'), 'name,full_address\nA,1 Road\n');
    fs.writeFileSync(path.join(uploadDir, 'rejected', 'import-1-rejected.csv'), 'name,reason\nB,Row 2: no address\n');
    await db.raw('CREATE TABLE backup_churn (n int PRIMARY KEY)');
  }, 300_000);

  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('backs up during an import and restores the directory exactly as it was at that point, without the writes after', async () => {
    // An import under way: its next batch has written its rows and waits, uncommitted, behind the
    // lock on its record, so nothing of the directory commits while the backup runs.
    const big = path.join(home, 'big.csv');
    await writeGeneratedCsv(big, 8_000, { from: 1000 });
    const importDb = createDb(server.url, { max: 4 });
    const importing = importFile(importDb, big, { source: 'cli', batchSize: 250 });
    importing.catch(() => {});
    let importId = 0;
    for (let waited = 0; waited < 60_000; waited += 100) {
      const row = await db('imports').where({ status: 'running' }).first('id', 'imported');
      if (row && row.imported >= 1000) {
        importId = row.id;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(importId).toBeGreaterThan(0);
    const hold = await db.transaction();
    await hold.raw('SELECT 1 FROM imports WHERE id = ? FOR UPDATE', [importId]);

    // Meanwhile other commits go on through the whole copy (a table of this test's own).
    let churning = true;
    let churned = 0;
    const churnDb = createDb(server.url, { max: 1 });
    const churn = (async () => {
      while (churning) await churnDb.raw('INSERT INTO backup_churn VALUES (?)', [++churned]);
    })();

    const before = await fingerprint(db);
    const churnedBefore = churned;
    const backup = await rehber(['db', 'backup', backupFile], env);
    const churnedAfter = churned;
    churning = false;
    await churn;
    await churnDb.destroy();
    expect(backup.stderr).toBe('');
    expect(backup).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Backed up .* and 2 upload file\(s\) to .*directory\.tar\.gz/) });
    const atBackup = await fingerprint(db);
    expect(atBackup).toEqual(before);
    const importedAtBackup = (await db('imports').where({ id: importId }).first('imported')).imported as number;
    const dataVersion = async (d: Db) => Number((await d.raw('SELECT version FROM data_version')).rows[0].version);
    const versionAtBackup = await dataVersion(db);
    expect(fs.readdirSync(home).filter((n) => n.includes('partial'))).toEqual([]);

    // The import finishes; then an edit and a new admin, neither of which the backup may hold.
    await hold.rollback();
    const done = await importing;
    await importDb.destroy();
    expect(done.imported).toBe(8_000);
    const { id } = await db('businesses').orderBy('id').first('id');
    await editBusiness(db, id, { fields: { rating: '1.5' }, slug: 'renamed-after-the-backup' }, 'admin');
    await setAdminPassword(db, 'later', 'later password 1');
    expect(await count(db, 'SELECT count(*) AS n FROM businesses')).toBe(8_300);

    const restoredDir = path.join(home, 'restored', 'pg');
    const restoredUploads = path.join(home, 'restored', 'uploads');
    const restoredPort = await freePort();
    const restore = await rehber(['db', 'restore', backupFile], { DATA_DIR: restoredDir, UPLOAD_DIR: restoredUploads, PG_PORT: String(restoredPort) });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`into ${restoredDir}: ${300 + importedAtBackup} businesses, data version ${versionAtBackup},`);

    const restoredServer = await startEmbedded(restoredDir, restoredPort, { quiet: true });
    const restored = createDb(restoredServer.url, { max: 2 });
    try {
      expect(await fingerprint(restored)).toEqual(atBackup);
      // Spelled out: the import half-way with its record counting exactly its committed rows, the
      // first edit kept, the later edit and admin absent.
      const record = await restored('imports').where({ id: importId }).first('status', 'imported');
      expect(record).toEqual({ status: 'running', imported: importedAtBackup });
      expect(await count(restored, 'SELECT count(*) AS n FROM businesses')).toBe(300 + importedAtBackup);
      expect(await count(restored, "SELECT count(*) AS n FROM businesses WHERE slug = 'renamed-before-the-backup'")).toBe(1);
      expect(await count(restored, "SELECT count(*) AS n FROM businesses WHERE slug = 'renamed-after-the-backup'")).toBe(0);
      expect(await restored('users').pluck('username')).toEqual(['admin']);
      expect(await dataVersion(restored)).toBe(versionAtBackup);
      expect(await dataVersion(db)).toBeGreaterThan(versionAtBackup);
      // The commits during the copy: all up to some point within the backup, none missing before it.
      const churn = (await restored.raw('SELECT count(*)::int AS n, coalesce(max(n), 0) AS top FROM backup_churn')).rows[0] as { n: number; top: number };
      expect(churn.n).toBe(churn.top);
      expect(churn.n).toBeGreaterThanOrEqual(churnedBefore);
      expect(churn.n).toBeLessThanOrEqual(churnedAfter);
    } finally {
      await restored.destroy();
      await restoredServer.stop();
    }
    expect(fs.readFileSync(path.join(restoredUploads, 'upload-0a1b2c'), 'utf8')).toBe('name,full_address\nA,1 Road\n');
    expect(fs.readFileSync(path.join(restoredUploads, 'rejected', 'import-1-rejected.csv'), 'utf8')).toBe('name,reason\nB,Row 2: no address\n');
    expect(fs.readdirSync(path.join(home, 'restored')).sort()).toEqual(['pg', 'pg.credentials.json', 'uploads']);
  }, 300_000);

  it('refuses to restore over a running server or a non-empty DATA_DIR unless --force, saying what it would replace', async () => {
    const running = await rehber(['db', 'restore', backupFile, '--force'], env);
    expect(running.code).toBe(2);
    expect(lines(running.stderr)).toEqual([expect.stringMatching(/^rehber: PostgreSQL \(pid \d+\) is running on DATA_DIR .*: stop rehber/)]);

    const target = { DATA_DIR: path.join(home, 'restored', 'pg'), UPLOAD_DIR: path.join(home, 'restored', 'uploads'), PG_PORT: String(await freePort()) };
    const kept = fs.readdirSync(target.DATA_DIR).sort();
    const refused = await rehber(['db', 'restore', backupFile], target);
    expect(refused.code).toBe(2);
    expect(lines(refused.stderr)).toEqual([
      expect.stringMatching(/^rehber: DATA_DIR .*pg \(a PostgreSQL cluster, \d+ MB\) and UPLOAD_DIR .*uploads \(2 files\) already hold data: rehber db restore --force replaces them/),
    ]);
    expect(fs.readdirSync(target.DATA_DIR).sort()).toEqual(kept);

    const forced = await rehber(['db', 'restore', backupFile, '--force'], target);
    expect(forced.code).toBe(0);
    expect(lines(forced.stdout)[0]).toMatch(/^Replaced DATA_DIR .*\(a PostgreSQL cluster/);
    expect(fs.readdirSync(path.join(home, 'restored')).sort()).toEqual(['pg', 'pg.credentials.json', 'uploads']);
  }, 180_000);

  it('refuses a truncated or foreign file with one line, leaving nothing behind', async () => {
    const cut = path.join(home, 'cut.tar.gz');
    fs.writeFileSync(cut, fs.readFileSync(backupFile).subarray(0, Math.floor(fs.statSync(backupFile).size / 2)));
    const target = { DATA_DIR: path.join(home, 'never', 'pg'), UPLOAD_DIR: path.join(home, 'never', 'uploads'), PG_PORT: String(await freePort()) };
    const truncated = await rehber(['db', 'restore', cut], target);
    expect(truncated.code).toBe(1);
    expect(lines(truncated.stderr)).toEqual(['rehber: cut.tar.gz is truncated: it ends before its manifest (an interrupted backup or copy)']);

    const foreign = path.join(home, 'foreign.csv');
    fs.writeFileSync(foreign, 'name,full_address\nA,1 Road\n');
    const notOurs = await rehber(['db', 'restore', foreign], target);
    expect(notOurs.code).toBe(1);
    expect(lines(notOurs.stderr)).toEqual(['rehber: foreign.csv is not a rehber backup (it does not start with rehber-backup.json)']);
    expect(fs.readdirSync(path.join(home, 'never'))).toEqual([]);
  }, 120_000);

  describe('on a DATABASE_URL server', () => {
    let external: TestDb;
    beforeAll(async () => {
      external = await createTestDb();
    });
    afterAll(() => external.drop());

    it('refuses with one line naming the tools of the server’s version, writing nothing', async () => {
      const file = path.join(home, 'external.tar');
      const res = await rehber(['db', 'backup', file], { DATABASE_URL: external.url, UPLOAD_DIR: uploadDir });
      const major = String((await external.db.raw('SHOW server_version')).rows[0].server_version).split('.')[0];
      expect(res.code).toBe(2);
      expect(lines(res.stderr)).toEqual([expect.stringMatching(new RegExp(`^rehber: rehber db backup .*DATABASE_URL points to PostgreSQL ${major}\\.\\S+: use pg_dump or pg_basebackup of version ${major} instead$`))]);
      expect(fs.readdirSync(home).filter((n) => n.includes('external'))).toEqual([]);
    });
  });
});
