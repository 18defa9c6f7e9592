/**
 * Undoing an import (`rehber import undo <id>`, the dashboard's Undo): the businesses it created
 * are removed, and the values it changed go back to what they were, from the business_versions
 * rows the loader wrote. A business written again since (edited, hidden, imported again) is left
 * as it is and reported: undo never overwrites a later change. Counts move with the businesses;
 * everything happens in one transaction under the import lock, so it is all undone or not at all.
 */
import type { Db } from '../../db/index.js';
import { WRITTEN_COLUMNS } from '../domain/business-columns.js';
import { InputError } from '../domain/errors.js';
import type { UndoResult } from '../domain/types.js';
import { APPLY_DELTAS, IMPORT_LOCK_SQL, refs } from './load-sql.js';

export type { UndoResult };

const VALUE_COLUMNS = WRITTEN_COLUMNS.filter((c) => c !== 'content_hash');

/** Undoes import `importId`; InputError (404 / 409) when there is no such import or it was undone or is running. */
export async function undoImport(db: Db, importId: number, username: string | null): Promise<UndoResult> {
  return db.transaction(async (trx) => {
    await trx.raw(IMPORT_LOCK_SQL);
    const run = await trx('imports').where({ id: importId }).forUpdate().first('id', 'status', 'undone_at');
    if (!run) throw new InputError(`Import ${importId} does not exist`, 404);
    if (run.undone_at) throw new InputError(`Import ${importId} was already undone`, 409);
    if (run.status === 'running') throw new InputError(`Import ${importId} is still running`, 409);

    // Created by the import and never written since (no version at all: creation writes none).
    const removed = await trx.raw(
      `WITH gone AS (
         DELETE FROM businesses b WHERE b.created_import_id = ?
            AND NOT EXISTS (SELECT 1 FROM business_versions v WHERE v.business_id = b.id)
         RETURNING b.city_id, b.category_id, b.country, b.is_active
       ),
       delta AS (${refs('gone', -1)}),
       ${APPLY_DELTAS}
       SELECT count(*)::int AS n FROM gone`,
      [importId],
    );
    const createdKept = await trx.raw(
      `SELECT count(*)::int AS n FROM businesses b WHERE b.created_import_id = ?`,
      [importId],
    );

    // Changed by the import, and its version the business's latest: the values go back.
    const restored = await trx.raw(
      `WITH last AS (
         SELECT v.* FROM business_versions v
          WHERE v.import_id = ? AND v.action = 'import'
            AND NOT EXISTS (SELECT 1 FROM business_versions w WHERE w.business_id = v.business_id AND w.id > v.id)
       ),
       old AS (
         SELECT b.id, b.city_id, b.category_id, b.country, b.is_active FROM businesses b JOIN last ON last.business_id = b.id
       ),
       back AS (
         UPDATE businesses b SET (${VALUE_COLUMNS.join(', ')}) =
                (SELECT ${VALUE_COLUMNS.map((c) => `r.${c}`).join(', ')} FROM jsonb_populate_record(b, last.before) r),
                content_hash = NULL, updated_at = now()
           FROM last WHERE b.id = last.business_id
         RETURNING b.id, b.city_id, b.category_id, b.country, b.is_active, last.before, last.after
       ),
       log AS (
         INSERT INTO business_versions (business_id, import_id, action, before, after, username)
         SELECT id, ?::int, 'undo', after, before, ?::text FROM back
       ),
       delta AS (${refs('old', -1)} UNION ALL ${refs('back', 1)}),
       ${APPLY_DELTAS}
       SELECT count(*)::int AS n FROM back`,
      [importId, importId, username],
    );
    const changedKept = await trx.raw(
      `SELECT count(DISTINCT v.business_id)::int AS n FROM business_versions v
        WHERE v.import_id = ? AND v.action = 'import'
          AND EXISTS (SELECT 1 FROM business_versions w WHERE w.business_id = v.business_id AND w.id > v.id AND w.action <> 'undo')`,
      [importId],
    );
    await trx('imports').where({ id: importId }).update({ undone_at: trx.fn.now(), undone_by: username });
    return {
      importId,
      removed: removed.rows[0].n as number,
      restored: restored.rows[0].n as number,
      keptChanged: (createdKept.rows[0].n as number) + (changedKept.rows[0].n as number),
    };
  });
}
