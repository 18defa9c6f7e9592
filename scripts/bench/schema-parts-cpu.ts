/**
 * Each part of businesses' schema by the CPU its loading backend spends, not the wall clock: on a
 * machine shared with other work the clock of a COPY moved more between two runs than most parts
 * cost, while the backend's own CPU time (user + system, read from /proc) moves far less.
 *
 *   npx tsx scripts/bench/schema-parts-cpu.ts <database URL> <rows> [rounds]
 *
 * The database must be on this machine, hold imported businesses, and be one you may empty:
 * the first `rows` of them are kept in a staging table, businesses emptied, then inserted back in
 * one statement (as the same-work COPY loads them), each time in a transaction rolled back after:
 * with everything, and with one part removed (a part a+b: both), a pair at a time. EXPLAIN ANALYZE
 * of the statement with everything names each trigger's own time.
 */
import fs from 'node:fs';
import pg from 'pg';

const [url, rowsArg, roundsArg] = process.argv.slice(2);
const rows = Number(rowsArg);
const rounds = Number(roundsArg ?? 2);
const PARTS = (process.env.BENCH_PARTS ?? '').split(',').filter(Boolean);

const client = new pg.Client({ connectionString: url });
await client.connect();
const pid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
const TICKS = 100;
/** Seconds of CPU the backend has used: utime + stime of /proc/<pid>/stat. */
const cpu = () => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
};

const columns = (
  await client.query(`SELECT string_agg(column_name, ', ' ORDER BY ordinal_position) AS c FROM information_schema.columns
   WHERE table_schema = 'public' AND table_name = 'businesses' AND is_generated = 'NEVER' AND column_name <> 'search_vector'`)
).rows[0].c as string;
const staged = await client.query(`SELECT to_regclass('parts_stage') IS NOT NULL AS yes`);
if (!staged.rows[0].yes) {
  await client.query(`CREATE TABLE parts_stage AS SELECT ${columns} FROM businesses ORDER BY id LIMIT ${rows}`);
}
await client.query('TRUNCATE businesses CASCADE');
const insert = `INSERT INTO businesses (${columns}) SELECT ${columns} FROM parts_stage LIMIT ${rows}`;

const kinds = new Map<string, string>(
  (
    await client.query(`SELECT c.relname AS name, 'index' AS kind FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'businesses'::regclass AND NOT i.indisprimary
      UNION ALL SELECT conname, 'constraint' FROM pg_constraint WHERE conrelid = 'businesses'::regclass AND contype IN ('u', 'f')
      UNION ALL SELECT tgname, 'trigger' FROM pg_trigger WHERE tgrelid = 'businesses'::regclass AND NOT tgisinternal`)
  ).rows.map((r) => [r.name, r.kind]),
);
const removal = (name: string) => {
  const kind = kinds.get(name);
  if (kind === 'trigger') return `ALTER TABLE businesses DISABLE TRIGGER ${name}`;
  // A unique key's index is its constraint's: dropped as the constraint.
  if (kind === 'constraint') return `ALTER TABLE businesses DROP CONSTRAINT ${name}`;
  if (kind === 'index') return `DROP INDEX ${name}`;
  throw new Error(`businesses has no part ${name}`);
};

/** CPU seconds and wall seconds of the insert with `without` removed, all rolled back after. */
async function measure(without: string[]): Promise<{ cpu: number; wall: number }> {
  await client.query('VACUUM businesses');
  await client.query('CHECKPOINT');
  await client.query('BEGIN');
  try {
    for (const part of without) await client.query(removal(part));
    const c = cpu();
    const t = performance.now();
    await client.query(insert);
    return { cpu: cpu() - c, wall: (performance.now() - t) / 1000 };
  } finally {
    await client.query('ROLLBACK');
  }
}

await client.query('BEGIN');
const explained = (await client.query(`EXPLAIN (ANALYZE, COSTS OFF) ${insert}`)).rows.map((r) => r['QUERY PLAN'] as string);
await client.query('ROLLBACK');
for (const line of explained) if (/Trigger|Execution Time/.test(line)) console.log(line.trim());

for (let round = 1; round <= rounds; round++) {
  for (const part of round % 2 ? PARTS : [...PARTS].reverse()) {
    const base = await measure([]);
    const less = await measure(part.split('+'));
    const share = (base.cpu - less.cpu) / base.cpu;
    console.log(`round ${round}, without ${part}: CPU ${base.cpu.toFixed(1)} → ${less.cpu.toFixed(1)} s (${(share * 100).toFixed(1)}% of the insert's CPU); wall ${base.wall.toFixed(1)} → ${less.wall.toFixed(1)} s`);
  }
}
await client.end();
