/**
 * The admin's writes to categories and cities: rename one, or merge a duplicate into
 * another ('Cafe' and 'Café', 'Istanbul' typed two ways before the gazetteer). The businesses of a
 * merged one move with their counts; every former slug redirects to the page that replaced it.
 * Under the import lock, so no import batch counts from a half-moved state.
 */
import type { Knex } from 'knex';
import type { Db } from '../../db/index.js';
import { InputError } from '../../domain/errors.js';
import { slugifyText } from '../../domain/slug.js';
import { IMPORT_LOCK_SQL } from './load-sql.js';

export type GroupKind = 'category' | 'city';

const TABLES = { category: { table: 'categories', column: 'category_id' }, city: { table: 'cities', column: 'city_id' } } as const;

/** Renames category or city `id`: a new name (and the slug from it); the old slug redirects. */
export async function renameGroup(db: Db, kind: GroupKind, id: number, name: string): Promise<{ slug: string }> {
  const { table } = TABLES[kind];
  const clean = name.trim().replace(/\s+/g, ' ');
  if (!clean || clean.length > 200) throw new InputError('The name must be 1 to 200 characters');
  return db.transaction(async (trx) => {
    await trx.raw(IMPORT_LOCK_SQL);
    const row = await trx(table).where({ id }).forUpdate().first('id', 'slug', 'name');
    if (!row) throw new InputError(`${kind === 'city' ? 'City' : 'Category'} not found`, 404);
    if (kind === 'category' && (await trx('categories').whereRaw('lower(name) = lower(?)', [clean]).whereNot({ id }).first())) {
      throw new InputError(`A category named ${clean} exists: merge into it instead`, 409);
    }
    const slug = slugifyText(clean) === row.slug ? row.slug : await freeSlug(trx, kind, slugifyText(clean) || kind, id);
    await trx(table)
      .where({ id })
      .update({ name: clean, slug })
      .catch((err: { code?: string }) => {
        // Cities are one per name, state and country: the same name there is a duplicate to merge.
        if (err.code === '23505') throw new InputError(`${clean} exists already: merge into it instead`, 409);
        throw err;
      });
    if (slug !== row.slug) await redirect(trx, kind, row.slug, id);
    return { slug };
  });
}

/** Merges category or city `fromId` into `intoId`: its businesses move, its page redirects, it goes. */
export async function mergeGroup(db: Db, kind: GroupKind, fromId: number, intoId: number): Promise<{ moved: number }> {
  if (fromId === intoId) throw new InputError('Choose another one to merge into');
  const { table, column } = TABLES[kind];
  return db.transaction(async (trx) => {
    await trx.raw(IMPORT_LOCK_SQL);
    const rows = await trx(table).whereIn('id', [fromId, intoId]).forUpdate().select('id', 'slug', 'business_count');
    const from = rows.find((r) => r.id === fromId);
    const into = rows.find((r) => r.id === intoId);
    if (!from || !into) throw new InputError(`${kind === 'city' ? 'City' : 'Category'} not found`, 404);
    const moved = await trx('businesses').where(column, fromId).update({ [column]: intoId, content_hash: null, updated_at: trx.fn.now() });
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
    return { moved };
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
