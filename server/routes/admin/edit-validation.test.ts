/** An admin edit is checked like an imported row, and a value it cannot read as given is refused, never dropped. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-app.js';
import { type AdminClient, signedInAdmin } from '../../admin-client.fixtures.js';
import { importCsvText } from '../../../data/import/import.fixtures.js';

describe('an admin edit with values it cannot store as given', () => {
  let app: TestApp;
  let call: AdminClient['call'];
  let id: number;
  let form: Record<string, string>;
  const stored = () => app.db('businesses').where({ id }).first('name', 'email', 'rating', 'review_count', 'latitude', 'longitude', 'is_verified', 'updated_at');
  const versions = async () => Number((await app.db('business_versions').where({ business_id: id }).count<{ count: string }[]>('* as count'))[0].count);

  beforeAll(async () => {
    app = await startTestApp();
    ({ call } = await signedInAdmin(app));
    await importCsvText(app.db, [
      'name,category,full_address,rating,reviews,email,latitude,longitude,is_verified,place_id',
      'Moda Fırını,Bakery,"Moda Cd. 1, 34710 Kadıköy/İstanbul, Türkiye",4.5,120,hello@moda.test,40.98,29.03,true,P1',
    ].join('\n'), { source: 'cli', mode: 'upsert' });
    id = Number((await app.db('businesses').where({ place_id: 'P1' }).first('id')).id);
    form = (await call('GET', `/api/admin/businesses/${id}`)).body.fields;
  });
  afterAll(() => app.close());

  it.each([
    ['latitude', '91', 'latitude "91" is not a number between -90 and 90'],
    ['latitude', 'north', 'latitude "north" is not a number between -90 and 90'],
    ['longitude', '-180.5', 'longitude "-180.5" is not a number between -180 and 180'],
    ['longitude', '', 'longitude is empty: give both coordinates, or neither'],
    ['is_verified', 'maybe', 'is_verified "maybe" is not true or false'],
    ['email', 'not an email', 'email "not an email" is not an email address'],
    ['email', 'a@b', 'email "a@b" is not an email address'],
    ['rating', '7', 'rating 7 is not between 0 and 5'],
    ['reviews', '-1', 'reviews -1 is negative'],
  ])('%s "%s": 400 naming the field, nothing stored, no activity entry', async (field, value, message) => {
    const before = await stored();
    const entries = await versions();
    // The whole form, as the dialog sends it, with one bad value.
    const res = await call('PUT', `/api/admin/businesses/${id}`, { fields: { ...form, name: 'Moda Fırını & Kafe', [field]: value } });
    expect(res).toEqual({ status: 400, body: { message } });
    expect(await stored()).toEqual(before);
    expect(await versions()).toBe(entries);
  });

  it('the same bad value sent alone is refused too', async () => {
    expect(await call('PUT', `/api/admin/businesses/${id}`, { fields: { latitude: '91', longitude: '29' } })).toEqual({
      status: 400,
      body: { message: 'latitude "91" is not a number between -90 and 90' },
    });
    expect(await call('PUT', `/api/admin/businesses/${id}`, { fields: { is_verified: 'maybe' } })).toEqual({ status: 400, body: { message: 'is_verified "maybe" is not true or false' } });
  });

  it('a save that changes nothing answers 200 and leaves no activity entry', async () => {
    const current = (await call('GET', `/api/admin/businesses/${id}`)).body;
    const entries = await versions();
    expect((await call('PUT', `/api/admin/businesses/${id}`, { fields: current.fields, slug: current.slug })).status).toBe(200);
    expect(await versions()).toBe(entries);
  });

  it('a valid edit is stored, with one activity entry', async () => {
    const entries = await versions();
    const res = await call('PUT', `/api/admin/businesses/${id}`, {
      fields: { ...form, email: 'Kafe@Moda.test', latitude: '-90', longitude: '180', is_verified: 'false', rating: '3,5', reviews: '1.234' },
    });
    expect(res.status).toBe(200);
    expect(await stored()).toMatchObject({ email: 'kafe@moda.test', rating: 3.5, review_count: 1234, latitude: -90, longitude: 180, is_verified: false });
    expect(await versions()).toBe(entries + 1);
    // Emptied coordinates fall back to the city's centre, as an import's would.
    expect((await call('PUT', `/api/admin/businesses/${id}`, { fields: { ...form, latitude: '', longitude: '', is_verified: '' } })).status).toBe(200);
  });
});
