import type { Db } from '../index.js';
import { createTestDb } from '../test-db.js';

/**
 * `run` over a directory of 60,000 businesses, a fifth of them in one country ('China', the rest
 * 'Chile'), analyzed: under a LIMIT the planner expects to meet such a word's matches early in a
 * scan of the table (readByBitmapScans).
 */
export async function withCountryShops(run: (db: Db) => Promise<void>): Promise<void> {
  const t = await createTestDb();
  try {
    await t.db.raw(`INSERT INTO businesses (name, slug, address, country, identity_key)
                    SELECT 'Shop ' || i, 'shop-' || i, i || ' Road', CASE WHEN i % 5 = 0 THEN 'China' ELSE 'Chile' END, 'n:shop' || i
                      FROM generate_series(1, 60000) i`);
    await t.db.raw('ANALYZE businesses');
    await run(t.db);
  } finally {
    await t.drop();
  }
}

/**
 * The plans (EXPLAIN ANALYZE) of the statements `read` sent with their settings first (readByBitmapScans, a broad search's walks), as sent;
 * of a round trip that sends an estimate first (EXPLAIN), the read after it; of one of several reads, each.
 */
export async function plansOf(db: Db, read: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const settingsFirst = 'SET LOCAL enable_seqscan = off;';
  // A round trip of several reads (a broad search's bands and walks) is each of them with its settings.
  const heard = (q: { sql: string }) => void sent.push(...q.sql.split(settingsFirst).slice(1).map((read) => settingsFirst + read.replace(/;\s*$/, '')));
  db.on('query', heard);
  try {
    await read();
  } finally {
    db.removeListener('query', heard);
  }
  const plans: string[] = [];
  for (const sql of sent) {
    const settings = sql.match(/^(?:SET LOCAL [^;]*;\s*)+/)![0];
    const explained = (await db.raw(`${settings}EXPLAIN ANALYZE ${sql.slice(settings.length)}`)) as { rows: { 'QUERY PLAN': string }[] }[];
    plans.push(explained[settings.split(';').length - 1].rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  return plans;
}
