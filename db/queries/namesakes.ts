import type { Db } from '../index.js';

/** What tells two businesses of the same name in the same city apart in a title. */
export interface Namesake {
  district: string | null;
  address: string;
  postalCode: string | null;
  state: string | null;
  country: string | null;
}

/** At most this many namesakes are read: enough to find what tells a business apart. */
export const NAMESAKE_LIMIT = 50;

/**
 * The other active businesses with exactly this name in this city (or, without a city, in none),
 * at most `limit`. (A business view reads them with the business: getBusinessViewBySlug.) One probe of businesses_namesake_idx (migration 20261125E): the common case,
 * a name nobody else in the city has, reads no row at all.
 */
export async function listNamesakes(db: Db, b: { id: number; name: string; cityId: number | null }, limit = NAMESAKE_LIMIT): Promise<Namesake[]> {
  const rows = await db('businesses')
    .select('district', 'address', 'postal_code', 'state', 'country')
    .where('is_active', true)
    .where('name', b.name)
    .modify((q) => (b.cityId === null ? q.whereNull('city_id') : q.where('city_id', b.cityId)))
    .whereNot('id', b.id)
    .limit(limit);
  return rows.map((r: Record<string, string | null>) => ({ district: r.district, address: r.address ?? '', postalCode: r.postal_code, state: r.state, country: r.country }));
}
