import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTempDir } from '../../../scripts/test-hooks.fixtures.js';
import { startTestApp, type TestApp } from '../../test-app.js';
import { upsertUser } from '../../../db/queries/users.js';
import { MAX_XML_TEXT_BYTES } from '../../../domain/constants.js';
import { zip } from '../../../data/import/fixtures/files.js';
import { importFile } from '../../../data/import/import.js';
import { rewriteZip, sheetXml, unzipEntries, type Smuggling } from '../../../data/import/zip.fixtures.js';
import { signIn } from '../../test-login.js';

// The summary must never run on the server's event loop: on this thread, reading an
// upload fails loudly, so only a summary run in the worker thread (its own modules) can answer.
vi.mock('../../../data/import/upload-summary.js', () => ({
  summariseUpload: () => {
    throw new Error('an upload was read on the event loop');
  },
}));

const PASSWORD = 'correct horse battery staple';
const HEADER = 'name,category,full_address,city,state,country,rating,reviews,place_id';
const row = (i: number, rating = 4.5) => `Shop ${i},Plumber,"${i} Main St, Austin, TX 78701, United States",Austin,TX,United States,${rating},10,PL${i}`;

let app: TestApp;
const dir = useTempDir('rehber-http-import-');

beforeAll(async () => {
  app = await startTestApp({ uploadMaxBytes: 64 * 1024 });
  await upsertUser(app.db, 'admin', PASSWORD);
});
afterAll(async () => {
  await app.close();
});

const login = () => signIn(app.url, 'admin', PASSWORD);

async function uploadFile(cookie: string, name: string, bytes: Buffer | string) {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
  const res = await fetch(`${app.url}/api/admin/upload-excel`, { method: 'POST', headers: { cookie }, body: form });
  return { status: res.status, body: await res.json() };
}

async function post(cookie: string, url: string, body: unknown) {
  const res = await fetch(`${app.url}${url}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

async function xlsx(rows: number, prefix = 'XL'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Businesses');
  ws.addRow(HEADER.split(','));
  for (let i = 0; i < rows; i++) ws.addRow([`Sheet Shop ${i}`, 'Bakery', `${i} Oak St, Denver, CO 80202, United States`, 'Denver', 'CO', 'United States', 4, 3, `${prefix}${i}`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const uploadFiles = () => fs.readdirSync(app.config.uploadDir).filter((f) => f.startsWith('upload-'));

// Each import runs in a worker thread that loads the pipeline and the gazetteer first: slow on a busy machine.
describe('admin import API', { timeout: 150_000 }, () => {
  it('answers 401 to every import call without a session', async () => {
    for (const url of ['/api/admin/upload-excel', '/api/admin/import-excel-stream', '/api/admin/import']) {
      expect((await fetch(`${app.url}${url}`, { method: 'POST' })).status).toBe(401);
    }
    expect((await fetch(`${app.url}/api/admin/imports`)).status).toBe(401);
  });

  it('gives a small CSV back as csvData, and POST /import adds only new businesses', async () => {
    const cookie = await login();
    const csv = [HEADER, row(1), row(2)].join('\n') + '\n';
    const up = await uploadFile(cookie, 'small.csv', csv);
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ rowCount: 2, filePath: expect.any(String), csvData: csv });
    expect(up.body.filePath).not.toContain('/');

    const first = await post(cookie, '/api/admin/import', { csvData: csv });
    expect(first).toEqual({ status: 200, body: { success: true, imported: 2, updated: 0, skipped: 0, unchanged: 0, rejected: 0, importId: expect.any(Number), errors: [] } });
    const again = await post(cookie, '/api/admin/import', { csvData: [HEADER, row(1, 2), row(3), 'x,,,,,,,,'].join('\n') });
    expect(again.body).toEqual({ success: false, imported: 1, updated: 0, skipped: 2, unchanged: 1, rejected: 1, importId: expect.any(Number), errors: [expect.stringMatching(/^Row 4: /)] });
    expect(Number((await app.db('businesses').where({ place_id: 'PL1' }).first('rating')).rating)).toBe(4.5);
    // The rejected row, as it was, with its reason: ready to fix and import again.
    const rejected = await fetch(`${app.url}/api/admin/imports/${again.body.importId}/rejected`, { headers: { cookie } });
    expect(rejected.headers.get('content-disposition')).toBe(`attachment; filename="rejected-rows-import-${again.body.importId}.csv"`);
    expect((await rejected.text()).replace(/^\uFEFF/, '').trim().split('\r\n')).toEqual([`${HEADER},reason`, 'x,,,,,,,,,Row 4: full_address is empty']);
    const none = await fetch(`${app.url}/api/admin/imports/${first.body.importId}/rejected`, { headers: { cookie } });
    expect(none.status).toBe(404);
    expect((await post(cookie, '/api/admin/import', {})).status).toBe(400);
  });

  it('merges an update: absent columns and empty cells keep stored values, unless clearEmpty asks', async () => {
    const cookie = await login();
    await post(cookie, '/api/admin/import', { csvData: [HEADER, row(7)].join('\n') });
    const stored = () => app.db('businesses').where({ place_id: 'PL7' }).first('rating', 'review_count', 'category_id', 'updated_at');
    const before = await stored();
    expect(Number(before.rating)).toBe(4.5);
    // No category, city or review columns; the rating cell empty.
    const partial = ['name,full_address,place_id,rating', 'Shop 7,"7 Main St, Austin, TX 78701, United States",PL7,'].join('\n');
    const keep = await uploadFile(cookie, 'partial.csv', partial);
    expect((await post(cookie, '/api/admin/import-excel-stream', { filePath: keep.body.filePath })).body).toMatchObject({ updated: 0 });
    expect(await stored()).toEqual(before);
    expect((await post(cookie, '/api/admin/import-excel-stream', { filePath: 'x', clearEmpty: 'yes' })).status).toBe(400);
    const clear = await uploadFile(cookie, 'partial-clear.csv', partial);
    expect((await post(cookie, '/api/admin/import-excel-stream', { filePath: clear.body.filePath, clearEmpty: true })).body).toMatchObject({ updated: 1 });
    expect(await stored()).toMatchObject({ rating: 0, review_count: 10, category_id: before.category_id });
  });

  it('previews an upload without writing, and its answer carries the token that imports it', async () => {
    const cookie = await login();
    const up = await uploadFile(cookie, 'preview.xlsx', await xlsx(2, 'PRE'));
    expect(up).toMatchObject({ status: 200, body: { rowCount: 2 } });
    const before = await countOf('businesses');
    const preview = await post(cookie, '/api/admin/import-preview', { filePath: up.body.filePath });
    expect(preview).toEqual({ status: 200, body: { success: true, imported: 2, updated: 0, skipped: 0, unchanged: 0, rejected: 0, errors: [], dryRun: true, changes: [], overwrites: { count: 0, examples: [] }, newBusinesses: [expect.objectContaining({ name: 'Sheet Shop 0' }), expect.objectContaining({ name: 'Sheet Shop 1' })], filePath: expect.any(String) } });
    expect(await countOf('businesses')).toBe(before);
    expect((await post(cookie, '/api/admin/import-preview', { filePath: 'nope' })).status).toBe(400);
    expect((await post(cookie, '/api/admin/import-excel-stream', { filePath: preview.body.filePath })).body).toMatchObject({ imported: 2 });
  });

  it('imports a previewed upload only with the options of its preview: other options are refused and change nothing', async () => {
    const cookie = await login();
    await post(cookie, '/api/admin/import', { csvData: [HEADER, row(8)].join('\n') });
    const stored = () => app.db('businesses').where({ place_id: 'PL8' }).first('rating', 'review_count', 'updated_at');
    const before = await stored();
    const partial = ['name,full_address,place_id,rating,reviews', 'Shop 8,"8 Main St, Austin, TX 78701, United States",PL8,,'].join('\n');
    const up = await uploadFile(cookie, 'preview-options.csv', partial);
    const preview = await post(cookie, '/api/admin/import-preview', { filePath: up.body.filePath, clearEmpty: false });
    expect(preview.body).toMatchObject({ updated: 0, unchanged: 1, filePath: expect.any(String) });
    const token = preview.body.filePath as string;
    expect(token).not.toBe(up.body.filePath);

    // Ticking "Empty cells clear stored values" after the preview: refused, the values stay.
    const refused = await post(cookie, '/api/admin/import-excel-stream', { filePath: token, clearEmpty: true });
    expect(refused).toEqual({ status: 409, body: { message: expect.stringMatching(/previewed with other options/) } });
    expect(await stored()).toEqual(before);
    // The token the preview replaced is spent, so it cannot slip past the check either.
    expect((await post(cookie, '/api/admin/import-excel-stream', { filePath: up.body.filePath, clearEmpty: true })).status).toBe(400);
    expect(await stored()).toEqual(before);

    // The options of the preview: it runs, and does what the preview showed.
    const done = await post(cookie, '/api/admin/import-excel-stream', { filePath: token, clearEmpty: false });
    expect(done.body).toMatchObject({ imported: 0, updated: 0, unchanged: 1 });
    expect(await stored()).toEqual(before);
    expect((await post(cookie, '/api/admin/import-excel-stream', { filePath: token, clearEmpty: false })).status).toBe(400);
  });

  it('refuses the import of a preview made before the directory changed, until it is previewed again', async () => {
    const cookie = await login();
    await post(cookie, '/api/admin/import', { csvData: [HEADER, row(10)].join('\n') });
    const stored = () => app.db('businesses').where({ place_id: 'PL10' }).first('rating', 'updated_at');
    const up = await uploadFile(cookie, 'stale.csv', [HEADER, row(10, 3.5)].join('\n'));
    const preview = await post(cookie, '/api/admin/import-preview', { filePath: up.body.filePath });
    expect(preview.body).toMatchObject({ updated: 1 });
    // Another admin's import lands between the preview and the import.
    await post(cookie, '/api/admin/import', { csvData: [HEADER, row(11)].join('\n') });
    const before = await stored();

    const refused = await post(cookie, '/api/admin/import-excel-stream', { filePath: preview.body.filePath });
    expect(refused).toEqual({ status: 409, body: { message: 'The directory changed since this preview; preview the file again before importing' } });
    expect(await stored()).toEqual(before);
    const again = await post(cookie, '/api/admin/import-preview', { filePath: preview.body.filePath });
    expect((await post(cookie, '/api/admin/import-excel-stream', { filePath: again.body.filePath })).body).toMatchObject({ updated: 1 });
    expect(await stored()).toMatchObject({ rating: 3.5 });
  });

  it('lets only one of two previews made at once stand for the upload', async () => {
    const cookie = await login();
    const up = await uploadFile(cookie, 'two-previews.csv', [HEADER, row(9)].join('\n'));
    const answers = await Promise.all([false, true].map((clearEmpty) => post(cookie, '/api/admin/import-preview', { filePath: up.body.filePath, clearEmpty })));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(1);
    // A preview of the new token with other options replaces it in turn.
    const again = await post(cookie, '/api/admin/import-preview', { filePath: ok[0].body.filePath, clearEmpty: true });
    expect(again.status).toBe(200);
    expect((await post(cookie, '/api/admin/import-excel-stream', { filePath: ok[0].body.filePath, clearEmpty: true })).status).toBe(400);
    expect((await post(cookie, '/api/admin/import-excel-stream', { filePath: again.body.filePath, clearEmpty: false })).status).toBe(409);
    expect((await post(cookie, '/api/admin/import-excel-stream', { filePath: again.body.filePath, clearEmpty: true })).body).toMatchObject({ imported: 1 });
  });

  it('undoes an import over the API once, with 404 and 409 answers as {message}', async () => {
    const cookie = await login();
    const up = await uploadFile(cookie, 'undo.xlsx', await xlsx(3, 'UNDO'));
    const done = await post(cookie, '/api/admin/import-excel-stream', { filePath: up.body.filePath });
    expect(done.body).toMatchObject({ imported: 3 });
    const [record] = await (await fetch(`${app.url}/api/admin/imports`, { headers: { cookie } })).json();
    const before = await countOf('businesses');
    const undo = await post(cookie, `/api/admin/imports/${record.id}/undo`, {});
    expect(undo).toEqual({ status: 200, body: { importId: record.id, removed: 3, restored: 0, keptChanged: 0, keptPlaceGone: 0 } });
    expect(await countOf('businesses')).toBe(before - 3);
    expect(await post(cookie, `/api/admin/imports/${record.id}/undo`, {})).toEqual({ status: 409, body: { message: `Import ${record.id} was already undone` } });
    expect(await post(cookie, '/api/admin/imports/999999/undo', {})).toEqual({ status: 404, body: { message: 'Import 999999 does not exist' } });
    const [failed] = await app.db('imports').insert({ file_name: 'broken.csv', source: 'web', mode: 'upsert', status: 'failed', message: 'Unreadable file' }).returning('id');
    expect(await post(cookie, `/api/admin/imports/${failed.id}/undo`, {})).toEqual({
      status: 409,
      body: { message: `Import ${failed.id} failed before writing anything: there is nothing to undo` },
    });
  });

  it('undoes an import that would remove over 1,000 businesses only with that count typed', async () => {
    const cookie = await login();
    const file = path.join(dir, 'big.csv');
    fs.writeFileSync(file, [HEADER, ...Array.from({ length: 1001 }, (_, i) => row(20000 + i))].join('\n'));
    const big = await importFile(app.db, file, { source: 'cli', bulk: false });
    expect(big.imported).toBe(1001);
    const total = await countOf('businesses');
    const url = `/api/admin/imports/${big.importId}/undo`;
    const plan = await fetch(`${app.url}${url}`, { headers: { cookie } });
    expect(await plan.json()).toEqual({ importId: big.importId, removes: 1001, restores: 0, typedCountRequired: true });

    for (const body of [{}, { confirmCount: 1000 }, { confirmCount: 0 }]) {
      const refused = await post(cookie, url, body);
      expect(refused).toEqual({ status: 409, body: { message: expect.stringContaining('removes 1001 businesses') } });
    }
    for (const confirmCount of ['1001', 1001.5, -1, null]) expect((await post(cookie, url, { confirmCount })).status).toBe(400);
    expect(await countOf('businesses')).toBe(total);
    expect(await app.db('imports').where({ id: big.importId }).first('undone_at')).toEqual({ undone_at: null });

    expect(await post(cookie, url, { confirmCount: 1001 })).toEqual({ status: 200, body: { importId: big.importId, removed: 1001, restored: 0, keptChanged: 0, keptPlaceGone: 0 } });
    expect(await countOf('businesses')).toBe(total - 1001);
  });

  it('uploads an XLSX for a token, imports it in the worker and deletes the file', async () => {
    const cookie = await login();
    const before = uploadFiles().length;
    const up = await uploadFile(cookie, 'shops.xlsx', await xlsx(30));
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ rowCount: 30, filePath: expect.any(String), csvHeaders: HEADER.split(',') });
    expect(uploadFiles()).toHaveLength(before + 1);

    const res = await post(cookie, '/api/admin/import-excel-stream', { filePath: up.body.filePath });
    expect(res).toEqual({ status: 200, body: { success: true, imported: 30, updated: 0, skipped: 0, unchanged: 0, rejected: 0, importId: expect.any(Number), errors: [] } });
    expect(uploadFiles()).toHaveLength(before);
    // A token is good for one import only.
    expect((await post(cookie, '/api/admin/import-excel-stream', { filePath: up.body.filePath })).status).toBe(400);

    const recent = await (await fetch(`${app.url}/api/admin/imports`, { headers: { cookie } })).json();
    expect(recent[0]).toMatchObject({ undoneAt: null, undoneBy: null });
    expect(recent[0]).toMatchObject({ fileName: 'shops.xlsx', source: 'web', username: 'admin', status: 'done', imported: 30 });
    const one = await fetch(`${app.url}/api/admin/imports/${recent[0].id}`, { headers: { cookie } });
    expect(await one.json()).toMatchObject({ id: recent[0].id, imported: 30 });
    expect((await fetch(`${app.url}/api/admin/imports/999999`, { headers: { cookie } })).status).toBe(404);
  });

  it("refuses a server path or another session's token with 400", async () => {
    const mine = await login();
    const theirs = await login();
    const up = await uploadFile(theirs, 'theirs.xlsx', await xlsx(2, 'THEIRS'));
    expect((await post(mine, '/api/admin/import-excel-stream', { filePath: up.body.filePath })).status).toBe(400);
    const stolen = await post(mine, '/api/admin/import-excel-stream', { filePath: path.join(app.config.uploadDir, uploadFiles()[0]) });
    expect(stolen).toEqual({ status: 400, body: { message: expect.any(String) } });
    expect((await post(mine, '/api/admin/import-excel-stream', { filePath: '/etc/passwd' })).status).toBe(400);
    const own = await post(theirs, '/api/admin/import-excel-stream', { filePath: up.body.filePath });
    expect(own.body, JSON.stringify(own.body)).toMatchObject({ imported: 2 });
  });

  it('refuses a PNG with 415 and an oversized file with 413, keeping nothing', async () => {
    const cookie = await login();
    const before = uploadFiles().length;
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
    const refused = await uploadFile(cookie, 'photo.xlsx', png);
    expect(refused).toEqual({ status: 415, body: { message: expect.stringMatching(/PNG/) } });
    const big = await uploadFile(cookie, 'big.csv', [HEADER, ...Array.from({ length: 2000 }, (_, i) => row(i))].join('\n'));
    expect(big).toEqual({ status: 413, body: { message: expect.stringMatching(/too large/i) } });
    expect(uploadFiles()).toHaveLength(before);
  });

  it('refuses an upload without the required columns with 400', async () => {
    const cookie = await login();
    const res = await uploadFile(cookie, 'cols.csv', 'label,category\nAce,Plumber\n');
    expect(res).toEqual({ status: 400, body: { message: expect.stringMatching(/Missing required columns/) } });
  });

  it('reads uploads in a worker thread, never on the event loop', async () => {
    const cookie = await login();
    for (const [name, bytes] of [['rows.csv', [HEADER, row(1)].join('\n')], ['rows.xlsx', await xlsx(3)]] as const) {
      const up = await uploadFile(cookie, name, bytes);
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      expect(up.body.rowCount).toBe(name === 'rows.csv' ? 1 : 3);
    }
  });

  for (const how of ['short-local-size', 'fake-descriptor'] as Smuggling[]) {
    it(`refuses an XLSX hiding a worksheet from its zip directory (${how}), storing nothing`, async () => {
      const cookie = await login();
      const before = { files: uploadFiles().length, uploads: await countOf('uploads'), businesses: await countOf('businesses') };
      const hidden = [['name', 'full_address'], ['Smuggled Shop', '9 Hidden St, Austin, TX']];
      const res = await uploadFile(cookie, 'smuggled.xlsx', rewriteZip(await xlsx(2, `SM-${how}-`), { smuggle: { how, rows: hidden } }));
      expect(res).toEqual({ status: 400, body: { message: expect.stringMatching(/zip directory does not list/) } });
      expect({ files: uploadFiles().length, uploads: await countOf('uploads'), businesses: await countOf('businesses') }).toEqual(before);
      expect(await app.db('businesses').where({ name: 'Smuggled Shop' }).first()).toBeUndefined();
    });
  }

  it('imports an honest XLSX whose sizes follow each entry in a data descriptor', async () => {
    const cookie = await login();
    const up = await uploadFile(cookie, 'descriptors.xlsx', rewriteZip(await xlsx(2, 'DD'), { descriptors: true }));
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const res = await post(cookie, '/api/admin/import-excel-stream', { filePath: up.body.filePath });
    expect(res.body).toMatchObject({ success: true, imported: 2 });
  });

  it('refuses with 413 an XLSX with a cell longer than any spreadsheet cell, storing nothing', async () => {
    const cookie = await login();
    const before = uploadFiles().length;
    const entries = unzipEntries(await xlsx(1, 'LONG')).map(({ name, content }) => ({
      name,
      data: name === 'xl/worksheets/sheet1.xml' ? sheetXml([['name', 'full_address'], ['x'.repeat(MAX_XML_TEXT_BYTES + 1), '1 Long St']]) : content,
      deflate: true,
    }));
    const res = await uploadFile(cookie, 'long-cell.xlsx', zip(entries));
    expect(res).toEqual({ status: 413, body: { message: expect.stringMatching(/a cell of more than 1 MB/) } });
    expect(uploadFiles()).toHaveLength(before);
  });

  it('reads a UTF-8 CSV with one stray byte as UTF-8: accents kept, the damaged row reported by number', async () => {
    const cookie = await login();
    const accented = (i: number, name: string) => `${name},Cafe,"${i} Çarşı Sk, Kadıköy, İstanbul, Türkiye",İstanbul,,Türkiye,4,1,STRAY${i}`;
    const csv = Buffer.concat([
      Buffer.from([HEADER, accented(1, 'Ünïcödé Café'), accented(2, 'Şişli Çiçekçi'), 'Bad '].join('\n')),
      Buffer.from([0xff]),
      Buffer.from(` Byte,Cafe,"3 Main St, Austin, TX",Austin,TX,United States,4,1,STRAY3\n${accented(4, 'Göz Kliniği')}\n`),
    ]);
    const up = await uploadFile(cookie, 'stray.csv', csv);
    expect(up.status).toBe(200);
    const res = await post(cookie, '/api/admin/import', { csvData: up.body.csvData });
    expect(res.body).toEqual({ success: false, imported: 3, updated: 0, skipped: 1, unchanged: 0, rejected: 1, importId: expect.any(Number), errors: [expect.stringMatching(/^Row 4: invalid UTF-8/)] });
    expect(await app.db('businesses').where('place_id', 'like', 'STRAY%').orderBy('place_id').pluck('name')).toEqual(['Ünïcödé Café', 'Şişli Çiçekçi', 'Göz Kliniği']);
  });
});

async function countOf(table: string): Promise<number> {
  return Number((await app.db(table).count({ n: '*' }).first())?.n);
}
