/**
 * The CPU of one read near a point, without HTTP: `searchBusinesses` near distinct points around
 * big or small cities, one after another on one process, with one memo scope (as a server keeps),
 * reporting the process's CPU a read (user and system: the sockets' writes count), the statements
 * and buffers a read (pg_stat_statements), and, given the data directory of a PostgreSQL on this
 * machine, the CPU its backends spent a read (from /proc). On a shared machine these move less
 * with others' load than the HTTP bench's requests a second; run two builds alternately.
 *
 * `npx tsx scripts/bench/near-reads.ts <url> <admin url> [big|small|category|5km] [reads] [data dir]`
 * (node dist/scripts/bench/near-reads.js … for a build).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createDb } from '../../db/index.js';
import { searchBusinesses } from '../../data/reads/search.js';
import { newMemos } from '../../data/reads/search-memo.js';

const [url, adminUrl, kind = 'big', readsArg = '600', dataDir] = process.argv.slice(2);

/** User and system CPU of the postmaster of `dir` and its backends, in µs (Linux /proc). */
function postgresCpuUs(dir: string): number {
  const postmaster = readFileSync(`${dir}/postmaster.pid`, 'utf8').split('\n')[0].trim();
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (pid === postmaster || fields[1] === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone between the listing and the read.
    }
  }
  return ticks * 10_000;
}

async function main(): Promise<void> {
  if (!url || !adminUrl) throw new Error('usage: near-reads.ts <url> <admin url> [big|small|category|5km] [reads] [data dir]');
  const db = createDb(url, { max: 4 });
  const admin = createDb(adminUrl, { max: 1 });
  try {
    const { rows: spots } = (await db.raw(
      `SELECT latitude::float AS lat, longitude::float AS lng FROM cities WHERE business_count > 20 AND latitude IS NOT NULL
        ORDER BY business_count ${kind === 'small' ? 'ASC' : 'DESC'} LIMIT 50`,
    )) as { rows: { lat: number; lng: number }[] };
    const { rows: cat } = await db.raw('SELECT slug FROM categories ORDER BY abs(business_count - (SELECT sum(business_count) / 100 FROM categories)) LIMIT 1');
    const scope = { ...newMemos(), version: '1' };
    const read = () => {
      const s = spots[Math.floor(Math.random() * spots.length)];
      const near = { lat: s.lat + (Math.random() - 0.5) * 0.02, lng: s.lng + (Math.random() - 0.5) * 0.02 };
      const extra = kind === 'category' ? { category: cat[0].slug as string } : kind === '5km' ? { radius: 5 } : {};
      return searchBusinesses(db, { filters: { near, ...extra } }, scope);
    };
    for (let i = 0; i < 50; i++) await read();
    await admin.raw('SELECT pg_stat_statements_reset()');
    const reads = Number(readsArg);
    const pgBefore = dataDir ? postgresCpuUs(dataDir) : 0;
    const before = process.cpuUsage();
    for (let i = 0; i < reads; i++) await read();
    const cpu = process.cpuUsage(before);
    const pgUs = dataDir ? postgresCpuUs(dataDir) - pgBefore : NaN;
    const { rows } = await admin.raw(
      `SELECT sum(calls)::int AS calls, sum(shared_blks_hit + shared_blks_read)::int AS blocks FROM pg_stat_statements
        WHERE query !~* 'pg_stat_statements' AND query ~* 'businesses'`,
    );
    const each = (n: number) => (n / reads).toFixed(0);
    process.stdout.write(
      `${kind}: Node CPU ${each(cpu.user + cpu.system)} µs a read, PostgreSQL CPU ${dataDir ? each(pgUs) : '?'} µs, ` +
        `${(rows[0].calls / reads).toFixed(2)} statements, ${each(rows[0].blocks)} buffers\n`,
    );
  } finally {
    await db.destroy();
    await admin.destroy();
  }
}

await main();
