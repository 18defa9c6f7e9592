import type { Knex } from 'knex';
import type { Db } from '../index.js';
import type { City } from '../../domain/types.js';
import { POPULAR_CITIES_LIMIT } from '../../domain/constants.js';
import { SEEN_VERSION } from '../data-version.js';

export interface CityRow {
  id: number;
  name: string;
  state: string | null;
  country: string;
  business_count: number;
  slug: string;
  created_at: Date | string;
}

export const CITY_SELECT = ['id', 'name', 'state', 'country', 'business_count', 'slug', 'created_at'] as const;

export function toCity(r: CityRow): City {
  return {
    id: r.id,
    name: r.name,
    state: r.state,
    country: r.country,
    businessCount: r.business_count,
    slug: r.slug,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** Every city with at least one business, by country then name. */
export async function listCities(db: Db): Promise<City[]> {
  const rows = await db('cities').select(CITY_SELECT).where('business_count', '>', 0).orderBy(['country', 'name']);
  return rows.map(toCity);
}

/** Home page: the cities with the most businesses. */
export async function listPopularCities(db: Db, limit = POPULAR_CITIES_LIMIT): Promise<City[]> {
  const rows = await db('cities')
    .select(CITY_SELECT)
    .where('business_count', '>', 0)
    .orderBy([{ column: 'business_count', order: 'desc' }, { column: 'name' }])
    .limit(limit);
  return rows.map(toCity);
}

export async function getCityBySlug(db: Db, slug: string): Promise<City | null> {
  const row = await db('cities').select(CITY_SELECT).where({ slug }).first();
  return row ? toCity(row) : null;
}

/** A country's cities with businesses, most businesses first. */
export async function listCitiesOfCountry(db: Db | Knex.Transaction, country: string): Promise<City[]> {
  const rows = await db('cities')
    .select(CITY_SELECT)
    .where({ country })
    .where('business_count', '>', 0)
    .orderBy([{ column: 'business_count', order: 'desc' }, { column: 'name' }]);
  return rows.map(toCity);
}

/**
 * Every city as getCityBySlug gives it, at most `limit` (null when there are more), and the data
 * version the statement saw (null when there is no city or no version row).
 */
export async function listCitySummaries(db: Db, limit: number): Promise<{ cities: City[] | null; version: string | null }> {
  const { rows } = await db
    .raw(`SELECT ${SEEN_VERSION} AS data_version, ${CITY_SELECT.join(', ')} FROM cities LIMIT ?`, [limit + 1])
    .options({ name: 'rehber_city_summaries' });
  const version = (rows[0] as { data_version: string | null } | undefined)?.data_version ?? null;
  return { cities: rows.length > limit ? null : (rows as CityRow[]).map(toCity), version };
}
