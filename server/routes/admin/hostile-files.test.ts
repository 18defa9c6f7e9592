import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-app.js';
import { upsertUser } from '../../../db/queries/users.js';
import { MAX_COLUMNS } from '../../../domain/constants.js';
import { smuggledXlsx } from '../../../data/import/zip.fixtures.js';
import fs from 'node:fs';

const PASSWORD = 'a long enough hostile password';

/** Files crafted to hurt the server: refused with a 4xx {message}, nothing stored, nothing left behind. */
describe('hostile upload files', () => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp({ uploadMaxBytes: 64 * 1024 * 1024 });
    await upsertUser(app.db, 'admin', PASSWORD);
    const res = await fetch(`${app.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  });
  afterAll(() => app.close());

  const upload = async (name: string, bytes: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const res = await fetch(`${app.url}/api/admin/upload-excel`, { method: 'POST', headers: { cookie }, body: form });
    return { status: res.status, body: (await res.json()) as { message?: string; csvHeaders?: string[] } };
  };
  const leftovers = async () => ({
    uploads: Number((await app.db('uploads').count({ n: '*' }).first())?.n),
    files: fs.readdirSync(app.config.uploadDir).length,
    businesses: Number((await app.db('businesses').count({ n: '*' }).first())?.n),
  });

  it('refuses a CSV of a million empty columns at once, naming the limit', async () => {
    const line = 'name,full_address' + ','.repeat(1_000_000) + '\n';
    const wide = Buffer.from(line + Array.from({ length: 30 }, (_, i) => `Shop ${i},${i} Main St` + ','.repeat(1_000_000)).join('\n'));
    const res = await upload('wide.csv', wide);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(`at most ${MAX_COLUMNS}`);
    expect(await leftovers()).toEqual({ uploads: 0, files: 0, businesses: 0 });
  });

  it('refuses an XLSX whose worksheet hides outside the zip central directory', async () => {
    const res = await upload('smuggled.xlsx', await smuggledXlsx());
    expect([400, 413, 415]).toContain(res.status);
    expect(res.body.message).toMatch(/zip|workbook|file/i);
    expect(await leftovers()).toEqual({ uploads: 0, files: 0, businesses: 0 });
  });
});
