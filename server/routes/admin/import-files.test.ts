import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, type AdminClient } from '../../admin-client.fixtures.js';
import { startTestApp, type TestApp } from '../../test-app.js';
import { sweepRejectedFiles } from '../../uploads.js';

const HEADER = 'name,category,full_address,city,state,country,rating,reviews,place_id';
const row = (i: number) => `Private Shop ${i},Plumber,"${i} Main St, Austin, TX 78701, United States",Austin,TX,United States,4.5,10,PRIV${i}`;
/** Two good rows and one without an address: an import with a rejected-row file. */
const withRejected = (n: number) => [HEADER, row(n), row(n + 1), `Nowhere ${n},Plumber,,Austin,TX,United States,4,1,NOWHERE${n}`].join('\n');

let app: TestApp;
let admin: AdminClient;

beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInAdmin(app);
});
afterAll(async () => {
  await app.close();
});

const mode = (p: string) => fs.statSync(p).mode & 0o777;
const rejectedFile = (id: number) => path.join(app.config.uploadDir, 'rejected', `import-${id}-rejected.csv`);
const download = (id: number) => fetch(`${app.url}/api/admin/imports/${id}/rejected`, { headers: { cookie: admin.cookie } });

async function upload(name: string, text: string) {
  const form = new FormData();
  form.append('file', new Blob([text]), name);
  const res = await fetch(`${app.url}/api/admin/upload-excel`, { method: 'POST', headers: { cookie: admin.cookie, origin: app.url }, body: form });
  return { status: res.status, body: await res.json() };
}

describe('uploaded files and rejected rows on disk', () => {
  it('keeps an upload private to the server (0600 in a 0700 folder), even in a folder an earlier version left open', async () => {
    fs.chmodSync(app.config.uploadDir, 0o755);
    const up = await upload('private.csv', withRejected(1));
    expect(up.status).toBe(200);
    const files = fs.readdirSync(app.config.uploadDir).filter((f) => f.startsWith('upload-'));
    expect(files).toHaveLength(1);
    expect(mode(path.join(app.config.uploadDir, files[0]))).toBe(0o600);
    expect(mode(app.config.uploadDir)).toBe(0o700);
  });

  it('keeps rejected rows private, and removes them when their import is undone', async () => {
    const done = await admin.call('POST', '/api/admin/import', { csvData: withRejected(10) });
    expect(done.body).toMatchObject({ imported: 2, rejected: 1 });
    const id = done.body.importId as number;
    expect(mode(rejectedFile(id))).toBe(0o600);
    expect(mode(path.dirname(rejectedFile(id)))).toBe(0o700);
    expect((await download(id)).status).toBe(200);

    expect((await admin.call('POST', `/api/admin/imports/${id}/undo`, {})).status).toBe(200);
    expect(fs.existsSync(rejectedFile(id))).toBe(false);
    const gone = await download(id);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: 'This import has no rejected rows to download' });
  });

  it('sweeps rejected rows older than 30 days, of an undone import, or of an import this database never had', async () => {
    const ids: number[] = [];
    for (const n of [20, 30, 40]) ids.push((await admin.call('POST', '/api/admin/import', { csvData: withRejected(n) })).body.importId);
    const [old, undone, kept] = ids;
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    fs.utimesSync(rejectedFile(old), longAgo, longAgo);
    // Undone from the CLI: the server learns of it from the database only.
    await app.db('imports').where({ id: undone }).update({ undone_at: new Date() });
    const foreign = rejectedFile(999_999);
    fs.writeFileSync(foreign, 'name,reason\n');
    // A file left by an earlier database whose ids started again: older than the import now holding its id.
    const reused = (await admin.call('POST', '/api/admin/import', { csvData: [HEADER, row(50)].join('\n') })).body.importId as number;
    fs.writeFileSync(rejectedFile(reused), 'name,reason\nsomeone else,Row 2\n');
    fs.utimesSync(rejectedFile(reused), longAgo, longAgo);
    expect((await download(undone)).status).toBe(404);

    expect(await sweepRejectedFiles(app.db, app.config.uploadDir)).toBe(4);
    expect([old, undone, kept, 999_999, reused].map((id) => fs.existsSync(rejectedFile(id)))).toEqual([false, false, true, false, false]);
    expect((await download(kept)).status).toBe(200);
  });
});
