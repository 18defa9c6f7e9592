/** Update-only files over the admin API: the upload, its preview, the import, and the insert-mode paste. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-app.js';
import { upsertUser } from '../../../db/queries/users.js';
import { signIn } from '../../test-login.js';

const PASSWORD = 'correct horse battery staple';
const HEADER = 'name,category,full_address,city,state,country,rating,reviews,place_id';
const row = (i: number) => `Shop ${i},Plumber,"${i} Main St, Austin, TX 78701, United States",Austin,TX,United States,4.5,10,UP${i}`;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await upsertUser(app.db, 'admin', PASSWORD);
});
afterAll(async () => {
  await app.close();
});

const login = () => signIn(app.url, 'admin', PASSWORD);

async function upload(cookie: string, name: string, text: string) {
  const form = new FormData();
  form.append('file', new Blob([text]), name);
  const res = await fetch(`${app.url}/api/admin/upload-excel`, { method: 'POST', headers: { cookie }, body: form });
  return { status: res.status, body: await res.json() };
}

async function post(cookie: string, url: string, body: unknown) {
  const res = await fetch(`${app.url}${url}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

const stored = (ids: string[]) =>
  app.db('businesses as b').leftJoin('cities as c', 'c.id', 'b.city_id').whereIn('b.place_id', ids).orderBy('b.place_id')
    .select('b.place_id', 'b.name', 'b.phone', 'b.address', 'b.rating', 'c.name as city');

describe('an update-only file over the admin API', () => {
  it('uploads, previews and imports place_id and phone: phones change, the unknown id is rejected by row', async () => {
    const cookie = await login();
    expect((await post(cookie, '/api/admin/import', { csvData: [HEADER, row(1), row(2)].join('\n') })).body).toMatchObject({ imported: 2 });
    const before = await stored(['UP1', 'UP2']);
    const csv = ['place_id,phone', 'UP1,+1 512 555 0101', 'UP404,+1 512 555 0404', 'UP2,+1 512 555 0102'].join('\n');

    const up = await upload(cookie, 'phones.csv', csv);
    expect(up).toMatchObject({ status: 200, body: { rowCount: 3 } });
    const error = 'Row 3: name and full_address are empty, and no stored business has this place_id';
    const preview = await post(cookie, '/api/admin/import-preview', { filePath: up.body.filePath });
    expect(preview.body).toMatchObject({ imported: 0, updated: 2, unchanged: 0, rejected: 1, errors: [error], dryRun: true });
    expect(await stored(['UP1', 'UP2'])).toEqual(before);

    // A preview spends the upload's token and answers with the one that imports exactly what it showed.
    const done = await post(cookie, '/api/admin/import-excel-stream', { filePath: preview.body.filePath });
    expect(done.body).toMatchObject({ success: false, imported: 0, updated: 2, skipped: 1, rejected: 1, errors: [error] });
    expect(await stored(['UP1', 'UP2'])).toEqual(before.map((b, i) => ({ ...b, phone: `+1 512 555 010${i + 1}` })));
    const rejected = await fetch(`${app.url}/api/admin/imports/${done.body.importId}/rejected`, { headers: { cookie } });
    expect((await rejected.text()).replace(/^\uFEFF/, '').trim().split('\r\n')).toEqual(['place_id,phone,reason', `UP404,+1 512 555 0404,"${error}"`]);
  });

  it('in insert mode (POST /import) never changes a stored business, and creates none from a row without an address', async () => {
    const cookie = await login();
    await post(cookie, '/api/admin/import', { csvData: [HEADER, row(5)].join('\n') });
    const before = await stored(['UP5']);
    const res = await post(cookie, '/api/admin/import', { csvData: ['name,place_id,phone', 'Renamed,UP5,+1 512 555 0505', 'New,UP6,+1 512 555 0606'].join('\n') });
    expect(res).toMatchObject({ status: 200, body: { imported: 0, updated: 0, unchanged: 1, rejected: 1, errors: ['Row 3: full_address is empty, and no stored business has this place_id'] } });
    expect(await stored(['UP5', 'UP6'])).toEqual(before);
  });

  it('refuses an upload with no identity with 400, naming what is missing', async () => {
    const cookie = await login();
    const res = await upload(cookie, 'phones.csv', 'name,phone\nShop 1,+1 512 555 0101\n');
    expect(res).toEqual({ status: 400, body: { message: 'Missing required columns: full_address (or place_id, to update stored businesses)' } });
  });
});
