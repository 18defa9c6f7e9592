import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportRecord, ImportResult, ReresolveStatus, UndoResult } from '../domain/types.js';
import { useTempDir, useTestDb } from '../scripts/test-hooks.fixtures.js';
import { startServerProcess, type ServerProcess } from './server-process.fixtures.js';
import { signIn } from './test-login.js';

const PASSWORD = 'a long enough password';
/** Asked this many times in a row, on a new connection each: round-robin sends two to each worker. */
const SPREAD = 4;
/** Above the web import's batch (PACED_BATCH_SIZE): the file commits in two batches. */
const ROWS = 6_000;
/** The advisory lock key the test holds to stop a job half-way (see holdAt). */
const HOLD_KEY = 424_242;

/**
 * The admin's flows on a server of two processes (SERVER_PROCESSES=2): every request goes on a
 * new connection, so consecutive requests land on different workers. Whatever one worker kept
 * in its own memory would be missing on the other.
 */
describe('the admin on a server of two processes', () => {
  const t = useTestDb();
  const uploadDir = useTempDir('rehber-processes-admin-');
  let run: ServerProcess;
  let url = '';
  let cookie = '';

  beforeAll(async () => {
    run = startServerProcess({
      PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: t.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: PASSWORD, SERVER_PROCESSES: '2', UPLOAD_DIR: uploadDir,
    });
    url = await run.serving;
    cookie = await signIn(url, 'admin', PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await run?.stop();
  });

  /** One call on a connection of its own, with the admin's session unless told. */
  async function call<T>(method: string, path: string, body?: unknown, session = cookie): Promise<{ status: number; body: T }> {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { cookie: session, origin: url, connection: 'close', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** The same call SPREAD times, each on a new connection (so on both workers). */
  async function everywhere<T>(method: string, path: string, body?: unknown, session = cookie) {
    const answers: { status: number; body: T }[] = [];
    for (let i = 0; i < SPREAD; i++) answers.push(await call<T>(method, path, body, session));
    return answers;
  }

  /**
   * Makes every write the trigger's WHEN allows wait for HOLD_KEY while the test holds it: a job
   * stops half-way, at a point the test chooses, with what it committed before visible to all.
   * `release()` lets it go on.
   */
  async function holdAt(event: 'INSERT' | 'UPDATE', table: string, when: string): Promise<{ release(): Promise<void> }> {
    await t.db.raw(`CREATE OR REPLACE FUNCTION test_hold() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_advisory_xact_lock_shared(${HOLD_KEY}); RETURN NEW; END $$`);
    const holder = await t.db.transaction();
    await holder.raw(`SELECT pg_advisory_xact_lock(${HOLD_KEY})`);
    try {
      await t.db.raw(`CREATE TRIGGER test_hold BEFORE ${event} ON ${table} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION test_hold()`);
    } catch (err) {
      await holder.commit();
      throw err;
    }
    return {
      async release() {
        // The lock first: the held write keeps its table locked, and DROP TRIGGER would wait for it.
        await holder.commit();
        await t.db.raw(`DROP TRIGGER test_hold ON ${table}`);
      },
    };
  }

  it('uploads, previews, imports (its progress read on both workers), and undoes a file, each step on another worker', { timeout: 240_000 }, async () => {
    const header = 'name,category,full_address,city,state,country,place_id';
    const rows = Array.from({ length: ROWS }, (_, i) => `Cluster Shop ${i},Plumber,"${i} Main St, Austin, TX 78701, United States",Austin,TX,United States,CLU${i}`);
    const form = new FormData();
    form.append('file', new Blob([[header, ...rows].join('\n') + '\n']), 'cluster.csv');
    const uploaded = await fetch(`${url}/api/admin/upload-excel`, { method: 'POST', headers: { cookie, origin: url, connection: 'close' }, body: form });
    expect(uploaded.status).toBe(200);
    const { filePath: token, rowCount } = (await uploaded.json()) as { filePath: string; rowCount: number };
    expect(rowCount).toBe(ROWS);

    // The token and the file are found by the next worker, and the preview's token by the one after.
    const preview = await call<ImportPreview>('POST', '/api/admin/import-preview', { filePath: token });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ dryRun: true, imported: ROWS, updated: 0, rejected: 0 });

    // The import stops after its first batch (every later update of its record waits): the
    // record, read from any worker, shows it running with what it committed so far.
    const hold = await holdAt('UPDATE', 'imports', 'OLD.rows_read > 0');
    let importing: Promise<{ status: number; body: ImportResult }> | undefined;
    try {
      importing = call<ImportResult>('POST', '/api/admin/import-excel-stream', { filePath: preview.body.filePath });
      const running = (r: ImportRecord | undefined) => r?.status === 'running' && r.imported > 0;
      await expect.poll(async () => running((await call<ImportRecord[]>('GET', '/api/admin/imports')).body[0]), { timeout: 120_000, interval: 200 }).toBe(true);
      for (const { status, body } of await everywhere<ImportRecord[]>('GET', '/api/admin/imports')) {
        expect(status).toBe(200);
        expect(body[0]).toMatchObject({ fileName: 'cluster.csv', status: 'running' });
        expect(body[0].imported).toBeGreaterThan(0);
        expect(body[0].imported).toBeLessThan(ROWS);
      }
    } finally {
      await hold.release();
    }
    const imported = await importing!;
    expect(imported).toMatchObject({ status: 200, body: { success: true, imported: ROWS, updated: 0, skipped: 0 } });
    const id = imported.body.importId;
    for (const { body } of await everywhere<ImportRecord>('GET', `/api/admin/imports/${id}`)) expect(body).toMatchObject({ status: 'done', imported: ROWS, undoneAt: null });

    // The undo's plan on one worker, the undo on the next, its result seen by both.
    for (const { body } of await everywhere<{ removes: number }>('GET', `/api/admin/imports/${id}/undo`)) expect(body).toMatchObject({ removes: ROWS });
    const undone = await call<UndoResult>('POST', `/api/admin/imports/${id}/undo`, { confirmCount: ROWS });
    expect(undone).toEqual({ status: 200, body: { importId: id, removed: ROWS, restored: 0, keptChanged: 0, keptPlaceGone: 0 } });
    for (const { body } of await everywhere<ImportRecord>('GET', `/api/admin/imports/${id}`)) expect(body.undoneAt).toEqual(expect.any(String));
    expect((await call('POST', `/api/admin/imports/${id}/undo`, { confirmCount: ROWS })).status).toBe(409);
  });

  it('runs one sitemap generation at a time across workers, and each reports its true progress', { timeout: 120_000 }, async () => {
    expect((await call('POST', '/api/admin/sitemap/generate')).status).toBe(200);
    for (const { body } of await everywhere('GET', '/api/admin/sitemap/progress')) expect(body).toEqual({ progress: 100 });

    // The next generation stops after its businesses' files: part of its work done.
    const hold = await holdAt('INSERT', 'sitemap_files', `NEW.type <> 'businesses'`);
    let generating: Promise<{ status: number }> | undefined;
    try {
      generating = call('POST', '/api/admin/sitemap/generate');
      await expect.poll(async () => (await t.db('sitemap_generations').where({ status: 'generating' }).where('work_done', '>', 0)).length, { timeout: 60_000, interval: 100 }).toBe(1);
      for (const answer of await everywhere('POST', '/api/admin/sitemap/generate')) {
        expect(answer).toEqual({ status: 409, body: { message: 'A sitemap generation is already running' } });
      }
      const { work_done: done, work_planned: planned } = await t.db('sitemap_generations').where({ status: 'generating' }).first();
      const progress = Math.floor((Number(done) * 100) / Number(planned));
      expect(progress).toBeGreaterThan(0);
      expect(progress).toBeLessThan(100);
      for (const { body } of await everywhere('GET', '/api/admin/sitemap/progress')) expect(body).toEqual({ progress });
    } finally {
      await hold.release();
    }
    expect((await generating!).status).toBe(200);
    for (const { body } of await everywhere('GET', '/api/admin/sitemap/progress')) expect(body).toEqual({ progress: 100 });
  });

  it('re-resolves places once for every worker: the run shown by both, a second refused by either', { timeout: 120_000 }, async () => {
    // The run's first progress write waits: it is running, with its lock held, until released.
    const hold = await holdAt('UPDATE', 'reresolve_runs', 'NEW.checked > 0 AND NEW.running');
    try {
      const started = await call<ReresolveStatus>('POST', '/api/admin/places/reresolve', {});
      expect(started.status).toBe(202);
      expect(started.body).toMatchObject({ running: true, error: null });
      for (const { status } of await everywhere('POST', '/api/admin/places/reresolve', {})) expect(status).toBe(409);
      for (const { body } of await everywhere<ReresolveStatus>('GET', '/api/admin/places/reresolve')) expect(body).toMatchObject({ running: true, error: null });
    } finally {
      await hold.release();
    }
    await expect
      .poll(async () => (await everywhere<ReresolveStatus>('GET', '/api/admin/places/reresolve')).map(({ body }) => body.running), { timeout: 60_000, interval: 200 })
      .toEqual([false, false, false, false]);
    const businesses = Number((await t.db('businesses').count({ n: '*' }))[0].n);
    for (const { body } of await everywhere<ReresolveStatus>('GET', '/api/admin/places/reresolve')) {
      expect(body).toMatchObject({ running: false, checked: businesses, error: null });
      expect(body.finishedAt).not.toBeNull();
    }
  });

  it('ends a session on every worker at once when it signs out on one', { timeout: 60_000 }, async () => {
    const session = await signIn(url, 'admin', PASSWORD);
    for (const { status } of await everywhere('GET', '/api/admin/check', undefined, session)) expect(status).toBe(200);
    for (const { status } of await everywhere('GET', '/api/admin/imports', undefined, session)) expect(status).toBe(200);
    expect((await call('POST', '/api/admin/logout', {}, session)).status).toBe(200);
    for (const { status } of await everywhere('GET', '/api/admin/imports', undefined, session)) expect(status).toBe(401);
    for (const { body } of await everywhere('GET', '/api/admin/check', undefined, session)) expect(body).toEqual({ authenticated: false });
    // The other session, signed in before, still holds on both.
    for (const { status } of await everywhere('GET', '/api/admin/imports')) expect(status).toBe(200);
  });
});
