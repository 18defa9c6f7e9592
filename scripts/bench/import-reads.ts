/**
 * Public reads while the web imports: the real app serves detail and city reads to 32
 * keep-alive connections while an admin imports a generated 1,000,000-row CSV through the API the
 * dashboard uses (upload, then the streaming import by token, in the server's import worker),
 * against the same reads with no import. The directory already holds 100,000 other businesses, so
 * the import is a real one into a live table (every index kept up), not a bulk load. The server
 * runs in a child process; the load comes from this one.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pino from 'pino';
import { createDb } from '../../db/index.js';
import { upsertUser } from '../../db/queries/users.js';
import type { BenchContext } from './context.js';
import { writeGeneratedCsv } from './generate.js';
import { CONNECTIONS, load, pick, signIn } from './http-load.js';
import { cacheCounts, hitShare, type CacheCounts } from './server-child.js';

const BASELINE_MS = 15_000;
const WARMUP_MS = 2_000;
const READY = '@@reads-ready ';
/** The child's answer on stdout to `caches` on stdin: its answer caches' lookups so far. */
const CACHES = '@@reads-caches ';
const PASSWORD = 'bench password, not a secret';
/** The businesses already there, generated past the imported file's rows so none is the same. */
const BASE_FROM = 50_000_000;

export async function run(ctx: BenchContext): Promise<void> {
  const rows = ctx.rows(1_000_000);
  const baseRows = ctx.rows(100_000);
  const base = path.join(ctx.workDir, 'reads-base.csv');
  const file = path.join(ctx.workDir, 'reads-import.csv');
  await writeGeneratedCsv(base, baseRows, { from: BASE_FROM });
  await writeGeneratedCsv(file, rows);
  const db = createDb(ctx.dbUrl, { max: 1 });
  try {
    await db.raw('TRUNCATE businesses, cities, categories, countries, imports RESTART IDENTITY CASCADE');
  } finally {
    await db.destroy();
  }
  await ctx.child(new URL('./export.js', import.meta.url).href, 'loadJob', { dbUrl: ctx.dbUrl, file: base });
  fs.rmSync(base, { force: true });
  const samples = await sampleReads(ctx.dbUrl);
  const server = await startServer(ctx.dbUrl, path.join(ctx.workDir, 'uploads'));
  try {
    const next = () =>
      Math.random() < 0.5
        ? `/api/businesses/detail/${pick(samples.slugs)}`
        : `/api/cities/${pick(samples.citySlugs)}/businesses?page=${1 + Math.floor(Math.random() * 5)}`;
    const beforeQuiet = await server.answers();
    const quiet = await load(server.url, next, { warmupMs: WARMUP_MS, budgetMs: () => BASELINE_MS });
    const afterQuiet = await server.answers();
    ctx.report({ name: `Public reads (detail and city), ${CONNECTIONS} connections, no import`, value: quiet.rps, unit: 'req/s' });
    ctx.report({ name: 'Public reads p99, no import', value: quiet.p99, unit: 'ms' });
    ctx.report({ name: 'Public reads failed, no import', value: quiet.errors, unit: 'requests' });
    ctx.report({ name: 'Answer cache hit ratio, no import', value: hitRatio(beforeQuiet, afterQuiet), unit: '' });

    const cookie = await signIn(server.url, PASSWORD);
    const token = await upload(server.url, cookie, file);
    let importDone = false;
    const started = performance.now();
    const importing = postJson(server.url, '/api/admin/import-excel-stream', cookie, { filePath: token }).finally(() => {
      importDone = true;
    });
    const beforeBusy = await server.answers();
    const busy = await load(server.url, next, { budgetMs: () => (importDone ? 0 : Infinity) });
    const afterBusy = await server.answers();
    const result = JSON.parse(await importing) as { imported: number; skipped: number };
    const seconds = (performance.now() - started) / 1000;
    if (result.imported !== rows) throw new Error(`web import imported ${result.imported} of ${rows} rows`);
    ctx.report({ name: `Public reads during a ${rows.toLocaleString('en-US')}-row web import`, value: busy.rps, unit: 'req/s', vs: { name: 'no import', value: quiet.rps } });
    ctx.report({ name: 'Public reads p99 during the import', value: busy.p99, unit: 'ms', vs: { name: 'no import', value: quiet.p99 } });
    ctx.report({ name: 'Public reads failed during the import', value: busy.errors, unit: 'requests' });
    ctx.report({ name: 'Answer cache hit ratio during the import', value: hitRatio(beforeBusy, afterBusy), unit: '' });
    ctx.report({ name: 'The web import meanwhile', value: rows / seconds, unit: 'rows/s' });
  } finally {
    await server.stop();
    fs.rmSync(file, { force: true });
  }
}


async function sampleReads(dbUrl: string): Promise<{ slugs: string[]; citySlugs: string[] }> {
  const db = createDb(dbUrl, { max: 1 });
  try {
    await upsertUser(db, 'bench', PASSWORD);
    const slugs = (await db.raw('SELECT slug FROM businesses TABLESAMPLE SYSTEM (5) LIMIT 500')).rows.map((r: { slug: string }) => r.slug);
    const citySlugs = (await db('cities').select('slug')).map((r: { slug: string }) => r.slug);
    return { slugs, citySlugs };
  } finally {
    await db.destroy();
  }
}


async function upload(base: string, cookie: string, file: string): Promise<string> {
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file), 'businesses.csv');
  const res = await fetch(`${base}/api/admin/upload-excel`, { method: 'POST', headers: { cookie }, body: form });
  if (!res.ok) throw new Error(`bench upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { filePath: string }).filePath;
}

/** A POST that may take minutes (node:http: no client timeout), resolving with the answer's body. */
function postJson(base: string, urlPath: string, cookie: string, body: unknown): Promise<string> {
  const url = new URL(urlPath, base);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => (res.statusCode === 200 ? resolve(text) : reject(new Error(`web import answered ${res.statusCode}: ${text}`))));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}



interface ServerChild {
  url: string;
  /** The answer caches' lookups so far. */
  answers(): Promise<Lookups>;
  stop(): Promise<void>;
}

type Lookups = CacheCounts['answers'];

/** The share of the lookups between two counts that found a kept answer. */
const hitRatio = (before: Lookups, after: Lookups) => hitShare(before, after) ?? 0;

function startServer(dbUrl: string, uploadDir: string): Promise<ServerChild> {
  const self = fileURLToPath(import.meta.url);
  const execArgv = self.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...execArgv, self, 'serve', dbUrl, uploadDir], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  // Callers waiting for the child's next count of its caches' lookups.
  const waiting: ((l: Lookups) => void)[] = [];
  let partial = '';
  child.stdout.on('data', (d) => {
    const lines = (partial + String(d)).split('\n');
    partial = lines.pop()!;
    for (const line of lines) if (line.startsWith(CACHES)) waiting.shift()?.(JSON.parse(line.slice(CACHES.length)) as Lookups);
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    const early = (code: number | null) => reject(new Error(`bench server exited (${code})`));
    child.on('exit', early);
    child.stdout.on('data', (d) => {
      out += d;
      const ready = out.split('\n').find((l) => l.startsWith(READY));
      if (!ready) return;
      child.off('exit', early);
      resolve({
        url: ready.slice(READY.length).trim(),
        answers: () =>
          new Promise<Lookups>((res) => {
            waiting.push(res);
            child.stdin.write('caches\n');
          }),
        stop: () =>
          new Promise<void>((res) => {
            child.on('exit', () => res());
            child.stdin.end();
          }),
      });
    });
  });
}

/** The child: the real app, as `make start` builds it (the import worker included), until stdin closes. */
async function serve(dbUrl: string, uploadDir: string): Promise<void> {
  const { createApp } = await import('../../server/app.js');
  const { testConfig } = await import('../../server/config.js');
  const db = createDb(dbUrl, { max: 10 });
  const app = createApp({ db, config: testConfig({ uploadDir }), logger: pino({ level: 'silent' }) });
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  process.stdout.write(`${READY}http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
  process.stdin.resume();
  process.stdin.on('data', (d) => {
    if (!String(d).includes('caches')) return;
    // The replica's and the primary's answer caches (one database here: the replica's serves).
    process.stdout.write(`${CACHES}${JSON.stringify(cacheCounts().answers)}\n`);
  });
  process.stdin.on('end', async () => {
    server.closeAllConnections();
    await db.destroy();
    process.exit(0);
  });
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url && process.argv[2] === 'serve') await serve(process.argv[3], process.argv[4]);
