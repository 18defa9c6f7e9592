/**
 * Places figures: how much of the address corpus resolves to the right city, and what
 * the gazetteer costs an import: a fresh import of corpus addresses (no city column, as Google
 * Maps exports come) with the gazetteer, against the same import with the layout rules alone
 * (REHBER_GAZETTEER=off, as before the gazetteer), each in its own process for its peak memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { createDb } from '../../db/index.js';
import { importFileInWorker } from '../../data/import/import-worker.js';
import { readCorpus, scoreCorpus } from '../../data/places/corpus.js';
import type { BenchContext } from './context.js';

const SELF = import.meta.url;

export async function run(ctx: BenchContext): Promise<void> {
  const corpus = readCorpus();
  for (const [label, rows] of [
    ['whole', corpus],
    ['written apart from the resolver', corpus.filter((r) => r.written === 'independent')],
  ] as const) {
    const score = scoreCorpus(rows);
    ctx.report({ name: `Address corpus (${label}: ${score.rows} addresses, ${score.countries} countries): right city`, value: (100 * score.right) / score.rows, unit: '%' });
    ctx.report({ name: `Address corpus (${label}): a wrong city given`, value: score.wrong, unit: 'rows' });
  }

  const rows = ctx.rows(200_000);
  const file = path.join(ctx.workDir, 'places.csv');
  const out = fs.createWriteStream(file);
  out.write('name,full_address,country,place_id\n');
  for (let i = 0; i < rows; i++) {
    const c = corpus[i % corpus.length];
    if (!out.write(stringify([[`Place ${i}`, c.address, c.country ?? '', `corpus-${i}`]]))) await new Promise((r) => out.once('drain', r));
  }
  await new Promise((r) => out.end(r));

  await reset(ctx.dbUrl);
  const before = await ctx.child<{ seconds: number }>(SELF, 'importJob', { dbUrl: ctx.dbUrl, file, gazetteer: false });
  await reset(ctx.dbUrl);
  const after = await ctx.child<{ seconds: number }>(SELF, 'importJob', { dbUrl: ctx.dbUrl, file, gazetteer: true });
  const layoutRate = { name: 'the same import, layout rules only', value: rows / before.value.seconds };
  ctx.report({ ...layoutRate, unit: 'rows/s', maxRssMb: before.maxRssMb });
  ctx.report({ name: 'Fresh import of corpus addresses, with the gazetteer', value: rows / after.value.seconds, unit: 'rows/s', vs: layoutRate, maxRssMb: after.maxRssMb });
  await reset(ctx.dbUrl);
}

async function reset(dbUrl: string): Promise<void> {
  const db = createDb(dbUrl, { max: 1 });
  await db.raw('TRUNCATE businesses, cities, categories, countries, imports RESTART IDENTITY CASCADE');
  await db.raw('CHECKPOINT');
  await db.destroy();
}

export async function importJob({ dbUrl, file, gazetteer }: { dbUrl: string; file: string; gazetteer: boolean }): Promise<{ seconds: number }> {
  // The worker thread inherits this process's environment when it starts.
  if (!gazetteer) process.env.REHBER_GAZETTEER = 'off';
  const started = performance.now();
  await importFileInWorker(dbUrl, file, { source: 'cli' });
  return { seconds: (performance.now() - started) / 1000 };
}
