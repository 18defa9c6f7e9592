/**
 * Undoing the admin's last merge of a category or city: the merged-away group comes back under its
 * id, name and slug, the businesses the merge moved go back to it, and the redirects and recorded
 * merges it repointed point at it again. Only the latest merge not undone yet, so merges unwind in
 * the order they were made; refused (409) when the group's name or slug is in use again or the
 * group it went into is gone. A business the merge moved that no longer sits in that group (an
 * edit, an import or the trash moved it since) stays where it is: undo never overwrites a later
 * change.
 */
import type { Knex } from 'knex';
import type { Db } from '../../db/index.js';
import { InputError } from '../../domain/errors.js';
import { type GroupKind, TABLES } from './group-writes.js';
import { IMPORT_LOCK_SQL } from './load-sql.js';

export interface LastMerge {
  id: number;
  kind: GroupKind;
  from: { name: string; slug: string };
  into: { id: number; name: string; slug: string };
  moved: number;
  at: string;
  username: string | null;
}

interface MergeEvent {
  id: string;
  kind: GroupKind;
  group_id: number;
  into_id: number;
  before: Record<string, unknown> & { name: string; slug: string };
  after: { name: string; slug: string; moved: number };
  moved_ids: string[];
  redirect_slugs: string[];
  merged_ids: number[];
  username: string | null;
  created_at: Date;
  undone_at: Date | null;
}

const latestMerge = (db: Db | Knex.Transaction) =>
  db('group_events').where({ action: 'merge' }).whereNull('undone_at').orderBy('id', 'desc').first<MergeEvent | undefined>();

/** The merge that undo would take back, or null when there is none. */
export async function lastMerge(db: Db): Promise<LastMerge | null> {
  const e = await latestMerge(db);
  if (!e) return null;
  return {
    id: Number(e.id),
    kind: e.kind,
    from: { name: e.before.name, slug: e.before.slug },
    into: { id: e.into_id, name: e.after.name, slug: e.after.slug },
    moved: e.after.moved,
    at: new Date(e.created_at).toISOString(),
    username: e.username,
  };
}

/** Undoes merge `id`; returns how many businesses went back and how many stayed (changed since). */
export async function undoMerge(db: Db, id: number, username: string | null): Promise<{ restored: number; stayed: number; slug: string }> {
  return db.transaction(async (trx) => {
    await trx.raw(IMPORT_LOCK_SQL);
    const e = await trx('group_events').where({ id, action: 'merge' }).first<MergeEvent | undefined>();
    if (!e) throw new InputError('Merge not found', 404);
    if (e.undone_at) throw new InputError(`The merge of ${e.before.name} into ${e.after.name} is undone already`, 409);
    const latest = await latestMerge(trx);
    if (latest && latest.id !== e.id) {
      throw new InputError(`Only the last merge can be undone: undo the merge of ${latest.before.name} into ${latest.after.name} first`, 409);
    }
    const { table, column } = TABLES[e.kind];
    const group = e.kind === 'city' ? 'city' : 'category';
    const into = await trx(table).where({ id: e.into_id }).forUpdate().first('id');
    if (!into) throw new InputError(`The ${group} ${e.after.name} that ${e.before.name} went into is gone since, so its businesses cannot be told apart`, 409);
    await refuseClash(trx, e);

    // The row as it was, its generated columns left to the database; its count follows the businesses.
    const columns: string[] = await trx('information_schema.columns')
      .where({ table_schema: trx.raw('current_schema()'), table_name: table, is_generated: 'NEVER' })
      .pluck('column_name');
    const list = columns.map((c) => `"${c}"`).join(', ');
    await trx.raw(`INSERT INTO ${table} (${list}) SELECT ${list} FROM jsonb_populate_record(NULL::${table}, ?::jsonb)`, [
      JSON.stringify({ ...e.before, business_count: 0 }),
    ]);
    const { rows } = await trx.raw(
      `WITH back AS (
         UPDATE businesses SET ${column} = ?, content_hash = NULL, updated_at = now()
          WHERE id = ANY(?::bigint[]) AND ${column} = ? RETURNING is_active
       ),
       n AS (SELECT count(*)::int AS restored, (count(*) FILTER (WHERE is_active))::int AS active FROM back),
       counts AS (
         UPDATE ${table} t SET business_count = t.business_count + CASE WHEN t.id = ? THEN n.active ELSE -n.active END
           FROM n WHERE t.id IN (?, ?) AND n.active > 0
       )
       SELECT restored FROM n`,
      [e.group_id, e.moved_ids, e.into_id, e.group_id, e.group_id, e.into_id],
    );
    const restored = rows[0].restored as number;

    await trx('page_redirects').where({ kind: e.kind, slug: e.before.slug }).delete();
    if (e.redirect_slugs.length) {
      await trx('page_redirects').where({ kind: e.kind, target_id: e.into_id }).whereIn('slug', e.redirect_slugs).update({ target_id: e.group_id });
    }
    await trx('group_merges').where({ kind: e.kind, from_id: e.group_id }).delete();
    if (e.merged_ids.length) {
      await trx('group_merges').where({ kind: e.kind, into_id: e.into_id }).whereIn('from_id', e.merged_ids).update({ into_id: e.group_id });
    }
    await trx('group_events').where({ id: e.id }).update({ undone_at: trx.fn.now(), undone_by: username });
    await trx('group_events').insert({
      kind: e.kind,
      action: 'unmerge',
      group_id: e.group_id,
      into_id: e.into_id,
      before: { name: e.after.name, slug: e.after.slug },
      after: { name: e.before.name, slug: e.before.slug, moved: restored },
      username,
    });
    return { restored, stayed: e.moved_ids.length - restored, slug: e.before.slug };
  });
}

/** 409 when the merged-away group's slug or name belongs to another one since. */
async function refuseClash(trx: Knex.Transaction, e: MergeEvent): Promise<void> {
  const { table } = TABLES[e.kind];
  const group = e.kind === 'city' ? 'city' : 'category';
  const slugOwner = await trx(table).where({ slug: e.before.slug }).first('name');
  if (slugOwner) throw new InputError(`The ${group} ${slugOwner.name} has the address /${group}/${e.before.slug} since the merge: rename it first`, 409);
  const named = trx(table).whereRaw('lower(name) = lower(?)', [e.before.name]);
  if (e.kind === 'city') {
    const b = e.before as { state?: string | null; country?: string; geoname_id?: number | null };
    named.whereRaw("lower(coalesce(state, '')) = lower(coalesce(?::text, ''))", [b.state ?? null]).whereRaw('lower(country) = lower(?)', [b.country ?? '']);
    if (b.geoname_id != null) named.orWhere('geoname_id', b.geoname_id);
  }
  if (await named.first('id')) throw new InputError(`A ${group} named ${e.before.name} exists again since the merge: merge it or rename it first`, 409);
}
