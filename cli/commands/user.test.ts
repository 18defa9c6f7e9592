import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../server/test-app.js';
import { runCli } from '../run-cli.fixtures.js';

const rehber = (args: string[], env: NodeJS.ProcessEnv, input?: string) => runCli(args, { env, input });

describe('rehber user add, list, remove and rehber db migrate', () => {
  let app: TestApp;
  let env: NodeJS.ProcessEnv;
  const login = (username: string, password: string, cookie = '') =>
    fetch(`${app.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ username, password }) });

  beforeAll(async () => {
    app = await startTestApp();
    env = { DATABASE_URL: app.dbUrl };
  });
  afterAll(() => app.close());

  it('creates an admin from --password-stdin who can then sign in', async () => {
    const res = await rehber(['user', 'add', 'editor', '--password-stdin'], env, 'first password 1\n');
    expect(res).toMatchObject({ code: 0, stdout: "Admin 'editor' created\n" });
    expect((await login('editor', 'first password 1')).status).toBe(200);
  });

  it('resets the password of an existing admin and ends its sessions', async () => {
    const signedIn = await login('editor', 'first password 1');
    const cookie = signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const res = await rehber(['user', 'add', 'editor', '--password-stdin'], env, 'second password 2');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/reset/);
    expect((await login('editor', 'first password 1')).status).toBe(401);
    expect((await login('editor', 'second password 2')).status).toBe(200);
    const check = await (await fetch(`${app.url}/api/admin/check`, { headers: { cookie } })).json();
    expect(check).toEqual({ authenticated: false });
  });

  it('refuses, with exit 2 and one line, to read a password from a non-terminal without --password-stdin', async () => {
    const res = await rehber(['user', 'add', 'someone'], env, 'secret password\n');
    expect(res.code).toBe(2);
    expect(res.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^rehber: .*--password-stdin/)]);
  });

  it('refuses a too short password with exit 2', async () => {
    const res = await rehber(['user', 'add', 'someone', '--password-stdin'], env, 'short\n');
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/at least 8/);
  });

  it('refuses a username past the cap with exit 2 and one line, creating no one', async () => {
    const res = await rehber(['user', 'add', 'a'.repeat(65), '--password-stdin'], env, 'a long enough password\n');
    expect(res.code).toBe(2);
    expect(res.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^rehber: .*at most 64/)]);
    expect(await app.db('users').where('username', 'a'.repeat(65)).first()).toBeUndefined();
  });

  it('lists the admins, then removes one: its session gets 401 on the next request', async () => {
    await rehber(['user', 'add', 'leaving', '--password-stdin'], env, 'leaving password 1');
    const signedIn = await login('leaving', 'leaving password 1');
    const cookie = signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    expect((await fetch(`${app.url}/api/admin/businesses`, { headers: { cookie } })).status).toBe(200);

    const list = await rehber(['user', 'list'], env);
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n').map((l) => l.split('\t')[0])).toEqual(expect.arrayContaining(['editor', 'leaving']));

    const res = await rehber(['user', 'remove', 'leaving'], env);
    expect(res).toMatchObject({ code: 0, stdout: "Admin 'leaving' removed; its sessions are ended\n" });
    expect((await fetch(`${app.url}/api/admin/businesses`, { headers: { cookie } })).status).toBe(401);
    expect((await login('leaving', 'leaving password 1')).status).toBe(401);
    expect(await app.db('sessions').whereRaw(`data->>'username' = 'leaving'`).first()).toBeUndefined();
  });

  it('refuses to remove an unknown admin or the last one (exit 2) unless --force', async () => {
    expect((await rehber(['user', 'remove', 'nobody'], env)).code).toBe(2);
    const names = (await app.db('users').pluck('username')) as string[];
    for (const name of names.slice(1)) expect((await rehber(['user', 'remove', name], env)).code).toBe(0);
    const last = await rehber(['user', 'remove', names[0]], env);
    expect(last.code).toBe(2);
    expect(last.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^rehber: .*last admin.*--force/)]);
    expect(await app.db('users').count({ n: '*' })).toEqual([{ n: 1 }]);
    expect((await rehber(['user', 'remove', names[0], '--force'], env)).code).toBe(0);
    expect(await app.db('users').count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('reports an up-to-date database from db migrate', async () => {
    const res = await rehber(['db', 'migrate'], env);
    expect(res).toMatchObject({ code: 0, stdout: 'Database is up to date\n' });
  });

  it('exits 1 with one line when the database is unreachable', async () => {
    const res = await rehber(['db', 'migrate'], { DATABASE_URL: 'postgres://nobody:x@127.0.0.1:1/none' });
    expect(res.code).toBe(1);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(/^rehber: /);
  });
});
