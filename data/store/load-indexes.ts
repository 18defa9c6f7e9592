/**
 * pgloader's trick for a bulk load into an empty table: drop the secondary indexes and the
 * foreign keys, load, then build them once. Only the non-unique indexes go; identity_key and slug
 * stay unique throughout, so duplicates are impossible even mid-load.
 */
import pLimit from 'p-limit';
import type { Db } from '../../db/index.js';

/**
 * Every non-unique index on businesses, with the definitions of the migrations that made them
 * (20261121A, the two 20261121B, 20261121I), made idempotent. A migration that adds an index to
 * businesses adds it here too, or a bulk load maintains it row by row.
 */
export const SECONDARY_INDEXES: Record<string, string> = {
  businesses_search_idx: 'ON businesses USING gin (search_vector)',
  businesses_name_trgm_idx: 'ON businesses USING gin (name gin_trgm_ops)',
  businesses_address_trgm_idx: 'ON businesses USING gin (address gin_trgm_ops)',
  businesses_country_idx: 'ON businesses (country)',
  businesses_city_idx: 'ON businesses (city_id, rating DESC)',
  businesses_category_idx: 'ON businesses (category_id, rating DESC)',
  businesses_created_at_idx: 'ON businesses (created_at DESC, id DESC)',
  businesses_featured_idx: 'ON businesses (rating DESC, review_count DESC) WHERE is_active',
  businesses_slug_pattern_idx: 'ON businesses (slug text_pattern_ops)',
  businesses_slug_trgm_idx: 'ON businesses USING gin (slug gin_trgm_ops)',
  businesses_postal_code_pattern_idx: 'ON businesses (postal_code text_pattern_ops)',
  // Migration 20261121I: the city and category listings, and the inactive businesses they subtract.
  businesses_city_listing_idx: 'ON businesses (city_id, rating DESC, review_count DESC, id) WHERE is_active',
  businesses_category_listing_idx: 'ON businesses (category_id, rating DESC, review_count DESC, id) WHERE is_active',
  businesses_city_inactive_idx: 'ON businesses (city_id) WHERE NOT is_active',
  businesses_category_inactive_idx: 'ON businesses (category_id) WHERE NOT is_active',
  // Migration 20261124A: a location search by district ('Kadıköy', 'Brooklyn').
  businesses_district_idx: 'ON businesses (lower(district)) WHERE district IS NOT NULL',
  // Migration 20261124B: the admin's featured businesses first on the home page.
  businesses_featured_pick_idx: 'ON businesses (rating DESC, id) WHERE is_featured AND is_active',
};

/**
 * The foreign keys of businesses (migration 20261121A). A bulk load drops them with the indexes:
 * checking each new row's city and category costs about a fifth of a batch's upsert, and the
 * loader only ever writes ids it has just found or created under the import lock.
 */
export const FOREIGN_KEYS: Record<string, { column: string; table: string }> = {
  businesses_category_id_foreign: { column: 'category_id', table: 'categories' },
  businesses_city_id_foreign: { column: 'city_id', table: 'cities' },
};

const isGin = (name: string) => SECONDARY_INDEXES[name].includes('USING gin');

/**
 * Creates whichever secondary index or foreign key is missing (a bulk load killed before its
 * rebuild leaves them dropped). Every import calls this first; server start-up may too. Two
 * indexes at a time (2 cores), the slow GIN ones first so neither core idles at the end.
 */
export async function ensureBusinessIndexes(db: Db): Promise<string[]> {
  const present = new Set(
    ((await db('pg_indexes').where({ tablename: 'businesses' }).pluck('indexname')) as string[]),
  );
  const missing = Object.keys(SECONDARY_INDEXES)
    .filter((name) => !present.has(name))
    .sort((a, b) => Number(isGin(b)) - Number(isGin(a)));
  const limit = pLimit(2);
  await Promise.all(
    missing.map((name) =>
      limit(() =>
        db.transaction(async (trx) => {
          await trx.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
          await trx.raw(`CREATE INDEX IF NOT EXISTS ${name} ${SECONDARY_INDEXES[name]}`);
        }),
      ),
    ),
  );
  return [...missing, ...(await ensureForeignKeys(db))];
}

async function ensureForeignKeys(db: Db): Promise<string[]> {
  const present = new Set(
    (await db('pg_constraint').whereRaw(`conrelid = 'businesses'::regclass AND contype = 'f'`).pluck('conname')) as string[],
  );
  const missing = Object.keys(FOREIGN_KEYS).filter((name) => !present.has(name));
  for (const name of missing) {
    const { column, table } = FOREIGN_KEYS[name];
    await db.transaction(async (trx) => {
      await trx.raw(`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
      // A city or category deleted while the key was off: its businesses lose the reference, as
      // ON DELETE SET NULL would have done. Writes nothing otherwise.
      await trx.raw(`UPDATE businesses b SET ${column} = NULL
                      WHERE ${column} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.id = b.${column})`);
      await trx.raw(`ALTER TABLE businesses ADD CONSTRAINT ${name} FOREIGN KEY (${column}) REFERENCES ${table} (id) ON DELETE SET NULL`);
    });
  }
  return missing;
}

/**
 * Drops the secondary indexes and foreign keys when businesses is empty. Gives up (and keeps
 * them) rather than wait behind readers for more than a few seconds. Returns whether they were dropped.
 */
export async function dropIndexesIfEmpty(db: Db): Promise<boolean> {
  try {
    return await db.transaction(async (trx) => {
      await trx.raw(`SET LOCAL lock_timeout = '5s'`);
      await trx.raw('LOCK TABLE businesses IN ACCESS EXCLUSIVE MODE');
      const { rows } = await trx.raw('SELECT EXISTS (SELECT 1 FROM businesses) AS any');
      if (rows[0].any) return false;
      await trx.raw(`DROP INDEX IF EXISTS ${Object.keys(SECONDARY_INDEXES).join(', ')}`);
      await trx.raw(`ALTER TABLE businesses ${Object.keys(FOREIGN_KEYS).map((name) => `DROP CONSTRAINT IF EXISTS ${name}`).join(', ')}`);
      return true;
    });
  } catch {
    return false;
  }
}
