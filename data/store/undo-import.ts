/**
 * Undoing an import (`rehber import undo <id>`, the dashboard's Undo): the businesses it created
 * are removed, and the values it changed go back to what they were, from the business_versions
 * rows the loader wrote. A business written again since (edited, hidden, imported again) is left
 * as it is and reported: undo never overwrites a later change. Counts move with the businesses;
 * everything happens in one transaction under the import lock, so it is all undone or not at all.
 *
 * A category or city named in an import's `before` values may have been merged away since: the
 * business goes back into the one it was merged into (group_merges). One that is gone for good
 * leaves the business as it is, reported, never a foreign-key failure.
 */
import type { Knex } from 'knex';
import type { Db } from '../../db/index.js';
import { WRITTEN_COLUMNS } from '../../domain/business-columns.js';
import { UNDO_TYPED_COUNT_OVER } from '../../domain/constants.js';
import { InputError } from '../../domain/errors.js';
import type { BusinessHours, UndoPlan, UndoResult } from '../../domain/types.js';
import { readWorkingHours } from '../../domain/hours-text.js';
import { openWeekText } from '../../domain/opening-status.js';
import { APPLY_DELTAS, IMPORT_LOCK_SQL, refs } from './load-sql.js';

export type { UndoPlan, UndoResult };

/** An undo refused for want of its typed count (409): the CLI answers it as a usage error. */
export class UndoCountError extends InputError {
  constructor(message: string) {
    super(message, 409);
    this.name = 'UndoCountError';
  }
}

const VALUE_COLUMNS = WRITTEN_COLUMNS.filter((c) => c !== 'content_hash');

/** Created by import `?` and never written since (no version at all: creation writes none). */
const REMOVABLE = `businesses b WHERE b.created_import_id = ?
   AND NOT EXISTS (SELECT 1 FROM business_versions v WHERE v.business_id = b.id)`;

/** `before`'s id of a group, followed through the merges since (a JSON null or no key stay as they are). */
const followed = (key: string, merges: string) =>
  `CASE WHEN v.before -> '${key}' IS NOT NULL THEN to_jsonb(coalesce(${merges}.into_id, (v.before ->> '${key}')::int)) END`;

/**
 * Import `?`'s versions that are still their business's latest, with `before` pointing at today's
 * category and city; `placed` says whether those still exist.
 */
const LATEST = `
  SELECT v.id, v.business_id, v.after, f.before,
         (f.before ->> 'category_id' IS NULL OR EXISTS (SELECT 1 FROM categories k WHERE k.id = (f.before ->> 'category_id')::int))
         AND (f.before ->> 'city_id' IS NULL OR EXISTS (SELECT 1 FROM cities c WHERE c.id = (f.before ->> 'city_id')::int)) AS placed
    FROM business_versions v
    LEFT JOIN group_merges mk ON mk.kind = 'category' AND mk.from_id = (v.before ->> 'category_id')::int
    LEFT JOIN group_merges mc ON mc.kind = 'city' AND mc.from_id = (v.before ->> 'city_id')::int
    CROSS JOIN LATERAL (SELECT v.before || jsonb_strip_nulls(jsonb_build_object(
                          'category_id', ${followed('category_id', 'mk')}, 'city_id', ${followed('city_id', 'mc')})) AS before) f
   WHERE v.import_id = ? AND v.action = 'import'
     AND NOT EXISTS (SELECT 1 FROM business_versions w WHERE w.business_id = v.business_id AND w.id > v.id)`;

/** What undoing import `importId` would do now; InputError 404 when there is no such import. */
export async function undoPlan(db: Db | Knex.Transaction, importId: number): Promise<UndoPlan> {
  if (!(await db('imports').where({ id: importId }).first('id'))) throw new InputError(`Import ${importId} does not exist`, 404);
  const { rows } = await db.raw(
    `SELECT (SELECT count(*)::int FROM ${REMOVABLE}) AS removes,
            (SELECT count(*)::int FROM (${LATEST}) l WHERE l.placed) AS restores`,
    [importId, importId],
  );
  const { removes, restores } = rows[0] as { removes: number; restores: number };
  return { importId, removes, restores, typedCountRequired: removes > UNDO_TYPED_COUNT_OVER };
}

/**
 * The hours the restore puts back, read by today's parser, by version id: the parsed hours and
 * open week a version keeps are those of the parser of its day, and one from before a day's
 * shifts were read kept a lunch break as open. Every write stores what today's parser reads in
 * the working hours text, and so does an undo.
 */
async function rereadHours(trx: Knex.Transaction, importId: number): Promise<string> {
  const { rows } = await trx.raw(`SELECT l.id, l.before ->> 'working_hours' AS text FROM (${LATEST}) l WHERE l.placed AND l.before ->> 'working_hours' IS NOT NULL`, [importId]);
  const out: Record<string, { business_hours: BusinessHours; open_week: string | null }> = {};
  for (const r of rows as { id: number; text: string }[]) {
    const hours = readWorkingHours(r.text);
    out[r.id] = { business_hours: hours, open_week: openWeekText(hours) };
  }
  return JSON.stringify(out);
}

/** Whether import `importId` created or changed any business (a later edit or merge does not erase the trace). */
async function wroteAnything(trx: Knex.Transaction, importId: number): Promise<boolean> {
  const { rows } = await trx.raw(
    `SELECT EXISTS (SELECT 1 FROM businesses WHERE created_import_id = ?)
         OR EXISTS (SELECT 1 FROM business_versions WHERE import_id = ? AND action = 'import') AS wrote`,
    [importId, importId],
  );
  return rows[0].wrote as boolean;
}

/**
 * Undoes import `importId`; InputError 404 / 409 when there is no such import, it was undone, is
 * running or failed without writing anything, or it would remove more than UNDO_TYPED_COUNT_OVER businesses and `confirmCount`
 * is not that number (counted under the lock, so the admin confirms what really goes).
 */
export async function undoImport(db: Db, importId: number, username: string | null, { confirmCount }: { confirmCount?: number } = {}): Promise<UndoResult> {
  return db.transaction(async (trx) => {
    await trx.raw(IMPORT_LOCK_SQL);
    const run = await trx('imports').where({ id: importId }).forUpdate().first('id', 'status', 'undone_at');
    if (!run) throw new InputError(`Import ${importId} does not exist`, 404);
    if (run.undone_at) throw new InputError(`Import ${importId} was already undone`, 409);
    if (run.status === 'running') throw new InputError(`Import ${importId} is still running`, 409);
    // A failed import keeps the batches it committed before failing: only one that wrote none has nothing to undo.
    if (run.status === 'failed' && !(await wroteAnything(trx, importId))) {
      throw new InputError(`Import ${importId} failed before writing anything: there is nothing to undo`, 409);
    }
    const plan = await undoPlan(trx, importId);
    if (plan.typedCountRequired && confirmCount !== plan.removes) {
      throw new UndoCountError(
        `${confirmCount === undefined ? 'Not undone' : `Not undone: ${confirmCount} is not the count`}: undoing import ${importId} removes ${plan.removes} businesses; confirm with that number (${plan.removes})`,
      );
    }

    const removed = await trx.raw(
      `WITH gone AS (
         DELETE FROM ${REMOVABLE}
         RETURNING b.city_id, b.category_id, b.country, b.is_active
       ),
       delta AS (${refs('gone', -1)}),
       ${APPLY_DELTAS}
       SELECT count(*)::int AS n FROM gone`,
      [importId],
    );
    const createdKept = await trx.raw(`SELECT count(*)::int AS n FROM businesses b WHERE b.created_import_id = ?`, [importId]);

    // Changed by the import, its version the business's latest, its old places still there: the values go back.
    const reread = await rereadHours(trx, importId);
    const restored = await trx.raw(
      `WITH last AS (SELECT l.id, l.business_id, l.after, l.before || coalesce(?::jsonb -> l.id::text, '{}') AS before FROM (${LATEST}) l WHERE l.placed),
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
       SELECT count(*)::int AS n, (SELECT count(*)::int FROM (${LATEST}) l WHERE NOT l.placed) AS gone FROM back`,
      [reread, importId, importId, username, importId],
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
      keptPlaceGone: restored.rows[0].gone as number,
    };
  });
}
