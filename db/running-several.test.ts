import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTempDir } from '../scripts/test-hooks.fixtures.js';
import { createDb, openDatabase, type Database } from './index.js';
import { freePort } from '../scripts/free-port.js';
import { runCli } from '../cli/run-cli.fixtures.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `rehber <args>` from source, as a user runs it. */
async function rehber(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stderr: string }> {
  const run = await runCli(args, { env });
  return { code: run.code ?? 1, stderr: run.stderr };
}

async function count(database: Database, table: string): Promise<number> {
  return Number((await database.db(table).count({ n: '*' }))[0].n);
}

const home = useTempDir('rehber-several-');
// The embedded server runs as the postgres user when we are root: it must reach the data dirs.
fs.chmodSync(home, 0o777);

describe('two checkouts on one machine, one default PG_PORT', () => {
  let port: number;
  let first: Database;
  let second: Database | undefined;
  const dirA = path.join(home, 'a', 'pg');
  const dirB = path.join(home, 'b', 'pg');

  beforeAll(async () => {
    port = await freePort();
    first = await openDatabase({ dataDir: dirA, embeddedPort: port }, { quiet: true });
    await first.db.raw('CREATE TABLE mark (n int); INSERT INTO mark VALUES (1), (2)');
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('the second starts on a free port, remembers it, and its CLI finds it; the first is untouched', { timeout: 180_000 }, async () => {
    second = await openDatabase({ dataDir: dirB, embeddedPort: port }, { quiet: true });
    const secondPort = Number(new URL(second.url).port);
    expect(secondPort).not.toBe(port);
    expect(fs.readFileSync(`${dirB}.port`, 'utf8').trim()).toBe(String(secondPort));
    await second.db.raw('CREATE TABLE mark (n int)');
    expect(await count(second, 'mark')).toBe(0);

    // The second checkout's CLI, same settings: it shares the running server instead of starting one.
    const cli = await openDatabase({ dataDir: dirB, embeddedPort: port }, { quiet: true });
    expect(cli.url).toBe(second.url);
    await cli.close();
    expect(await count(second, 'mark')).toBe(0);

    expect(Number(new URL(first.url).port)).toBe(port);
    expect(await count(first, 'mark')).toBe(2);
    expect(fs.existsSync(`${dirA}.port`)).toBe(false);
  });

  it('a PG_PORT set to a taken port stops with one line naming it and leaves nothing behind', { timeout: 60_000 }, async () => {
    const dirC = path.join(home, 'c', 'pg');
    const run = await rehber(['db', 'migrate'], { DATA_DIR: dirC, PG_PORT: String(port) });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`rehber: PG_PORT ${port} is in use by another program: set PG_PORT to a free port, or unset it to let rehber choose one\n`);
    expect(fs.readdirSync(path.dirname(dirC))).toEqual([]);
    expect(await count(first, 'mark')).toBe(2);
  });
});

describe('two first starts of one DATA_DIR at once', () => {
  it('make one cluster: the second uses the first one\'s server', { timeout: 240_000 }, async () => {
    const dataDir = path.join(home, 'twice', 'pg');
    const config = { dataDir, embeddedPort: await freePort(), embeddedPortChosen: true };
    const both = await Promise.all([openDatabase(config, { quiet: true }), openDatabase(config, { quiet: true })]);
    try {
      expect(both[1].url).toBe(both[0].url);
      await both[0].db.raw('CREATE TABLE seen (n int); INSERT INTO seen VALUES (1)');
      expect(await count(both[1], 'seen')).toBe(1);
      expect(fs.readdirSync(path.dirname(dataDir)).sort()).toEqual(['pg', 'pg.credentials.json']);
    } finally {
      for (const database of both) await database.close();
    }
  });
});

describe('a first start that was killed', () => {
  /**
   * A first start in a process of its own, killed with SIGKILL (no clean-up at all) once `ready(dir)`
   * holds for a folder beside the data dir's, or for the data dir itself. The process alone: what it
   * started (initdb, PostgreSQL) goes on running, the worst case.
   */
  async function killedFirstStart(dataDir: string, port: number, ready: (dir: string) => boolean): Promise<void> {
    const code = `import { openDatabase } from './db/index.ts'; await openDatabase(undefined, { quiet: true }); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PG_PORT: String(port) },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const parent = path.dirname(dataDir);
    const candidates = () => (fs.existsSync(parent) ? fs.readdirSync(parent).map((n) => path.join(parent, n)) : []);
    await vi.waitUntil(
      () => {
        if (child.exitCode !== null) throw new Error('the first start ended before the point to kill it at');
        return candidates().some(ready);
      },
      { timeout: 120_000, interval: 20 },
    );
    process.kill(child.pid!, 'SIGKILL');
    await exited;
  }

  it('killed during initdb, the next start works', { timeout: 240_000 }, async () => {
    const dataDir = path.join(home, 'killed-initdb', 'pg');
    const port = await freePort();
    await killedFirstStart(dataDir, port, (dir) => fs.existsSync(path.join(dir, 'PG_VERSION')));
    const database = await openDatabase({ dataDir, embeddedPort: port, embeddedPortChosen: true }, { quiet: true });
    try {
      expect((await database.db.raw('SELECT current_user AS who')).rows[0].who).toBe('rehber');
    } finally {
      await database.close();
    }
  });

  it('killed with its PostgreSQL up and no roles yet, the next start on the same port works and keeps working', { timeout: 240_000 }, async () => {
    const dataDir = path.join(home, 'killed-running', 'pg');
    const port = await freePort();
    // initdb's bootstrap writes a postmaster.pid too; a server's says 'ready' once it takes connections.
    // The file may go between looking and reading (the bootstrap ending): not ready yet.
    const up = (dir: string) => {
      try {
        return fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').includes('ready');
      } catch {
        return false;
      }
    };
    await killedFirstStart(dataDir, port, up);
    let database = await openDatabase({ dataDir, embeddedPort: port, embeddedPortChosen: true }, { quiet: true });
    try {
      await database.db.raw('CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');
    } finally {
      await database.close();
    }
    // Only the data dir and the files rehber keeps beside it are left.
    expect(fs.readdirSync(path.dirname(dataDir)).sort()).toEqual(['pg', 'pg.credentials.json']);

    // What an earlier version left when killed after initdb: a cluster whose application role and
    // database were never made. The next start makes them.
    const credentials = JSON.parse(fs.readFileSync(`${dataDir}.credentials.json`, 'utf8'));
    database = await openDatabase({ dataDir, embeddedPort: port, embeddedPortChosen: true }, { quiet: true });
    const admin = createDb(`postgres://${credentials.superuser.name}:${encodeURIComponent(credentials.superuser.password)}@127.0.0.1:${port}/postgres`, { max: 1 });
    try {
      await database.db.destroy();
      await admin.raw('DROP DATABASE rehber WITH (FORCE)');
      await admin.raw('DROP ROLE rehber');
    } finally {
      await admin.destroy();
      await database.close();
    }
    fs.rmSync(path.join(dataDir, 'rehber.credentials.json'), { force: true });
    database = await openDatabase({ dataDir, embeddedPort: port, embeddedPortChosen: true }, { quiet: true });
    try {
      expect((await database.db.raw('SELECT current_user AS who')).rows[0].who).toBe('rehber');
    } finally {
      await database.close();
    }
  });
});
