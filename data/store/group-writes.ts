/**
 * The admin's writes to categories and cities: rename one, set a category's plural, or merge a
 * duplicate into another ('Cafe' and 'Café', 'Istanbul' typed two ways before the gazetteer). The
 * businesses of a merged one move with their counts; every former slug redirects to the page that
 * replaced it. Under the import lock, so no import batch counts from a half-moved state. Each write
 * leaves a group_events row: the activity log shows it, and a merge's row holds what undoing it puts
 * back (group-merge-undo.ts; a rename or a plural is not undone, only written again).
 */
import type { Knex } from 'knex';
import type { Db } from '../../db/index.js';
import type { GroupActivityKind } from '../../domain/activity.js';
import { InputError } from '../../domain/errors.js';
import { slugifyText } from '../../domain/slug.js';
import { IMPORT_LOCK_SQL } from './load-sql.js';

export type GroupKind = 'category' | 'city';

export const TABLES = { category: { table: 'categories', column: 'category_id' }, city: { table: 'cities', column: 'city_id' } } as const;

const notFound = (kind: GroupKind) => new InputError(`${kind === 'city' ? 'City' : 'Category'} not found`, 404);

/** What the admin changes in one category or city: its name, a category's plural (null or empty: none), or both. */
export interface GroupEdit {
  name?: string;
  pluralName?: string | null;
}

interface GroupRow {
  id: number;
  name: string;
  slug: string;
  /** A category's; always null for a city. */
  plural_name: string | null;
}

/**
 * Renames category or city `id` (a new slug from the new name; the old slug redirects) and sets a
 * category's plural, the name its pages give it as a group of businesses ("Plumbers in Austin"; with
 * none, the rule of domain/category-plural.ts makes it). Both are checked before anything is written
 * and written in one transaction: a plural refused leaves the name as it was too. What is the same as
 * before is not written and leaves no event. Returns the slug and the plural as they are now.
 */
export async function editGroup(db: Db, kind: GroupKind, id: number, edit: GroupEdit, username: string | null = null): Promise<{ slug: string; pluralName: string | null }> {
  const name = edit.name === undefined ? undefined : cleanName(edit.name);
  const plural = edit.pluralName === undefined ? undefined : cleanPlural(kind, edit.pluralName);
  if (name === undefined && plural === undefined) throw new InputError(kind === 'category' ? 'name or pluralName is required' : 'name is required');
  const { table } = TABLES[kind];
  return db.transaction(async (trx) => {
    await trx.raw(IMPORT_LOCK_SQL);
    let row = await trx(table)
      .where({ id })
      .forUpdate()
      .first<GroupRow | undefined>('id', 'name', 'slug', kind === 'category' ? 'plural_name' : trx.raw('NULL::text AS plural_name'));
    if (!row) throw notFound(kind);
    if (name !== undefined) row = await rename(trx, kind, row, name, username);
    // Given with a rename, the plural wins over the rename's clearing: it was typed for the new name.
    if (plural !== undefined) row = await setPlural(trx, row, plural, username);
    return { slug: row.slug, pluralName: row.plural_name };
  });
}

/** Renames category or city `id`: editGroup with a name alone. */
export const renameGroup = (db: Db, kind: GroupKind, id: number, name: string, username: string | null = null) => editGroup(db, kind, id, { name }, username);

function cleanName(name: string): string {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (!clean || clean.length > 200) throw new InputError('The name must be 1 to 200 characters');
  return clean;
}

/** A plural as the admin typed it: spaces collapsed, null for none (the rule's then), at most 200 characters. */
function cleanPlural(kind: GroupKind, pluralName: string | null): string | null {
  if (kind !== 'category') throw new InputError('Only a category has a plural');
  const clean = pluralName?.trim().replace(/\s+/g, ' ') || null;
  if (clean && clean.length > 200) throw new InputError('The plural must be at most 200 characters');
  return clean;
}

async function rename(trx: Knex.Transaction, kind: GroupKind, row: GroupRow, name: string, username: string | null): Promise<GroupRow> {
  if (name === row.name) return row;
  const { id } = row;
  const { table } = TABLES[kind];
  if (kind === 'category' && (await trx('categories').whereRaw('lower(name) = lower(?)', [name]).whereNot({ id }).first())) {
    throw new InputError(`A category named ${name} exists: merge into it instead`, 409);
  }
  const slug = slugifyText(name) === row.slug ? row.slug : await freeSlug(trx, kind, slugifyText(name) || kind, id);
  // A plural written for the old name would head the renamed category's pages wrongly: the rule's until one is set again.
  await trx(table)
    .where({ id })
    .update(kind === 'category' ? { name, slug, plural_name: null } : { name, slug })
    .catch((err: { code?: string }) => {
      // Cities are one per name, state and country: the same name there is a duplicate to merge.
      if (err.code === '23505') throw new InputError(`${name} exists already: merge into it instead`, 409);
      throw err;
    });
  if (slug !== row.slug) await redirect(trx, kind, row.slug, id);
  // The plural the rename cleared is in its event, so the log says it went and with what.
  const cleared = row.plural_name === null ? {} : { pluralName: row.plural_name };
  await trx('group_events').insert({
    kind,
    action: 'rename' satisfies GroupActivityKind,
    group_id: id,
    before: { name: row.name, slug: row.slug, ...cleared },
    after: { name, slug, ...(row.plural_name === null ? {} : { pluralName: null }) },
    username,
  });
  return { id, name, slug, plural_name: null };
}

/** Sets the plural of category `row`; the event names the category as it is called now, for the log to read. */
async function setPlural(trx: Knex.Transaction, row: GroupRow, plural: string | null, username: string | null): Promise<GroupRow> {
  if (plural === row.plural_name) return row;
  await trx('categories').where({ id: row.id }).update({ plural_name: plural });
  const { name, slug } = row;
  await trx('group_events').insert({
    kind: 'category',
    action: 'plural' satisfies GroupActivityKind,
    group_id: row.id,
    before: { name, slug, pluralName: row.plural_name },
    after: { name, slug, pluralName: plural },
    username,
  });
  return { ...row, plural_name: plural };
}

/** What merging `fromId` into `intoId` would do, for the admin to confirm: how many businesses move. */
export async function previewMerge(db: Db, kind: GroupKind, fromId: number, intoId: number): Promise<MergePreview> {
  if (fromId === intoId) throw new InputError('Choose another one to merge into');
  const { table, column } = TABLES[kind];
  const rows = await db(table).whereIn('id', [fromId, intoId]).select('id', 'name', 'slug');
  const from = rows.find((r) => r.id === fromId);
  const into = rows.find((r) => r.id === intoId);
  if (!from || !into) throw notFound(kind);
  const { n } = await db('businesses').where(column, fromId).first(db.raw('count(*)::int AS n'));
  return { businesses: n as number, from: { name: from.name, slug: from.slug }, into: { name: into.name, slug: into.slug } };
}

export interface MergePreview {
  businesses: number;
  from: { name: string; slug: string };
  into: { name: string; slug: string };
}

/** Merges category or city `fromId` into `intoId`: its businesses move, its page redirects, it goes. */
export async function mergeGroup(db: Db, kind: GroupKind, fromId: number, intoId: number, username: string | null = null): Promise<{ moved: number; mergeId: number }> {
  if (fromId === intoId) throw new InputError('Choose another one to merge into');
  const { table, column } = TABLES[kind];
  return db.transaction(async (trx) => {
    await trx.raw(IMPORT_LOCK_SQL);
    const rows = await trx(table).whereIn('id', [fromId, intoId]).forUpdate().select('id', 'name', 'slug', 'business_count');
    const from = rows.find((r) => r.id === fromId);
    const into = rows.find((r) => r.id === intoId);
    if (!from || !into) throw notFound(kind);
    // What undo puts back besides the row and its businesses: the redirects and recorded merges that pointed at `from`.
    const redirectSlugs = await trx('page_redirects').where({ kind, target_id: fromId }).pluck('slug');
    const mergedIds = await trx('group_merges').where({ kind, into_id: fromId }).pluck('from_id');
    const { rows: done } = await trx.raw(
      `WITH moved AS (
         UPDATE businesses SET ${column} = ?, content_hash = NULL, updated_at = now() WHERE ${column} = ? RETURNING id
       )
       INSERT INTO group_events (kind, action, group_id, into_id, before, after, moved_ids, redirect_slugs, merged_ids, username)
       SELECT ?, 'merge', ?, ?, (SELECT to_jsonb(t) FROM ${table} t WHERE t.id = ?),
              jsonb_build_object('name', ?::text, 'slug', ?::text, 'moved', count(*)),
              coalesce(array_agg(id), '{}'), ?::text[], ?::int[], ?::text
         FROM moved
       RETURNING id, (after->>'moved')::int AS moved`,
      [intoId, fromId, kind, fromId, intoId, fromId, into.name, into.slug, redirectSlugs, mergedIds, username],
    );
    await trx(table).where({ id: intoId }).increment('business_count', from.business_count);
    await trx('page_redirects').where({ kind, target_id: fromId }).update({ target_id: intoId });
    await redirect(trx, kind, from.slug, intoId);
    // Kept by id, every earlier merge into `from` following on, so undoing an import whose history
    // names `from` puts its businesses where `from`'s went (undo-import.ts).
    await trx('group_merges').where({ kind, into_id: fromId }).update({ into_id: intoId });
    await trx.raw('INSERT INTO group_merges (kind, from_id, into_id) VALUES (?, ?, ?) ON CONFLICT (kind, from_id) DO UPDATE SET into_id = EXCLUDED.into_id', [
      kind,
      fromId,
      intoId,
    ]);
    await trx(table).where({ id: fromId }).delete();
    return { moved: done[0].moved as number, mergeId: Number(done[0].id) };
  });
}

async function redirect(trx: Knex.Transaction, kind: GroupKind, slug: string, targetId: number): Promise<void> {
  await trx.raw('INSERT INTO page_redirects (kind, slug, target_id) VALUES (?, ?, ?) ON CONFLICT (kind, slug) DO UPDATE SET target_id = EXCLUDED.target_id', [
    kind,
    slug,
    targetId,
  ]);
}

async function freeSlug(trx: Knex.Transaction, kind: GroupKind, base: string, id: number): Promise<string> {
  const { table } = TABLES[kind];
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const taken = await trx(table).where({ slug }).whereNot({ id }).first();
    if (!taken) {
      // A slug now in use again stops redirecting elsewhere.
      await trx('page_redirects').where({ kind, slug }).delete();
      return slug;
    }
  }
}
