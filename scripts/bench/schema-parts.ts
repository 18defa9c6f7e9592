/**
 * What each part of rehber's schema costs an import (`BENCH_ONLY=schema-parts`): a generated CSV
 * imported fresh (as `rehber import` stores it), then the stored rows COPYed into a fresh migrated
 * schema again and again, each time with one index, key or trigger of businesses removed, between
 * COPYs with everything in place. A part's share is what the COPY saves without it. A fresh
 * import does not keep the non-unique indexes up row by row (it drops them and builds them once at
 * the end), so each one's build on the loaded rows is timed too: that is what it costs that import.
 * BENCH_PARTS=name,name limits the parts (a+b removes a and b together); BENCH_PARTS_ROUNDS
 * (default 1) repeats the sequence, the second round in reverse order, so load that drifts through
 * a round shows.
 */
import path from 'node:path';
import type { BenchContext } from './context.js';
import { writeGeneratedCsv } from './generate.js';

const SELF = new URL('./import.js', import.meta.url).href;
const SAME_WORK = new URL('./same-work-copy.js', import.meta.url).href;

interface Timed {
  seconds: number;
  rows: number;
}

export async function run(ctx: BenchContext): Promise<void> {
  const rows = ctx.rows(1_000_000);
  const csv = path.join(ctx.workDir, 'parts.csv');
  const file = path.join(ctx.workDir, 'parts.tsv');
  await writeGeneratedCsv(csv, rows);
  await ctx.child(SELF, 'importJob', { dbUrl: ctx.dbUrl, file: csv });
  const args = { dbUrl: ctx.dbUrl, adminUrl: ctx.adminUrl, file };

  const builds = (await ctx.child<Array<{ name: string; seconds: number }>>(SAME_WORK, 'indexBuildsJob', args)).value;
  const buildTotal = builds.reduce((s, b) => s + b.seconds, 0);
  for (const b of builds) process.stdout.write(`build of ${b.name}: ${b.seconds.toFixed(2)} s (${pct(b.seconds / buildTotal)} of the ${buildTotal.toFixed(1)} s of builds)\n`);

  const all = (await ctx.child<string[]>(SAME_WORK, 'removablePartsJob', args)).value;
  const wanted = process.env.BENCH_PARTS?.split(',').map((s) => s.trim());
  const parts = [...(wanted ?? all), 'every removable part'];
  const rounds = Number(process.env.BENCH_PARTS_ROUNDS ?? 1);
  const copy = async (without: string[]) => {
    const t = (await ctx.child<Timed>(SAME_WORK, 'sameWorkCopyJob', { ...args, without })).value;
    if (t.rows !== rows) throw new Error(`the parts COPY wrote ${t.rows} of ${rows} rows`);
    return t.seconds;
  };
  const without = (part: string) => (part === 'every removable part' ? all : part.split('+'));
  for (let round = 0; round < rounds; round++) {
    // Each part beside a COPY with everything, taken just before it: a pair under the same load.
    for (const part of round % 2 ? [...parts].reverse() : parts) {
      const base = await copy([]);
      const less = await copy(without(part));
      process.stdout.write(`round ${round + 1}, without ${part}: ${rate(rows, less)} rows/s against ${rate(rows, base)} with everything (${base.toFixed(1)} → ${less.toFixed(1)} s, ${pct((base - less) / base)} of the COPY)\n`);
    }
  }
}

const rate = (rows: number, seconds: number) => Math.round(rows / seconds).toLocaleString('en-US');
const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
