import type { TrashEntry, TrashList } from '../../domain/types.js';
import type { Db } from '../index.js';
import { containsPattern } from './like.js';
import { pageOf, type PageRequest } from './paging.js';

/** The trash, newest first, optionally only names containing `search` (accents and case aside). */
export async function listTrash(db: Db, { page, limit, search }: PageRequest & { search?: string }): Promise<TrashList> {
  const query = db('trashed_businesses');
  if (search?.trim()) query.whereRaw(`rehber_fold(name) LIKE rehber_fold(?)`, [containsPattern(search.trim())]);
  const [rows, total] = await Promise.all([
    query
      .clone()
      .orderBy([{ column: 'deleted_at', order: 'desc' }, { column: 'business_id', order: 'desc' }])
      .offset((page - 1) * limit)
      .limit(limit)
      .select('business_id', 'name', db.raw(`row->>'slug' AS slug, city->>'name' AS city_name`), 'deleted_at', 'deleted_by'),
    query.clone().count({ n: '*' }).first(),
  ]);
  const entries: TrashEntry[] = rows.map((r) => ({
    id: Number(r.business_id),
    name: r.name,
    slug: r.slug,
    city: r.city_name,
    deletedAt: new Date(r.deleted_at).toISOString(),
    deletedBy: r.deleted_by,
  }));
  const { items, pagination } = pageOf(entries, Number(total?.n ?? 0), { page, limit });
  return { entries: items, pagination };
}
