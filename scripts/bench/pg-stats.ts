/**
 * Where PostgreSQL's time goes in one HTTP case: with BENCH_HTTP_PG_STATS=<n>, pg_stat_statements
 * is reset before each case and its `n` statements of most total time printed after it. Needs the
 * extension loaded (shared_preload_libraries = 'pg_stat_statements' on the bench's server, then
 * CREATE EXTENSION as its superuser); without it the bench says so once and measures as usual.
 * Planning is counted only with `pg_stat_statements.track_planning = on` (otherwise 0 ms in 0 plans).
 */
import { createDb, type Db } from '../../db/index.js';

export interface PgStats {
  reset(): Promise<void>;
  print(caseName: string): Promise<void>;
  stop(): Promise<void>;
}

interface StatementRow {
  calls: string;
  total_ms: number;
  mean_ms: number;
  plan_ms: number;
  plans: string;
  rows_per_call: number;
  blks_per_call: number;
  query: string;
}

/** The statements' figures for each case, or null when BENCH_HTTP_PG_STATS is not set or the extension is missing. */
export async function pgStats(adminUrl: string): Promise<PgStats | null> {
  const top = Number(process.env.BENCH_HTTP_PG_STATS);
  if (!Number.isInteger(top) || top <= 0) return null;
  const db: Db = createDb(adminUrl, { max: 1 });
  try {
    await db.raw('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await db.raw('SELECT pg_stat_statements_reset()');
  } catch (err) {
    process.stdout.write(`  (BENCH_HTTP_PG_STATS: pg_stat_statements unavailable: ${(err as Error).message})\n`);
    await db.destroy();
    return null;
  }
  return {
    reset: async () => void (await db.raw('SELECT pg_stat_statements_reset()')),
    print: async (caseName) => {
      const { rows } = (await db.raw(
        `SELECT calls::text, total_exec_time + total_plan_time AS total_ms, (total_exec_time + total_plan_time) / calls AS mean_ms,
                total_plan_time AS plan_ms, plans::text, rows::float / calls AS rows_per_call, (shared_blks_hit + shared_blks_read)::float / calls AS blks_per_call,
                regexp_replace(query, '\\s+', ' ', 'g') AS query
           FROM pg_stat_statements WHERE calls > 0 AND query !~* 'pg_stat_statements' ORDER BY total_exec_time + total_plan_time DESC LIMIT ?`,
        [top],
      )) as { rows: StatementRow[] };
      const all = rows.reduce((s, r) => s + r.total_ms, 0);
      const [every] = (
        (await db.raw(
          `SELECT coalesce(sum(total_exec_time + total_plan_time), 0) AS total_ms, coalesce(sum(total_plan_time), 0) AS plan_ms, coalesce(sum(calls), 0)::text AS calls
             FROM pg_stat_statements WHERE calls > 0 AND query !~* 'pg_stat_statements'`,
        )) as { rows: { total_ms: number; plan_ms: number; calls: string }[] }
      ).rows;
      process.stdout.write(`  PostgreSQL in "${caseName}": every statement ${every.total_ms.toFixed(0)} ms (planning ${every.plan_ms.toFixed(0)} ms), ${every.calls} calls\n`);
      process.stdout.write(`  PostgreSQL in "${caseName}" (top ${top}, ${all.toFixed(0)} ms among them):\n`);
      for (const r of rows) {
        process.stdout.write(`    ${r.total_ms.toFixed(0).padStart(7)} ms ${r.calls.padStart(7)} calls ${r.mean_ms.toFixed(2).padStart(7)} ms/call ${r.plan_ms.toFixed(0).padStart(5)} ms in ${r.plans.padStart(5)} plans ${r.rows_per_call.toFixed(0).padStart(5)} rows ${r.blks_per_call.toFixed(0).padStart(6)} blocks  ${r.query.slice(0, 220)}\n`);
      }
    },
    stop: () => db.destroy(),
  };
}
