/**
 * HTTP figures of CONTRACT §9: requests/s and p99 latency of the business detail, the city's
 * businesses and the admin search on 1,000,000 businesses, each against a bare Koa route served
 * by the same server process. The server runs in a child process; the load comes from a small
 * keep-alive loopback generator in this one, so the two do not share an event loop.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Koa from 'koa';
import pino from 'pino';
import { createDb } from '../../db/index.js';
import { upsertUser } from '../../db/queries/users.js';
import type { BenchContext } from './context.js';
import { ensureBusinesses } from './export.js';

const CONNECTIONS = 16;
const DURATION_MS = 10_000;
const WARMUP_MS = 1_000;
const READY = '@@http-ready ';
const PEAK = '@@http-peak ';

export async function run(ctx: BenchContext): Promise<void> {
  const rows = ctx.rows(1_000_000);
  await ensureBusinesses(ctx, rows);
  const samples = await sampleRequests(ctx.dbUrl);
  const server = await startServer(ctx.dbUrl);
  try {
    const cookie = await signIn(server.appUrl, samples.password);
    const bare = await load(server.bareUrl, () => '/', {});
    ctx.report({ name: 'Bare Koa route', value: bare.rps, unit: 'req/s' });
    ctx.report({ name: 'Bare Koa route p99', value: bare.p99, unit: 'ms' });
    const cases: Array<[string, () => string, Record<string, string>]> = [
      ['Business detail', () => `/api/businesses/detail/${pick(samples.slugs)}`, {}],
      ['City businesses', () => `/api/cities/${pick(samples.citySlugs)}/businesses?page=${1 + Math.floor(Math.random() * 5)}`, {}],
      ['Admin search', () => `/api/admin/businesses?page=1&limit=50&search=${encodeURIComponent(pick(samples.terms))}`, { cookie }],
      ['Admin list, no search', () => `/api/admin/businesses?page=${1 + Math.floor(Math.random() * 100)}&limit=50`, { cookie }],
      ['Admin country stats', () => '/api/admin/country-stats', { cookie }],
    ];
    for (const [name, next, headers] of cases) {
      const r = await load(server.appUrl, next, headers);
      if (r.errors > 0) throw new Error(`${name}: ${r.errors} requests failed (first status ${r.firstBadStatus})`);
      ctx.report({ name: `${name}, ${rows.toLocaleString('en-US')} businesses`, value: r.rps, unit: 'req/s', vs: { name: 'bare Koa', value: bare.rps } });
      ctx.report({ name: `${name} p99`, value: r.p99, unit: 'ms', vs: { name: 'bare Koa', value: bare.p99 } });
    }
  } finally {
    const peak = await server.stop();
    ctx.report({ name: 'HTTP server peak memory', value: peak, unit: 'MB', maxRssMb: peak });
  }
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];

async function sampleRequests(dbUrl: string): Promise<{ slugs: string[]; citySlugs: string[]; terms: string[]; password: string }> {
  const db = createDb(dbUrl, { max: 1 });
  try {
    const password = 'bench password, not a secret';
    await upsertUser(db, 'bench', password);
    const slugs = (await db.raw('SELECT slug FROM businesses TABLESAMPLE SYSTEM (1) LIMIT 500')).rows.map((r: { slug: string }) => r.slug);
    const citySlugs = (await db('cities').select('slug')).map((r: { slug: string }) => r.slug);
    // What an admin types: a word of a name, a street, a city.
    const terms = ['Golden Oak', 'Main St', 'Berlin', 'Florist 12', 'Çınar', 'harbor pine', 'Denver', '4711'];
    return { slugs, citySlugs, terms, password };
  } finally {
    await db.destroy();
  }
}

async function signIn(appUrl: string, password: string): Promise<string> {
  const res = await fetch(`${appUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password }),
  });
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

interface LoadResult {
  rps: number;
  p99: number;
  errors: number;
  firstBadStatus?: number;
}

/** CONNECTIONS keep-alive loops for DURATION_MS (after a warm-up); every answer is read whole. */
async function load(base: string, nextPath: () => string, headers: Record<string, string>): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const url = new URL(base);
  const once = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.get({ host: url.hostname, port: url.port, path, agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  const latencies: number[] = [];
  let errors = 0;
  let firstBadStatus: number | undefined;
  const phase = async (ms: number, record: boolean) => {
    const until = performance.now() + ms;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const t0 = performance.now();
          const status = await once(nextPath());
          if (!record) continue;
          latencies.push(performance.now() - t0);
          if (status !== 200) {
            errors++;
            firstBadStatus ??= status;
          }
        }
      }),
    );
  };
  await phase(WARMUP_MS, false);
  const started = performance.now();
  await phase(DURATION_MS, true);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0, errors, firstBadStatus };
}

interface ServerChild {
  appUrl: string;
  bareUrl: string;
  /** Stops the server; resolves with its peak memory in MB. */
  stop(): Promise<number>;
}

function startServer(dbUrl: string): Promise<ServerChild> {
  const self = fileURLToPath(import.meta.url);
  const execArgv = self.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...execArgv, self, 'serve', dbUrl], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  let peak: ((mb: number) => void) | undefined;
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    child.stdout.on('data', (d) => {
      out += d;
      const ready = out.split('\n').find((l) => l.startsWith(READY));
      const done = out.split('\n').find((l) => l.startsWith(PEAK));
      if (done && peak) peak(Number(done.slice(PEAK.length)));
      if (ready && !done) {
        const [appUrl, bareUrl] = ready.slice(READY.length).split(' ');
        out = '';
        resolve({
          appUrl,
          bareUrl,
          stop: () =>
            new Promise<number>((res) => {
              peak = res;
              child.stdin.end();
            }),
        });
      }
    });
  });
}

/** The child: the real app and a bare Koa app, in one process, until stdin closes. */
async function serve(dbUrl: string): Promise<void> {
  const { createApp } = await import('../../server/app.js');
  const { testConfig } = await import('../../server/config.js');
  const db = createDb(dbUrl, { max: 10 });
  const listen = (app: Koa) =>
    new Promise<http.Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
  const app = await listen(createApp({ db, config: testConfig(), logger: pino({ level: 'silent' }) }));
  const bareApp = new Koa();
  bareApp.use((ctx) => {
    ctx.body = { ok: true };
  });
  const bare = await listen(bareApp);
  const url = (s: http.Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  process.stdout.write(`${READY}${url(app)} ${url(bare)}\n`);
  process.stdin.resume();
  process.stdin.on('end', async () => {
    app.closeAllConnections();
    bare.closeAllConnections();
    await db.destroy();
    process.stdout.write(`${PEAK}${Math.round(process.resourceUsage().maxRSS / 1024)}\n`);
    process.exit(0);
  });
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url && process.argv[2] === 'serve') await serve(process.argv[3]);
