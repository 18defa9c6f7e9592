import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../db/test-db.js';

describe('rehber serve', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.drop());

  it('runs the same start flow as make start on DATABASE_URL and stops with exit 0 on SIGTERM', { timeout: 120_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', 'serve', '--port', '0', '--host', '127.0.0.1'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: t.url, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d) => {
        out += d;
        const m = out.match(/rehber is serving (\S+)/);
        if (m) resolve(m[1]);
      });
      exited.then((code) => reject(new Error(`exited with ${code}`)));
    });
    expect(out).toMatch(/^Loaded the sample directory/m);
    expect(out).toMatch(/^Admin: admin \/ /m);
    expect((await (await fetch(`${url}/api/stats`)).json()).totalBusinesses).toBeGreaterThan(0);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses a port that is not a number with exit 2', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', 'serve', '--port', 'http'], { env: { PATH: process.env.PATH, DATABASE_URL: t.url } });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(2);
    expect(err).toMatch(/^rehber: Invalid --port/);
  });
});
