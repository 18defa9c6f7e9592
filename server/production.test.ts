/**
 * The production recipe (docs/production.md), run as written: the unit's ExecStart (the built
 * server) with its environment file, behind the headers its nginx config sets, on an external
 * PostgreSQL from Debian's package with a streaming replica; then the maintenance job the timer
 * starts. The recipe's files are read from docs/production/, so the doc cannot drift from this.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/free-port.js';
import { PG15_BIN, debianPostgresMissing, startPrimaryAndReplica, type ExternalPostgres } from './debian-postgres.fixtures.js';
import { startServerProcess, type ServerProcess } from './server-process.fixtures.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RECIPE = path.join(ROOT, 'docs/production');
const PUBLIC_HOST = 'rehber.example';
const CLIENT = '203.0.113.7';
const PASSWORD = 'a long enough password';

/** KEY=VALUE lines of a systemd EnvironmentFile (the recipe's has no quoting). */
function readEnvFile(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const m = line.match(/^([A-Z_][A-Z0-9_]*)=(.*)$/);
    if (!m) throw new Error(`not KEY=VALUE: ${line}`);
    env[m[1]] = m[2];
  }
  return env;
}

/** A unit file's directives (the last of a name wins, as for these single-valued ones). */
function readUnit(file: string): Record<string, string> {
  const unit: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = line.match(/^(\w+)=(.*)$/);
    if (m) unit[m[1]] = m[2];
  }
  return unit;
}

/** The headers nginx.conf sends upstream, with nginx's variables as they are for CLIENT over HTTPS. */
function proxyHeaders(): Record<string, string> {
  const vars: Record<string, string> = { $host: PUBLIC_HOST, $scheme: 'https', $remote_addr: CLIENT, $proxy_add_x_forwarded_for: CLIENT };
  const headers: Record<string, string> = {};
  for (const [, name, value] of fs.readFileSync(path.join(RECIPE, 'nginx.conf'), 'utf8').matchAll(/^\s*proxy_set_header\s+(\S+)\s+(.+);$/gm)) {
    if (value === '""') continue;
    if (!(value in vars)) throw new Error(`the test does not know nginx's ${value}`);
    headers[name.toLowerCase()] = vars[value];
  }
  return headers;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const missing = debianPostgresMissing() ?? (fs.existsSync(path.join(ROOT, 'dist/server/main.js')) && fs.existsSync(path.join(ROOT, 'dist/cli/main.js')) ? null : 'rehber is not built (make build; make test builds it)');
if (missing) console.warn(`Skipping the production recipe test: ${missing}.`);

describe.skipIf(missing)('the production recipe (docs/production.md)', () => {
  let dir: string;
  let db: ExternalPostgres;
  let check: pg.Client;
  let env: NodeJS.ProcessEnv;
  let port: number;
  let serverArgs: string[];
  const runs: ServerProcess[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-production-'));
    // The clusters run as user postgres when we are root: it must reach their folder.
    fs.chmodSync(dir, 0o755);
    db = await startPrimaryAndReplica(path.join(dir, 'pg'));
    check = new pg.Client({ connectionString: db.adminUrl });
    await check.connect();
    port = await freePort();
    const file = readEnvFile(path.join(RECIPE, 'rehber.env'));
    // Only what names this machine's places and secrets changes; every other setting is the recipe's.
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...file,
      PORT: String(port),
      DATABASE_URL: db.url,
      DATABASE_REPLICA_URL: db.replicaUrl,
      SESSION_SECRET: randomBytes(32).toString('base64'),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      PHOTO_CACHE_DIR: path.join(dir, 'photos'),
      METRICS_PORT: String(await freePort()),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: PASSWORD,
    };
    const unit = readUnit(path.join(RECIPE, 'rehber.service'));
    const [node, ...args] = unit.ExecStart.split(' ');
    expect(node).toBe('/usr/bin/node');
    serverArgs = args;
  });
  afterAll(async () => {
    await Promise.all(runs.map((r) => r.stop()));
    await check?.end();
    await db?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A request as nginx forwards it (its Host, X-Forwarded-For and -Proto). */
  const viaProxy = (method: string, p: string, { cookie, json }: { cookie?: string; json?: unknown } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const body = json === undefined ? undefined : JSON.stringify(json);
      const headers: Record<string, string> = { ...proxyHeaders() };
      if (cookie) headers.cookie = cookie;
      if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', origin: `https://${PUBLIC_HOST}` });
      const req = http.request({ host: '127.0.0.1', port, method, path: p, headers, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });

  const start = async () => {
    const run = startServerProcess(env, serverArgs);
    runs.push(run);
    expect(await run.serving).toBe(`http://${env.HOST}:${port}`);
    return run;
  };
  const count = async (sql: string) => (await check.query<{ n: number }>(sql)).rows[0].n;

  it('serves through a start, traffic, a SIGTERM during requests and a restart, losing nothing', { timeout: 300_000 }, async () => {
    const unit = readUnit(path.join(RECIPE, 'rehber.service'));
    // The server's own grace for requests in flight (20 s) fits in the time systemd waits.
    expect(unit.KillSignal).toBe('SIGTERM');
    expect(Number(unit.TimeoutStopSec)).toBeGreaterThan(20);

    const first = await start();
    await expect.poll(async () => JSON.parse((await viaProxy('GET', '/readyz')).body), { timeout: 30_000 }).toMatchObject({ ready: true, replica: 'in use' });
    const home = await viaProxy('GET', '/');
    expect(home.status).toBe(200);
    expect(home.body).toContain(`https://${PUBLIC_HOST}/`);
    const reads = await Promise.all(Array.from({ length: 20 }, () => viaProxy('GET', '/api/businesses/recent')));
    expect(reads.map((r) => r.status)).toEqual(reads.map(() => 200));

    // Over HTTPS at the proxy: the same-origin check accepts https://rehber.example, the cookie is Secure.
    const login = await viaProxy('POST', '/api/admin/login', { json: { username: 'admin', password: PASSWORD } });
    expect(login.status).toBe(200);
    const setCookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
    expect(setCookie.length).toBeGreaterThan(0);
    for (const c of setCookie) expect(c).toMatch(/;\s*secure/i);
    const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');

    // A write before the SIGTERM.
    const csv = ['name,category,full_address,city,country,place_id', 'Recipe Cafe,Cafe,1 Main St,Austin,US,RECIPE1'].join('\n');
    expect((await viaProxy('POST', '/api/admin/import', { cookie, json: { csvData: csv } })).status).toBe(200);
    const { id, slug } = (await check.query<{ id: number; slug: string }>(`SELECT id, slug FROM businesses WHERE place_id = 'RECIPE1'`)).rows[0];
    const total = await count('SELECT count(*)::int AS n FROM businesses');
    // Another business than the one the in-flight hide hides: let go at the same moment, the hide may
    // commit before the read takes its snapshot, and that read's 404 would be right.
    const other = (await check.query<{ slug: string }>('SELECT slug FROM businesses WHERE is_active AND id <> $1 ORDER BY id LIMIT 1', [id])).rows[0].slug;

    // Requests in flight at the SIGTERM: held on a lock of the primary, then let go.
    const holder = new pg.Client({ connectionString: db.adminUrl });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE businesses IN ACCESS EXCLUSIVE MODE');
    const inFlight = [
      viaProxy('POST', '/api/admin/business-actions', { cookie, json: { action: 'hide', ids: [id] } }),
      // A signed-in admin's public reads go to the primary, so they wait on the lock too.
      viaProxy('GET', '/api/businesses/recent', { cookie }),
      viaProxy('GET', `/api/businesses/detail/${other}`, { cookie }),
    ];
    try {
      await expect.poll(() => count(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = 'rehber'`), { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(3);
      first.child.kill('SIGTERM');
      await expect.poll(() => first.stdout(), { timeout: 10_000, interval: 50 }).toMatch(/rehber is shutting down/);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await first.exited).toBe(0);
    expect(first.stderr()).toBe('');

    // Logs for journald: pino's JSON lines (one per request) beside the few plain start and stop lines.
    const lines = first.stdout().trim().split('\n');
    const plain = lines.filter((l) => !l.startsWith('{'));
    for (const l of plain) expect(l).toMatch(/^(Loaded the sample directory|rehber (is serving|serves metrics|is shutting down))/);
    const logged = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { level: number; msg: string; path?: string; status?: number });
    expect(logged.filter((l) => l.msg === 'request' && l.path === '/api/admin/business-actions').map((l) => l.status)).toEqual([200]);

    // The restart: the same data, the write before and the one in flight both there.
    const second = await start();
    expect(second.stdout()).not.toMatch(/Loaded the sample directory/);
    expect(await count('SELECT count(*)::int AS n FROM businesses')).toBe(total);
    expect(await count(`SELECT count(*)::int AS n FROM businesses WHERE place_id = 'RECIPE1' AND NOT is_active`)).toBe(1);
    await expect.poll(async () => JSON.parse((await viaProxy('GET', '/readyz')).body), { timeout: 30_000 }).toMatchObject({ ready: true, replica: 'in use' });
    // The hide reaches the replica that serves the public.
    await expect.poll(async () => (await viaProxy('GET', `/api/businesses/detail/${slug}`)).status, { timeout: 30_000 }).toBe(404);
    expect((await viaProxy('GET', '/api/businesses/recent')).status).toBe(200);

    // The timer's job: sitemaps for PUBLIC_BASE_URL, then the database and the uploads backed up.
    const maintenance = readUnit(path.join(RECIPE, 'rehber-maintenance.service'));
    expect(maintenance.ExecStart).toBe('/srv/rehber/docs/production/rehber-maintenance.sh');
    const backups = path.join(dir, 'backups');
    const job = await promisify(execFile)(path.join(RECIPE, 'rehber-maintenance.sh'), [], { cwd: ROOT, env: { ...env, BACKUP_DIR: backups, PG_BIN: PG15_BIN } });
    expect(job.stdout).toMatch(/^Backed up the database and uploads to /m);
    const sitemap = await viaProxy('GET', '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).toContain(`<loc>https://${PUBLIC_HOST}/`);
    const files = fs.readdirSync(backups).sort();
    expect(files).toEqual([expect.stringMatching(/^rehber-\d{4}-\d\d-\d\d\.dump$/), expect.stringMatching(/^rehber-uploads-\d{4}-\d\d-\d\d\.tar\.gz$/)]);
    const listing = await promisify(execFile)(path.join(PG15_BIN, 'pg_restore'), ['--list', path.join(backups, files[0])]);
    expect(listing.stdout).toMatch(/TABLE DATA public businesses /);
    // The recipe's restore, into a new database owned by the application role.
    await check.query('CREATE DATABASE restored OWNER rehber');
    const restored = new URL(db.url);
    restored.pathname = '/restored';
    await promisify(execFile)(path.join(PG15_BIN, 'pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${restored}`, path.join(backups, files[0])]);
    const copy = new pg.Client({ connectionString: restored.toString() });
    await copy.connect();
    try {
      expect((await copy.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses')).rows[0].n).toBe(total);
    } finally {
      await copy.end();
    }

    await second.stop();
    expect(await second.exited).toBe(0);
  });
});
