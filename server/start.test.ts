import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempDir } from '../scripts/test-hooks.fixtures.js';
import { seedBusinesses } from '../db/queries/admin-businesses.fixtures.js';
import { upsertUser } from '../db/queries/users.js';
import { zoneOffsets } from '../domain/open-hours.js';
import { startServer } from './start.js';
import { startTestApp, type TestApp } from './test-app.js';

/** ADMIN_USERNAME/ADMIN_PASSWORD at start follow the rules of `rehber user add`. */
describe('the admin of ADMIN_USERNAME and ADMIN_PASSWORD at start', () => {
  let app: TestApp;
  const dir = useTempDir('rehber-start-');
  const start = (admin: Record<string, string>) =>
    startServer({ DATABASE_URL: app.dbUrl, PORT: '0', HOST: '127.0.0.1', UPLOAD_DIR: dir, LOG_LEVEL: 'silent', ...admin }, () => {});
  const signIn = async (password: string) => {
    const res = await fetch(`${app.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'boss', password }) });
    expect(res.status).toBe(200);
    return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  };
  const guarded = async (cookie: string) => (await fetch(`${app.url}/api/admin/businesses`, { headers: { cookie } })).status;

  beforeAll(async () => {
    app = await startTestApp();
    // A business keeps the sample directory out of these starts.
    await seedBusinesses(app.db, [{ name: 'Keeps the sample out', address: '1 Main St' }]);
    await upsertUser(app.db, 'boss', 'the first password');
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses a one-character ADMIN_PASSWORD before starting, with one line, and changes nothing', async () => {
    const cookie = await signIn('the first password');
    const failed = await start({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'x' }).then(
      async (server) => {
        await server.close();
        return null;
      },
      (err: Error) => err.message,
    );
    expect(failed).toMatch(/^Invalid ADMIN_PASSWORD: .*at least 8/);
    expect(failed).not.toContain('\n');
    expect(await guarded(cookie)).toBe(200);
    await signIn('the first password');
  });

  it('keeps the sessions when the password is unchanged, ends them when it is a new one', async () => {
    const cookie = await signIn('the first password');
    const same = await start({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'the first password' });
    await same.close();
    expect(await guarded(cookie)).toBe(200);

    const changed = await start({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'the second password' });
    await changed.close();
    expect(await guarded(cookie)).toBe(401);
    await signIn('the second password');
  });
});

describe("cities' zone offsets at start", () => {
  let app: TestApp;
  const dir = useTempDir('rehber-start-zones-');
  beforeAll(async () => {
    app = await startTestApp();
    await seedBusinesses(app.db, [{ name: 'Keeps the sample out', address: '1 Main St' }]);
  });
  afterAll(async () => {
    await app.close();
  });

  it('are brought to the runtime\'s zone data once the server serves, and close() waits for it', async () => {
    // Offsets stored by a runtime whose rules for Berlin were other (as if it kept +1 all year).
    const [city] = await app.db('cities').insert({ name: 'Berlin', slug: 'berlin', country: 'Germany', time_zone: 'Europe/Berlin', open_offsets: '{60}' }).returning('id');
    const printed: string[] = [];
    const server = await startServer({ DATABASE_URL: app.dbUrl, PORT: '0', HOST: '127.0.0.1', UPLOAD_DIR: dir, LOG_LEVEL: 'silent' }, (l) => void printed.push(l));
    await server.close();
    const stored = await app.db('cities').where({ id: city.id }).first('open_offsets');
    expect(stored.open_offsets).toEqual(zoneOffsets('Europe/Berlin'));
    expect(printed).toContain("Brought 1 cities' zone offsets to this runtime's zone data");
  });
});
