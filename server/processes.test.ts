import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { ListPage } from '../domain/search.js';
import { useTestDb } from '../scripts/test-hooks.fixtures.js';
import { startServerProcess } from './server-process.fixtures.js';
import { signIn } from './test-login.js';

const PASSWORD = 'a long enough password';

/** The processes a process started, by pid (Linux's /proc). */
const childrenOf = (pid: number): number[] =>
  fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);

/** The sum of a counter's samples with these labels, in Prometheus's text format. */
function counted(text: string, name: string, labels: Record<string, string>): number {
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
}

/**
 * The process holding the server's end of a client's connection: /proc/net/tcp names the socket
 * whose remote port is the client's, and that socket's inode is in one process's descriptors.
 */
function holderOf(serverPort: number, clientPort: number, pids: number[]): number | undefined {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  const inodes = ['/proc/net/tcp', '/proc/net/tcp6']
    .flatMap((f) => fs.readFileSync(f, 'utf8').split('\n').slice(1))
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f.length > 9 && f[1].endsWith(`:${hex(serverPort)}`) && f[2].endsWith(`:${hex(clientPort)}`))
    .map((f) => `socket:[${f[9]}]`);
  return pids.find((pid) => {
    try {
      return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return inodes.includes(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
        } catch {
          return false;
        }
      });
    } catch {
      return false;
    }
  });
}

/** A connection kept open after one request, and the port of its client end. */
function openConnection(url: string): Promise<{ agent: http.Agent; clientPort: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/healthz`, { agent }, (res) => {
        const clientPort = res.socket.localPort!;
        res.resume();
        res.on('end', () => resolve({ agent, clientPort }));
      })
      .on('error', reject);
  });
}

/** SERVER_PROCESSES=2: one primary, two workers on one port (server/processes.ts). */
describe('a server of two processes', () => {
  const t = useTestDb();

  it('serves from both, keeps one session and one data version across them, replaces a worker that dies, adds up their metrics and stops cleanly', { timeout: 180_000 }, async () => {
    const run = startServerProcess({
      PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: t.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: PASSWORD, METRICS_PORT: '0', SERVER_PROCESSES: '2',
    });
    try {
      const url = await run.serving;
      expect(run.stdout()).toMatch(/rehber is serving \S+ from 2 processes/);
      const primary = run.child.pid!;
      const workers = childrenOf(primary);
      expect(workers).toHaveLength(2);

      // Signed in through one worker, the session holds on both: a connection closed after each
      // request leaves both workers holding none, and the next goes to the one handed one least recently.
      const cookie = await signIn(url, 'admin', PASSWORD);
      const adminStatuses = [];
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${url}/api/admin/businesses?page=1&limit=5`, { headers: { cookie, connection: 'close' } });
        adminStatuses.push(res.status);
        await res.arrayBuffer();
      }
      expect(adminStatuses).toEqual([200, 200, 200, 200, 200, 200]);

      // Both workers cache the search; a write through one reaches the other's answers.
      const search = async () => {
        const res = await fetch(`${url}/api/search?q=zeppelin`, { headers: { connection: 'close' } });
        expect(res.status).toBe(200);
        return ((await res.json()) as ListPage).items.map((b) => b.name);
      };
      let searches = 0;
      for (let i = 0; i < 4; i++, searches++) expect(await search()).toEqual([]);
      const csv = ['name,category,full_address,city,country,place_id', 'Zeppelin Cafe,Cafe,1 Main St,Austin,US,ZEP1'].join('\n');
      const imported = await fetch(`${url}/api/admin/import`, { method: 'POST', headers: { cookie, origin: url, 'content-type': 'application/json' }, body: JSON.stringify({ csvData: csv }) });
      expect(imported.status).toBe(200);
      // Each process hears of the write from PostgreSQL when it commits: within moments, four
      // searches in a row (two on each worker) all show it.
      await expect
        .poll(async () => {
          const seen = [];
          for (let i = 0; i < 4; i++, searches++) seen.push((await search()).join());
          return seen;
        }, { timeout: 10_000, interval: 100 })
        .toEqual(['Zeppelin Cafe', 'Zeppelin Cafe', 'Zeppelin Cafe', 'Zeppelin Cafe']);

      // /metrics on the primary is the sum over the workers.
      const metricsUrl = /rehber serves metrics on (\S+)/.exec(run.stdout())![1];
      const text = await (await fetch(metricsUrl)).text();
      expect(counted(text, 'rehber_http_requests_total', { method: 'GET', route: '/api/search', status: '200' })).toBe(searches);

      // A worker that dies is replaced, and the server keeps answering meanwhile.
      process.kill(workers[0], 'SIGKILL');
      await expect.poll(() => run.stdout(), { timeout: 10_000, interval: 50 }).toMatch(/a server process \(pid \d+\) ended \(SIGKILL\): starting another/);
      for (let i = 0; i < 4; i++) expect((await fetch(`${url}/healthz`, { headers: { connection: 'close' } })).status).toBe(200);
      await expect.poll(() => childrenOf(primary).filter((pid) => pid !== workers[0]).length, { timeout: 20_000, interval: 100 }).toBe(2);
      const now = childrenOf(primary);

      // SIGTERM: every worker drains and ends, then the primary; one line says so.
      expect(await run.stop()).toBe(0);
      expect(run.stdout().match(/rehber is shutting down/g)).toHaveLength(1);
      for (const pid of now) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
    } finally {
      await run.stop();
    }
  });

  it('hands each new connection to the worker holding the fewest, not to each in turn', { timeout: 120_000 }, async () => {
    const run = startServerProcess({ PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: t.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SERVER_PROCESSES: '2' });
    const open: Array<{ agent: http.Agent; clientPort: number }> = [];
    try {
      const url = await run.serving;
      const port = Number(new URL(url).port);
      const workers = childrenOf(run.child.pid!);
      const holders = async (n: number) => {
        const held = [];
        for (let i = 0; i < n; i++) {
          const c = await openConnection(url);
          open.push(c);
          held.push(holderOf(port, c.clientPort, workers));
        }
        return held;
      };
      // Four kept open, one after the other: two each.
      const first = await holders(4);
      expect(new Set(first).size).toBe(2);
      expect(first.filter((pid) => pid === first[0])).toHaveLength(2);
      // The two on one worker close (its end of both is gone); the next two both go to it. Dealt in
      // turn, the first of them would go to the other worker, already holding two.
      const emptied = first[1]!;
      for (const c of open.filter((_, i) => first[i] === emptied)) c.agent.destroy();
      await expect.poll(() => open.filter((_, i) => first[i] === emptied).map((c) => holderOf(port, c.clientPort, workers)), { timeout: 10_000, interval: 50 }).toEqual([undefined, undefined]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await holders(2)).toEqual([emptied, emptied]);

      // Told to stop, a worker finishes a read in flight on a connection it was handed (the
      // businesses table held, so the read waits), while the connections left idle are closed.
      const holder = new pg.Client({ connectionString: t.url });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE businesses IN ACCESS EXCLUSIVE MODE');
        const read = fetch(`${url}/api/businesses/recent`).catch((err) => err as Error);
        await expect.poll(async () => (await holder.query(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'businesses'::regclass`)).rows[0].n, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
        run.child.kill('SIGTERM');
        await expect.poll(() => run.stdout(), { timeout: 10_000, interval: 50 }).toMatch(/rehber is shutting down/);
        await holder.query('ROLLBACK');
        const res = await read;
        if (res instanceof Error) throw res;
        expect(res.status).toBe(200);
        expect(Array.isArray(await res.json())).toBe(true);
        expect(await run.exited).toBe(0);
      } finally {
        await holder.end();
      }
    } finally {
      for (const c of open) c.agent.destroy();
      await run.stop();
    }
  });

  it('says in one line why it could not start, when a worker cannot', { timeout: 60_000 }, async () => {
    const first = startServerProcess({ PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: t.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
    try {
      const port = new URL(await first.serving).port;
      const second = startServerProcess({ PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: t.url, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'warn', SERVER_PROCESSES: '2' });
      expect(await second.exited).toBe(1);
      expect(second.stderr()).toBe(`rehber: Port ${port} on 127.0.0.1 is already in use (set PORT)\n`);
    } finally {
      await first.stop();
    }
  });
});
