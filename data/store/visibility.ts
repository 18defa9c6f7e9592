/**
 * Hiding and showing businesses (the admin's take-down): is_active and the counts of their city,
 * category and country move in one statement, under the import lock, so a concurrent import batch
 * never counts from a half-moved state.
 */
import type { Db } from '../../db/index.js';
import { APPLY_DELTAS, IMPORT_LOCK_SQL, refs } from './load-sql.js';

/** Sets is_active on the given businesses; returns how many changed (those already so are left alone). */
export async function setBusinessesActive(db: Db, ids: number[], active: boolean, username: string | null = null): Promise<number> {
  if (!ids.length) return 0;
  return db.transaction(async (trx) => {
    await trx.raw(IMPORT_LOCK_SQL);
    // A hidden business leaves the counts (-1), a shown one joins them (+1): refs() counts rows whose
    // is_active is true, so the sign comes from the direction and the rows are read as active.
    // Each leaves a version (the activity log, and undo's "changed since").
    const { rows } = await trx.raw(
      `WITH ch AS (
         UPDATE businesses SET is_active = ?, updated_at = now()
          WHERE id = ANY(?::bigint[]) AND is_active <> ?
          RETURNING id, city_id, category_id, country, true AS is_active
       ),
       log AS (
         INSERT INTO business_versions (business_id, action, before, after, username)
         SELECT id, ?, jsonb_build_object('is_active', NOT ?::boolean), jsonb_build_object('is_active', ?::boolean), ?::text FROM ch
       ),
       delta AS (${refs('ch', active ? 1 : -1)}),
       ${APPLY_DELTAS}
       SELECT count(*)::int AS n FROM ch`,
      [active, ids, active, active ? 'show' : 'hide', active, active, username],
    );
    return rows[0].n as number;
  });
}
