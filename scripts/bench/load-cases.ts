/**
 * A bench's HTTP cases measured in turn between two runs of the yardstick (near.ts, open-now.ts,
 * combos.ts; http.ts measures its own with cache counts): each a warm-up, then DURATION_MS of load
 * under CONNECTIONS clients, the CPU time per request of the server process, of PostgreSQL and of
 * the whole machine and, with BENCH_HTTP_PG_STATS, the case's costliest statements.
 *
 * The yardstick is the bare Koa + pg route (server-child.ts) reading one business by slug with its
 * category and city, served by the same process as the cases. Its speed moves from one server
 * start to the next by as much as a quarter whatever the build ("The yardstick has two speeds",
 * docs/performance.md), so it is measured before the cases and again after them, a case's ratio
 * is to the mean of the two runs, and both runs are printed: a run whose yardstick moved by more
 * than its cases differ says so itself.
 */
import { availableParallelism } from 'node:os';
import type { BenchContext } from './context.js';
import { createDb, type Db } from '../../db/index.js';
import { load, pick, type LoadResult } from './http-load.js';
import type { PgStats } from './pg-stats.js';
import { machineCpuUs, type ServerChild } from './server-child.js';

export const DURATION_MS = 10_000;
export const WARMUP_MS = 1_000;

/** Each case: a warm-up, then DURATION_MS measured. */
export const measured = (headers: Record<string, string> = {}, warmupMs = WARMUP_MS) => ({ headers, warmupMs, budgetMs: () => DURATION_MS });

/**
 * The first load a server started for the bench serves is slower while V8 compiles its code and
 * PostgreSQL's new backends fill their caches (a quarter to three times slower here): the
 * yardstick's first run warms up this long first, and so does the app's first case, whose code the
 * yardstick never runs (a category in a city, distinct, after 1 s: its first 2-4 s served two
 * thirds of its later rate and held 42 of the 44 requests past its p99, in a run with no full collection).
 */
const FIRST_WARMUP_MS = 5_000;

/** A case's warm-up: the first's of the app in its server (`first`), or the usual one. */
export const warmupOf = (first: boolean): number => (first ? FIRST_WARMUP_MS : WARMUP_MS);

/**
 * A load and the server process's CPU time (user and system) per request: its CPU time over the
 * whole load (warm-up included) over that load's requests (the warm-up's counted at the measured
 * rate). Unlike requests/s, this barely moves with what else the machine's two cores are running.
 */
export async function withCpu(server: ServerChild, run: () => Promise<LoadResult>, warmupMs = WARMUP_MS): Promise<Measured> {
  const before = { server: await server.cpuUs(), pg: server.pgCpuUs(), machine: machineCpuUs(), full: await server.fullCollections() };
  const result = await run();
  const spent = (await server.cpuUs()) - before.server;
  const fullCollections = (await server.fullCollections()) - before.full;
  const pgAfter = server.pgCpuUs();
  const machine = machineCpuUs() - before.machine;
  const requests = result.rps * ((DURATION_MS + warmupMs) / 1000);
  // A backend that ended during the load takes its CPU time out of the sum: no figure then.
  const pg = pgAfter !== undefined && before.pg !== undefined && pgAfter >= before.pg ? (pgAfter - before.pg) / requests : undefined;
  return { ...result, cpuUs: spent / requests, pgUs: pg, machineUs: machine / requests, fullCollections };
}

/**
 * A case's figures with its CPU time per request: the server process's (`cpuUs`), PostgreSQL's
 * (`pgUs`, when its server is on this machine) and the whole machine's (`machineUs`: those two, the
 * load generator and the kernel), from which the rate the machine's cores allow at that cost follows.
 */
export type Measured = LoadResult & { cpuUs: number; pgUs?: number; machineUs?: number; fullCollections?: number };

/** The figures a case is compared with: the yardstick's two runs' means. */
export type Yardstick = Pick<Measured, 'rps' | 'p50' | 'p99' | 'cpuUs' | 'pgUs' | 'machineUs'>;

export const YARDSTICK_NAME = 'bare Koa + pg';

/** Five hundred businesses (slug and name) from a 1% sample of the table's pages: what the HTTP cases ask for in turn. */
export async function sampleBusinesses(db: Db): Promise<{ slug: string; name: string }[]> {
  return (await db.raw('SELECT slug, name FROM businesses TABLESAMPLE SYSTEM (1) LIMIT 500')).rows as { slug: string; name: string }[];
}

/** The sample's slugs: the businesses the yardstick reads in turn. */
export async function sampleSlugs(dbUrl: string): Promise<string[]> {
  const db = createDb(dbUrl, { max: 1 });
  try {
    return (await sampleBusinesses(db)).map((r) => r.slug);
  } finally {
    await db.destroy();
  }
}

/**
 * One run of the yardstick under load; a failed request stops the bench. `prepared` names its
 * statement: PostgreSQL then plans it once a connection instead of on every request. Planning it
 * (0.41-0.54 ms on one connection, the table's 25 indexes each considered) weighs three to four
 * times running it unnamed (0.12-0.17 ms) and eight to ten times running it named (0.05 ms), so the
 * route that names it serves several times the requests; the ratios are to the unnamed route, as
 * they always were, and the named one is printed beside it.
 */
async function runYardstick(server: ServerChild, slugs: string[], warmupMs = WARMUP_MS, prepared = false): Promise<Measured> {
  const path = prepared ? '/prepared/' : '/slug/';
  const r = await withCpu(server, () => load(server.bareUrl, () => `${path}${encodeURIComponent(pick(slugs))}`, measured({}, warmupMs)), warmupMs);
  if (r.errors > 0) throw new Error(`${YARDSTICK_NAME}: ${r.errors} requests failed (first status ${r.firstBadStatus})`);
  return r;
}

/**
 * The yardstick's first run (after FIRST_WARMUP_MS), reported; the function it gives, called after
 * the cases, runs it again and in its named form, reports both and gives the two runs' means.
 */
export async function startYardstick(ctx: BenchContext, server: ServerChild, slugs: string[]): Promise<() => Promise<Yardstick>> {
  const before = await runYardstick(server, slugs, FIRST_WARMUP_MS);
  reportYardstickRun(ctx, 'before the cases', before);
  return async () => {
    const yard = settleYardstick(ctx, before, await runYardstick(server, slugs));
    reportYardstickRun(ctx, 'its statement prepared', await runYardstick(server, slugs, WARMUP_MS, true));
    return yard;
  };
}

/** Reports one run of the yardstick ("before the cases", "after the cases", "its statement prepared"). */
function reportYardstickRun(ctx: BenchContext, when: string, r: Measured): void {
  const name = `Bare Koa + pg, one business by slug, ${when}`;
  ctx.report({ name, value: r.rps, unit: 'req/s' });
  ctx.report({ name: `${name}, p50`, value: r.p50, unit: 'ms' });
  ctx.report({ name: `${name}, p99`, value: r.p99, unit: 'ms' });
  ctx.report({ name: `${name}, server CPU per request`, value: Math.round(r.cpuUs), unit: 'µs' });
  reportCpuBudget(ctx, name, r);
}

/** The two runs' means, reported with how far the second run moved from the first. */
function settleYardstick(ctx: BenchContext, before: Measured, after: Measured): Yardstick {
  reportYardstickRun(ctx, 'after the cases', after);
  ctx.report({ name: 'Bare Koa + pg, moved between its two runs', value: Math.round((100 * (after.rps - before.rps)) / before.rps), unit: '% req/s' });
  const mean = (key: 'rps' | 'p50' | 'p99' | 'cpuUs') => (before[key] + after[key]) / 2;
  const meanOf = (a?: number, b?: number) => (a === undefined || b === undefined ? undefined : (a + b) / 2);
  return { rps: mean('rps'), p50: mean('p50'), p99: mean('p99'), cpuUs: mean('cpuUs'), pgUs: meanOf(before.pgUs, after.pgUs), machineUs: meanOf(before.machineUs, after.machineUs) };
}

/** A case's figures beside the yardstick's means. */
export function reportBeside(ctx: BenchContext, name: string, at: string, r: Measured, yard: Yardstick): void {
  const vs = (value: number) => ({ name: `${YARDSTICK_NAME} (mean of two runs)`, value });
  ctx.report({ name: `${name}, ${at}`, value: r.rps, unit: 'req/s', vs: vs(yard.rps) });
  ctx.report({ name: `${name} p50`, value: r.p50, unit: 'ms', vs: vs(yard.p50) });
  ctx.report({ name: `${name} p99`, value: r.p99, unit: 'ms', vs: vs(yard.p99) });
  ctx.report({ name: `${name}, server CPU per request`, value: Math.round(r.cpuUs), unit: 'µs', vs: vs(yard.cpuUs) });
  reportCpuBudget(ctx, name, r, yard);
  // Its warm-up's included: what its p99 may have met (ServerChild.fullCollections).
  if (r.fullCollections !== undefined) ctx.report({ name: `${name}, the server's full collections during it`, value: r.fullCollections, unit: '' });
}

/** The machine's cores, whose time the cases share. */
const CORES = availableParallelism();

/**
 * PostgreSQL's CPU time per request and the rest of the machine's (the load generator, the kernel's
 * network work): with the server's, where each request's cost goes. The three sum to the machine's
 * busy time, which at CONNECTIONS clients is all of its cores: the rate a case reaches is the
 * cores' time over that sum (two cores at 4 ms a request serve 500 a second).
 */
export function reportCpuBudget(ctx: BenchContext, name: string, r: Measured, yard?: Yardstick): void {
  const vs = (value: number | undefined) => (yard && value !== undefined ? { vs: { name: `${YARDSTICK_NAME} (mean of two runs)`, value } } : {});
  if (r.pgUs !== undefined) ctx.report({ name: `${name}, PostgreSQL CPU per request`, value: Math.round(r.pgUs), unit: 'µs', ...vs(yard?.pgUs) });
  if (r.machineUs === undefined) return;
  ctx.report({ name: `${name}, machine CPU per request (server, PostgreSQL, load generator, kernel)`, value: Math.round(r.machineUs), unit: 'µs', ...vs(yard?.machineUs) });
  // The most the cores serve at that cost, however the rest is tuned: a p99 goal needs its rate
  // under this (p99 < 100 ms at 32 clients about 530 a second: docs/performance.md, "What bounds the p99 goals").
  ctx.report({ name: `${name}, the most its machine CPU allows on ${CORES} cores`, value: Math.round((CORES * 1_000_000) / r.machineUs), unit: 'req/s' });
}

export interface LoadCase {
  name: string;
  /** The next request's path: a unique one each time, so the answer cache never serves it. */
  next: () => string;
  headers?: Record<string, string>;
}

/** The parts of case names an environment variable holds (`BENCH_NEAR_ONLY` splits on `|`), lower-cased; null runs every case. */
export function onlyCases(value: string | undefined, separator = ','): string[] | null {
  return value ? value.split(separator).map((s) => s.trim().toLowerCase()) : null;
}

interface MeasureOptions {
  only: string[] | null;
  /** What every case's name ends with in the report, e.g. "1,000,000 businesses". */
  at: string;
  /** The businesses the yardstick reads (yardstick.ts `sampleSlugs`). */
  slugs: string[];
  /** A case's further figures, reported after its own. */
  more?: (name: string, result: LoadResult) => void;
}

/**
 * The yardstick, each chosen case under load in turn, the yardstick again; then every case reported
 * beside the yardstick's two runs' means. A case with a failed request stops the bench.
 */
export async function measureCases(ctx: BenchContext, server: ServerChild, statements: PgStats | null, cases: LoadCase[], options: MeasureOptions): Promise<void> {
  const { only, at, slugs, more } = options;
  const yardstick = await startYardstick(ctx, server, slugs);
  const results: Array<[string, Measured]> = [];
  for (const { name, next, headers } of cases) {
    if (only && !only.some((part) => name.toLowerCase().includes(part))) continue;
    await statements?.reset();
    const warmupMs = warmupOf(!results.length);
    const r = await withCpu(server, () => load(server.appUrl, next, measured(headers, warmupMs)), warmupMs);
    await statements?.print(name);
    if (r.errors > 0) throw new Error(`${name}: ${r.errors} requests failed (first status ${r.firstBadStatus})`);
    results.push([name, r]);
  }
  const yard = await yardstick();
  for (const [name, r] of results) {
    reportBeside(ctx, name, at, r, yard);
    more?.(name, r);
  }
}
