/**
 * A bench's HTTP cases measured in turn beside its bare route (near.ts, open-now.ts, combos.ts; http.ts
 * measures its own with cache counts): each a warm-up, then DURATION_MS of load under CONNECTIONS
 * clients, the server process's CPU time per request and, with BENCH_HTTP_PG_STATS, the case's
 * costliest statements.
 */
import type { BenchContext } from './context.js';
import { load, type LoadResult } from './http-load.js';
import type { PgStats } from './pg-stats.js';
import type { ServerChild } from './server-child.js';

export const DURATION_MS = 10_000;
export const WARMUP_MS = 1_000;

/** Each case: a warm-up, then DURATION_MS measured. */
export const measured = (headers: Record<string, string> = {}) => ({ headers, warmupMs: WARMUP_MS, budgetMs: () => DURATION_MS });

/**
 * A load and the server process's CPU time (user and system) per request: its CPU time over the
 * whole load (warm-up included) over that load's requests (the warm-up's counted at the measured
 * rate). Unlike requests/s, this barely moves with what else the machine's two cores are running.
 */
export async function withCpu(server: ServerChild, run: () => Promise<LoadResult>): Promise<LoadResult & { cpuUs: number }> {
  const before = await server.cpuUs();
  const result = await run();
  const spent = (await server.cpuUs()) - before;
  const requests = result.rps * ((DURATION_MS + WARMUP_MS) / 1000);
  return { ...result, cpuUs: spent / requests };
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
  bare: LoadResult;
  /** A case's further figures, reported after its own. */
  more?: (name: string, result: LoadResult) => void;
}

/** Each chosen case under load in turn, reported beside the bare route; a case with a failed request stops the bench. */
export async function measureCases(ctx: BenchContext, server: ServerChild, statements: PgStats | null, cases: LoadCase[], options: MeasureOptions): Promise<void> {
  const { only, at, bare, more } = options;
  const vs = (value: number) => ({ name: 'bare Koa route', value });
  for (const { name, next, headers } of cases) {
    if (only && !only.some((part) => name.toLowerCase().includes(part))) continue;
    await statements?.reset();
    const r = await withCpu(server, () => load(server.appUrl, next, measured(headers)));
    await statements?.print(name);
    if (r.errors > 0) throw new Error(`${name}: ${r.errors} requests failed (first status ${r.firstBadStatus})`);
    ctx.report({ name: `${name}, ${at}`, value: r.rps, unit: 'req/s', vs: vs(bare.rps) });
    ctx.report({ name: `${name} p50`, value: r.p50, unit: 'ms', vs: vs(bare.p50) });
    ctx.report({ name: `${name} p99`, value: r.p99, unit: 'ms', vs: vs(bare.p99) });
    ctx.report({ name: `${name}, server CPU per request`, value: Math.round(r.cpuUs), unit: 'µs' });
    more?.(name, r);
  }
}
