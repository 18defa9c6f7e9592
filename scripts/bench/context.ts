/** What every bench module gets from scripts/bench.ts, kept apart so modules don't import the runner. */
import type { ChildResult } from './child.js';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The yardstick this figure is compared with, measured in the same run. */
  vs?: { name: string; value: number };
  /** Peak memory of the process that produced the figure, in MB. */
  maxRssMb?: number;
}

export interface BenchContext {
  /** The application's URL (an ordinary role, as in production). */
  dbUrl: string;
  /** The throwaway cluster's superuser: only for creating bench databases (owned by the application role). */
  adminUrl: string;
  workDir: string;
  /** The embedded cluster's data directory; unset with BENCH_DATABASE_URL. */
  dataDir?: string;
  /** n scaled by BENCH_SCALE. */
  rows(n: number): number;
  report(figure: Figure): void;
  /** Runs an exported job of a module in its own process and reports its peak memory. */
  child<T>(moduleUrl: string, exportName: string, args: unknown): Promise<ChildResult<T>>;
}
