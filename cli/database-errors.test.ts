import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../db/index.js';
import { withDatabase } from '../db/test-db.js';
import { freePort } from '../scripts/free-port.js';
import { runCli } from './run-cli.fixtures.js';

let dir: string;
let csv: string;
let closedUrl: string;
let emptyUrl: string;
const emptyName = `t_empty_${randomBytes(4).toString('hex')}`;
const adminUrl = () => process.env.REHBER_TEST_ADMIN_URL as string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-cli-dberr-'));
  csv = path.join(dir, 'one.csv');
  fs.writeFileSync(csv, 'name,address,city,country\nKadıköy Fırını,Moda Cd. 1,Kadıköy,Türkiye\n');
  closedUrl = `postgres://rehber:secret@127.0.0.1:${await freePort()}/rehber`;
  // A database nobody migrated: what a fresh or mistyped DATABASE_URL points at.
  const admin = createDb(adminUrl(), { max: 1 });
  try {
    await admin.raw(`CREATE DATABASE ${emptyName}`);
  } finally {
    await admin.destroy();
  }
  emptyUrl = withDatabase(adminUrl(), emptyName);
});
afterAll(async () => {
  const admin = createDb(adminUrl(), { max: 1 });
  try {
    await admin.raw(`DROP DATABASE IF EXISTS ${emptyName} WITH (FORCE)`);
  } finally {
    await admin.destroy();
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

const rehber = (args: string[], databaseUrl: string, stdin = '') =>
  runCli(args, { cwd: dir, input: stdin, env: { ...process.env, DATABASE_URL: databaseUrl, PUBLIC_BASE_URL: 'https://rehber.example', PORT: '0' } });

const commands: Array<[string, () => string[], string?]> = [
  ['import', () => ['import', csv]],
  ['import --dry-run', () => ['import', '--dry-run', csv]],
  ['import undo', () => ['import', 'undo', '1']],
  ['export', () => ['export', '--format', 'csv', '--out', '-']],
  ['sitemap generate', () => ['sitemap', 'generate']],
  ['sitemap validate', () => ['sitemap', 'validate']],
  ['user add', () => ['user', 'add', 'admin', '--password-stdin'], 'a long enough password\n'],
  ['db migrate', () => ['db', 'migrate']],
  ['db reresolve', () => ['db', 'reresolve']],
  ['serve', () => ['serve']],
];

describe('a database that cannot be reached', () => {
  it.each(commands)('rehber %s says so in one line and exits 1', async (_name, args, stdin) => {
    const run = await rehber(args(), closedUrl, stdin);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain('    at ');
    expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^rehber: cannot reach the database \(connect ECONNREFUSED .*\): check DATABASE_URL/)]);
  });

  it('names a host that does not resolve', async () => {
    const run = await rehber(['export', '--out', '-'], 'postgres://rehber:secret@no-such-host.invalid:5432/rehber');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^rehber: cannot reach the database \(getaddrinfo (ENOTFOUND|EAI_AGAIN) no-such-host\.invalid\): check DATABASE_URL[^\n]*\n$/);
  });

  it('says a wrong password is a refused sign-in, without showing it', async () => {
    const url = new URL(adminUrl());
    url.password = 'not-the-password';
    const run = await rehber(['db', 'reresolve'], url.toString());
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^rehber: the database refused the sign-in \(password authentication failed for user "[^"]+"\): check the user and password in DATABASE_URL\n$/);
    expect(run.stderr).not.toContain('not-the-password');
  });
});

describe('a database with no rehber tables', () => {
  // import, import undo, user add, db migrate and serve migrate first; these read straight away.
  const reading = commands.filter(([name]) => ['export', 'sitemap generate', 'sitemap validate', 'db reresolve'].includes(name));
  it.each(reading)('rehber %s says to run rehber db migrate, in one line, exit 1', async (_name, args) => {
    const run = await rehber(args(), emptyUrl);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('rehber: the database has no rehber tables: run rehber db migrate\n');
  });
});
