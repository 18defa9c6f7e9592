import type { Knex } from 'knex';
import type { AdminBusiness, AdminBusinessList, CountryStat } from '../../data/types.js';
import type { Db } from '../index.js';

export interface AdminListOptions {
  page: number;
  limit: number;
  search?: string;
}

/** `%term%` for ILIKE with the term's own % _ and \ taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The ids matching a search: a UNION of three arms, each answered by its own trigram index
 * (businesses.name, businesses.address, cities.name). One OR across the join would make
 * PostgreSQL scan the whole table instead.
 */
function matchingIds(db: Db | Knex.Transaction, pattern: string) {
  return db
    .select('id')
    .from('businesses')
    .whereRaw('name ILIKE ?', [pattern])
    .union((q) => q.select('id').from('businesses').whereRaw('address ILIKE ?', [pattern]))
    .union((q) =>
      q
        .select('b.id')
        .from('businesses as b')
        .join('cities as c', 'c.id', 'b.city_id')
        .whereRaw('c.name ILIKE ?', [pattern]),
    );
}

interface AdminRow {
  id: number;
  name: string;
  slug: string;
  address: string;
  country: string | null;
  rating: number;
  is_verified: boolean;
  city_name: string | null;
  category_name: string | null;
}

/** One page of the admin list (newest first) with the total for the pager. */
export async function listAdminBusinesses(db: Db | Knex.Transaction, { page, limit, search }: AdminListOptions): Promise<AdminBusinessList> {
  const term = search?.trim();
  const pattern = term ? likePattern(term) : null;
  const rowsQuery = db
    .from('businesses as b')
    .leftJoin('cities as c', 'c.id', 'b.city_id')
    .leftJoin('categories as k', 'k.id', 'b.category_id')
    .select<(AdminRow & { total?: number })[]>('b.id', 'b.name', 'b.slug', 'b.address', 'b.country', 'b.rating', 'b.is_verified', 'c.name as city_name', 'k.name as category_name')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit);

  let rows: (AdminRow & { total?: number })[];
  let total: number;
  if (pattern) {
    // The matching ids are found once (materialised) and serve both the page and its total.
    rows = await rowsQuery.clone().withMaterialized('m', matchingIds(db, pattern)).join('m', 'm.id', 'b.id').select(db.raw('(SELECT count(*) FROM m) AS total'));
    total = rows.length ? Number(rows[0].total) : await countRows(db.count<{ count: number }[]>({ count: '*' }).from(matchingIds(db, pattern).as('m')));
  } else {
    const [r, t] = await Promise.all([rowsQuery, countRows(db('businesses').count<{ count: number }[]>({ count: '*' }))]);
    rows = r;
    total = t;
  }
  return {
    businesses: rows.map(toAdminBusiness),
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
  };
}

async function countRows(q: Promise<{ count: number }[]> | Knex.QueryBuilder): Promise<number> {
  const [{ count }] = (await q) as { count: number }[];
  return Number(count);
}

function toAdminBusiness(r: AdminRow): AdminBusiness {
  return {
    id: Number(r.id),
    name: r.name,
    slug: r.slug,
    address: r.address,
    city: r.city_name ? { name: r.city_name } : null,
    country: r.country,
    category: r.category_name ? { name: r.category_name } : null,
    rating: Number(r.rating),
    isVerified: r.is_verified,
  };
}

/**
 * Businesses per country, most first. A GROUP BY over the businesses_country_idx index (an
 * index-only scan) rather than countries.business_count: always exact whoever wrote the rows,
 * and measured by scripts/bench/http.ts on 1,000,000 rows.
 */
export async function countryStats(db: Db | Knex.Transaction): Promise<CountryStat[]> {
  const rows = await db('businesses')
    .select('country')
    .count<{ country: string; count: number }[]>({ count: '*' })
    .whereNotNull('country')
    .whereRaw("country <> ''")
    .groupBy('country')
    .orderBy([{ column: 'count', order: 'desc' }, { column: 'country', order: 'asc' }]);
  return rows.map((r) => ({ country: r.country, count: Number(r.count) }));
}
