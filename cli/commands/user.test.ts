import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../server/test-app.js';

/** Runs the real CLI in its own process against the test app's database. */
function rehber(args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

describe('rehber user add and rehber db migrate', () => {
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
