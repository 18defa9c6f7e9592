/**
 * The public search alone, in one process as the server runs it (one memo scope): `n` queries of
 * one long-tail kind (long-tail.ts) searched once, then the same again, each pass printed as the
 * round trips, the server's CPU and PostgreSQL's time (pg_stat_statements, which the server must
 * preload) a search. Steadier than the HTTP cases on a shared machine: no load generator shares the
 * cores, and a round trip is counted, not timed. Usage, after a build:
 *   node dist/scripts/bench/search-cpu.js <database URL> <superuser URL> <names|words|places|box|typos> [n]
 * To pair two builds, run each build's own copy of this script in turn.
 */
import { performance } from 'node:perf_hooks';
import { createDb } from '../../db/index.js';
import { searchBusinesses } from '../../data/reads/search.js';
import { newMemos } from '../../data/reads/search-memo.js';
import { PLACE_KINDS, readLongTail, searches, WORD_KINDS } from './long-tail.js';
import { oneBox, type MixedQuery } from './query-mix.js';

const KINDS = { words: [WORD_KINDS, 1], places: [PLACE_KINDS, 2], box: [PLACE_KINDS, 3], typos: [['typo'], 4] } as const;

const [url, adminUrl, kind = 'words', count = '150'] = process.argv.slice(2);
if (!url || !adminUrl || (kind !== 'names' && !(kind in KINDS))) throw new Error('usage: search-cpu.js <database URL> <superuser URL> <names|words|places|box|typos> [n]');
const n = Number(count);
const tail = await readLongTail(url, 50_000);
const list: MixedQuery[] =
  kind === 'names' ? tail.businesses.slice(0, n).map((b) => ({ kind: 'word', q: b.name })) : searches(tail, KINDS[kind as keyof typeof KINDS][0], KINDS[kind as keyof typeof KINDS][1]).slice(0, n);
// The same salts and boxes as the HTTP cases (http.ts).
const asked = (m: MixedQuery) => (kind === 'box' ? { q: oneBox(m) } : { q: m.q, location: m.location ?? '' });
const db = createDb(url, { max: 4 });
const admin = createDb(adminUrl, { max: 1 });
try {
  await admin.raw('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  let sent = 0;
  db.on('query', () => sent++);
  const scope = { ...newMemos(), version: '1' };
  for (const pass of ['first time', 'asked again']) {
    await admin.raw('SELECT pg_stat_statements_reset()');
    sent = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (const m of list) await searchBusinesses(db, asked(m), scope);
    const used = process.cpuUsage(cpu);
    const wall = performance.now() - started;
    const [pg] = (
      await admin.raw(
        `SELECT coalesce(sum(total_exec_time + total_plan_time), 0) AS ms FROM pg_stat_statements
          WHERE query !~* 'pg_stat_statements' AND dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      )
    ).rows as { ms: number }[];
    const per = (x: number) => x / list.length;
    process.stdout.write(
      `${kind}, ${pass}: ${list.length} searches, ${per(sent).toFixed(2)} round trips, server CPU ${per(used.user + used.system).toFixed(0)} µs, PostgreSQL ${per(pg.ms).toFixed(2)} ms, wall ${per(wall).toFixed(1)} ms a search\n`,
    );
  }
} finally {
  await db.destroy();
  await admin.destroy();
}
