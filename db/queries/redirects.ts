import type { Db } from '../index.js';

const TABLES = { category: 'categories', city: 'cities', country: 'countries' } as const;

/** The current slug of a category or city the admin renamed or merged away, or of a country renamed by a migration; null otherwise. */
export async function redirectedGroupSlug(db: Db, kind: keyof typeof TABLES, slug: string): Promise<string | null> {
  const table = TABLES[kind];
  const row = await db('page_redirects as r').join(`${table} as t`, 't.id', 'r.target_id').where({ 'r.kind': kind, 'r.slug': slug }).first('t.slug');
  return row ? (row.slug as string) : null;
}

/** Categories or cities for the admin, by name, biggest first (the 50 first). */
export async function listGroups(db: Db, kind: 'category' | 'city', search: string | undefined) {
  const table = kind === 'city' ? 'cities' : 'categories';
  const q = db(table).orderBy([{ column: 'business_count', order: 'desc' }, { column: 'name', order: 'asc' }]).limit(50);
  if (search) q.whereILike('name', `%${search.replace(/[\\%_]/g, '\\$&')}%`);
  const rows = await q.select(kind === 'city' ? ['id', 'name', 'slug', 'business_count', 'state', 'country'] : ['id', 'name', 'slug', 'business_count', 'plural_name']);
  return rows.map((r) => ({
    id: r.id as number,
    name: r.name as string,
    slug: r.slug as string,
    businessCount: r.business_count as number,
    ...(kind === 'city' ? { where: [r.state, r.country].filter(Boolean).join(', ') } : { pluralName: r.plural_name as string | null }),
  }));
}
