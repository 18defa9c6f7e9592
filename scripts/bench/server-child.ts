/**
 * The HTTP benches' server: the real app and the yardsticks (a bare Koa route, and a bare Koa + pg
 * route reading one business by slug with its category and city), in one child process, so the
 * load generator in the bench's process does not share their event loop. The child also answers
 * its CPU time (`/cpu`) and its caches' lookups (`/caches`) on the bare app.
 *
 * BENCH_HTTP_PROCESSES=N (above 1) serves both apps from N worker processes, as SERVER_PROCESSES
 * does the real server: the primary hands each connection to the worker holding the fewest
 * (server/connection-handoff.ts), and the yardstick and the app alike use every core. The CPU is
 * then the sum over the workers, read from /proc; the cache lookups are one worker's (the requests
 * are spread evenly, so its ratios are the server's).
 */
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Koa from 'koa';
import pg from 'pg';
import pino from 'pino';
import { createDb } from '../../db/index.js';
import { cacheStats } from '../../domain/bounded-cache.js';
import { SERVER_NODE_FLAGS } from '../../server/node-flags.js';
import { connectionHandoff, serveHandedConnections } from '../../server/connection-handoff.js';
import { listenOn } from '../../server/listen-on.js';

const READY = '@@bench-server-ready ';
const PEAK = '@@bench-server-peak ';

/** Gets and hits of the server's caches, by kind, at one moment. */
export interface CacheCounts {
  answers: { hits: number; misses: number };
  memos: { hits: number; misses: number };
}

export interface ServerChild {
  appUrl: string;
  bareUrl: string;
  /** The server process's CPU time so far (user and system), in microseconds. */
  cpuUs(): Promise<number>;
  /**
   * The CPU time so far of the PostgreSQL server the app reads (its postmaster and the processes
   * it started: the app's backends among them), in microseconds; undefined when that server is not
   * on this machine or its processes cannot be read.
   */
  pgCpuUs(): number | undefined;
  /** Its caches' lookups so far. */
  caches(): Promise<CacheCounts>;
  /**
   * V8's full (mark-compact) collections in the server so far. Each holds every request in flight
   * for as long as its marking takes on two cores (60-100 ms on the million), so a case's p99 is
   * the slowest of the requests a collection caught whenever one came in its run.
   */
  fullCollections(): Promise<number>;
  /** Stops the server; resolves with its peak memory in MB. */
  stop(): Promise<number>;
}

/** How many processes serve the benches' requests (BENCH_HTTP_PROCESSES, default 1). */
export const SERVER_PROCESSES = Math.max(1, Number(process.env.BENCH_HTTP_PROCESSES ?? 1) || 1);

/**
 * The busy CPU time of the whole machine so far, every core and process summed (user, nice, system,
 * interrupts; not idle, I/O wait or time the hypervisor gave elsewhere), in microseconds: what the
 * server, PostgreSQL, the load generator and the kernel's network work spent together.
 */
export function machineCpuUs(): number {
  const [user, nice, system, , , irq, softirq] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq) * 10_000;
}

/** The PostgreSQL server's postmaster, as the parent of a backend of `dbUrl`; undefined when it is not a process of this machine. */
async function postmasterOf(dbUrl: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: dbUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    // The parent's pid is field 4, the second after the command's closing parenthesis.
    const parent = Number(fs.readFileSync(`/proc/${rows[0].pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
    // A server elsewhere (or in a container of its own) has a backend pid this machine does not know or knows as another program.
    return fs.readFileSync(`/proc/${parent}/cmdline`, 'utf8').includes('postgres') ? parent : undefined;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The CPU time so far of a process and of the processes it started, living or ended (an ended
 * one's time is added to its parent's count of its children's time), in microseconds (Linux's /proc).
 */
function treeCpuUs(pid: number): number {
  // utime, stime, cutime and cstime are fields 14 to 17, counted after the command's closing parenthesis.
  const ticks = (p: number, withEnded: boolean) => {
    const fields = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]) + (withEnded ? Number(fields[13]) + Number(fields[14]) : 0);
  };
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  // A child may end between the two reads: it is then counted in the parent's sum of ended children.
  const living = children.reduce((sum, p) => {
    try {
      return sum + ticks(p, false);
    } catch {
      return sum;
    }
  }, 0);
  // Linux counts them in USER_HZ, 100 a second on every architecture Node runs on.
  return (ticks(pid, true) + living) * 10_000;
}

/** Starts the server child on `dbUrl`. BENCH_HTTP_CPU_PROF=<dir>: it writes a V8 CPU profile there when it stops. */
export function startServer(dbUrl: string): Promise<ServerChild> {
  const self = fileURLToPath(import.meta.url);
  const execArgv = self.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const profile = process.env.BENCH_HTTP_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_HTTP_CPU_PROF}`] : [];
  // Run as `make start` and the systemd unit run the server.
  const child = spawn(process.execPath, [...execArgv, ...SERVER_NODE_FLAGS, ...profile, self, 'serve', dbUrl], { stdio: ['pipe', 'pipe', 'inherit'] });
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
        const postmaster = postmasterOf(dbUrl);
        void postmaster.then((pid) => resolve({
          pgCpuUs: () => {
            try {
              return pid === undefined ? undefined : treeCpuUs(pid);
            } catch {
              return undefined;
            }
          },
          appUrl,
          bareUrl,
          cpuUs: async () => (SERVER_PROCESSES > 1 ? treeCpuUs(child.pid!) : Number(await (await fetch(`${bareUrl}/cpu`)).text())),
          caches: async () => (await (await fetch(`${bareUrl}/caches`)).json()) as CacheCounts,
          fullCollections: async () => Number(await (await fetch(`${bareUrl}/gc`)).text()),
          stop: () =>
            new Promise<number>((res) => {
              peak = res;
              child.stdin.end();
            }),
        }));
      }
    });
  });
}

/**
 * The app's caches' lookups, read in its own process: the answer cache (URLs answered in this
 * data version) and the read service's memos (a broad word's candidates, facet counts, labels).
 */
export function cacheCounts(): CacheCounts {
  const out: CacheCounts = { answers: { hits: 0, misses: 0 }, memos: { hits: 0, misses: 0 } };
  for (const s of cacheStats()) {
    const kind = s.name === 'answers' ? out.answers : s.name === 'search memo' || s.name === 'small memo' ? out.memos : null;
    if (!kind) continue;
    kind.hits += s.hits;
    kind.misses += s.misses;
  }
  return out;
}

/** The share of one kind of cache's lookups between two counts that found their entry; undefined when none looked. */
export function hitShare(before: CacheCounts[keyof CacheCounts], after: CacheCounts[keyof CacheCounts]): number | undefined {
  const hits = after.hits - before.hits;
  const gets = hits + after.misses - before.misses;
  return gets > 0 ? hits / gets : undefined;
}

/** The yardstick's one statement: a business by slug with its category and city. */
const BY_SLUG = `SELECT b.*, k.name AS category_name, k.slug AS category_slug, c.name AS city_name, c.slug AS city_slug
   FROM businesses b LEFT JOIN categories k ON k.id = b.category_id LEFT JOIN cities c ON c.id = b.city_id
  WHERE b.slug = $1`;

/** The child: the real app and a bare Koa app, in one process, until stdin closes. */
async function serve(dbUrl: string): Promise<void> {
  // With several workers, the one that answers counts its own (the requests are spread evenly).
  let fullCollections = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) fullCollections++;
  }).observe({ entryTypes: ['gc'] });
  const { createApp } = await import('../../server/app.js');
  const { readConfig, testConfig } = await import('../../server/config.js');
  const db = createDb(dbUrl, { max: 10 });
  // A worker serves the connections its primary hands it.
  const listen = async (app: Koa, tag: string) => {
    const s = http.createServer(app.callback());
    if (cluster.isWorker) await serveHandedConnections(s, tag);
    else await listenOn(s, { port: 0, host: '127.0.0.1' });
    return s;
  };
  // READ_CONCURRENCY as the server reads it (its default unless set), to measure other turns.
  const readConcurrency = readConfig({ READ_CONCURRENCY: process.env.READ_CONCURRENCY }).readConcurrency;
  const app = await listen(createApp({ db, config: testConfig({ readConcurrency }), logger: pino({ level: 'silent' }) }), 'app');
  const pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
  const bareApp = new Koa();
  bareApp.use(async (ctx) => {
    if (ctx.path === '/cpu') {
      const { user, system } = process.cpuUsage();
      ctx.body = String(user + system);
      return;
    }
    if (ctx.path === '/caches') {
      ctx.body = cacheCounts();
      return;
    }
    if (ctx.path === '/gc') {
      ctx.body = String(fullCollections);
      return;
    }
    // `/slug/…` sends the statement unnamed, planned on every request as the yardstick always has
    // been; `/prepared/…` names it, planned once a connection (load-cases.ts).
    const [, kind, slug] = ctx.path.split('/');
    if ((kind !== 'slug' && kind !== 'prepared') || slug === undefined) {
      ctx.body = { ok: true };
      return;
    }
    const { rows } = await pool.query({ text: BY_SLUG, values: [decodeURIComponent(slug)], ...(kind === 'prepared' ? { name: 'bench_bare_by_slug' } : {}) });
    if (!rows.length) ctx.throw(404);
    const { search_vector: _, ...business } = rows[0];
    ctx.body = business;
  });
  const bare = await listen(bareApp, 'bare');
  const url = (s: http.Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  const stop = async () => {
    app.closeAllConnections();
    bare.closeAllConnections();
    await db.destroy();
    await pool.end();
    return Math.round(process.resourceUsage().maxRSS / 1024);
  };
  if (cluster.isWorker) {
    process.on('message', async (m: { stop?: boolean }) => {
      if (m.stop) process.send!({ peak: await stop() }, () => process.exit(0));
    });
    return;
  }
  process.stdout.write(`${READY}${url(app)} ${url(bare)}\n`);
  process.stdin.resume();
  process.stdin.on('end', async () => {
    process.stdout.write(`${PEAK}${await stop()}\n`);
    process.exit(0);
  });
}

/** Several processes: the workers each serve both apps, handed their connections; the peak memory is their sum. */
async function serveFromWorkers(count: number): Promise<void> {
  const handoffs = [connectionHandoff('app'), connectionHandoff('bare')];
  const workers = Array.from({ length: count }, () => cluster.fork());
  await Promise.all(workers.flatMap((w) => handoffs.map((h) => h.accepting(w))));
  const ports = await Promise.all(handoffs.map((h) => h.listen(0, '127.0.0.1')));
  process.stdout.write(`${READY}${ports.map((port) => `http://127.0.0.1:${port}`).join(' ')}\n`);
  process.stdin.resume();
  process.stdin.on('end', async () => {
    const peaks = await Promise.all(
      workers.map((w) => new Promise<number>((resolve) => {
        w.on('message', (m: { peak?: number }) => m.peak !== undefined && resolve(m.peak));
        w.send({ stop: true });
      })),
    );
    process.stdout.write(`${PEAK}${peaks.reduce((a, b) => a + b, Math.round(process.resourceUsage().maxRSS / 1024))}\n`);
    process.exit(0);
  });
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url && process.argv[2] === 'serve') {
  if (cluster.isPrimary && SERVER_PROCESSES > 1) await serveFromWorkers(SERVER_PROCESSES);
  else await serve(process.argv[3]);
}
