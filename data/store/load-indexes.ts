/**
 * pgloader's trick for a bulk load into an empty table: drop the secondary indexes and the
 * foreign keys, load, then build them once. Only the non-unique indexes go; identity_key and slug
 * stay unique throughout, so duplicates are impossible even mid-load.
 *
 * Which ones go is read from the schema when the load starts (every non-unique, non-primary index
 * of businesses and every foreign key), so a migration that adds an index is never forgotten here.
 * Their definitions wait in dropped_business_indexes until they are built again.
 */
import pLimit from 'p-limit';
import type { Knex } from 'knex';
import type { Db } from '../../db/index.js';

interface Dropped {
  name: string;
  definition: string;
  fk_column: string | null;
  fk_table: string | null;
}

/** The secondary indexes and foreign keys businesses has now, with what rebuilds each. */
async function droppable(trx: Knex.Transaction): Promise<Dropped[]> {
  const { rows } = await trx.raw(`
    SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition, NULL AS fk_column, NULL AS fk_table
      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid = 'businesses'::regclass AND NOT i.indisunique AND NOT i.indisprimary
    UNION ALL
    SELECT k.conname, pg_get_constraintdef(k.oid), a.attname, k.confrelid::regclass::text
      FROM pg_constraint k JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
     WHERE k.conrelid = 'businesses'::regclass AND k.contype = 'f'`);
  return rows as Dropped[];
}

/**
 * The order the end of a bulk load builds its indexes in, two at a time: the slow kinds first
 * (GiST and GIN, each many times a btree's build), so neither core idles at the end while the
 * other finishes a long one. GiST counts as slow as GIN: over coordinates many businesses share
 * (a city's centre, where a row without its own lands) its build is the slowest of all.
 */
export function buildOrder<T extends { definition: string }>(indexes: T[]): T[] {
  const slow = (d: T) => / USING (gin|gist) /i.test(d.definition);
  return [...indexes].sort((a, b) => Number(slow(b)) - Number(slow(a)));
}

/**
 * Builds whatever a bulk load dropped and has not built again (a load killed before its rebuild
 * leaves them dropped). Every import calls this first; it reads one empty table when nothing is
 * missing. Two indexes at a time (2 cores), in buildOrder; the foreign keys after them. Returns
 * the names built.
 */
export async function ensureBusinessIndexes(db: Db): Promise<string[]> {
  const waiting: Dropped[] = await db('dropped_business_indexes').select('*');
  if (!waiting.length) return [];
  const indexes = buildOrder(waiting.filter((d) => !d.fk_table));
  const limit = pLimit(2);
  await Promise.all(
    indexes.map((d) =>
      limit(() =>
        db.transaction(async (trx) => {
          await trx.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
          await trx.raw(d.definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS '));
          await trx('dropped_business_indexes').where('name', d.name).del();
        }),
      ),
    ),
  );
  for (const d of waiting.filter((w) => w.fk_table)) await ensureForeignKey(db, d);
  return waiting.map((d) => d.name);
}

async function ensureForeignKey(db: Db, d: Dropped): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw(`LOCK TABLE ${d.fk_table} IN SHARE ROW EXCLUSIVE MODE`);
    const present = await trx('pg_constraint').whereRaw(`conrelid = 'businesses'::regclass`).where('conname', d.name).first('oid');
    if (!present) {
      // A city or category deleted while the key was off: its businesses lose the reference, as
      // ON DELETE SET NULL would have done. Writes nothing otherwise.
      await trx.raw(`UPDATE businesses b SET ${d.fk_column} = NULL
                      WHERE ${d.fk_column} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${d.fk_table} t WHERE t.id = b.${d.fk_column})`);
      await trx.raw(`ALTER TABLE businesses ADD CONSTRAINT ${d.name} ${d.definition}`);
    }
    await trx('dropped_business_indexes').where('name', d.name).del();
  });
}

/**
 * Drops the secondary indexes and foreign keys when businesses is empty, keeping their
 * definitions for ensureBusinessIndexes. Gives up (and keeps them) rather than wait behind
 * readers for more than a few seconds. Returns whether they were dropped.
 */
export async function dropIndexesIfEmpty(db: Db): Promise<boolean> {
  try {
    return await db.transaction(async (trx) => {
      await trx.raw(`SET LOCAL lock_timeout = '5s'`);
      await trx.raw('LOCK TABLE businesses IN ACCESS EXCLUSIVE MODE');
      const { rows } = await trx.raw('SELECT EXISTS (SELECT 1 FROM businesses) AS any');
      if (rows[0].any) return false;
      const all = await droppable(trx);
      if (!all.length) return true;
      await trx('dropped_business_indexes').insert(all).onConflict('name').merge();
      const indexes = all.filter((d) => !d.fk_table).map((d) => d.name);
      const keys = all.filter((d) => d.fk_table).map((d) => d.name);
      if (indexes.length) await trx.raw(`DROP INDEX ${indexes.join(', ')}`);
      if (keys.length) await trx.raw(`ALTER TABLE businesses ${keys.map((name) => `DROP CONSTRAINT ${name}`).join(', ')}`);
      return true;
    });
  } catch {
    return false;
  }
}
