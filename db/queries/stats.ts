import type { Knex } from 'knex';
import type { Db } from '../index.js';
import type { Stats } from '../../domain/types.js';

/**
 * Every listed (active) business, exactly: the per-country counts every write keeps (moved in the
 * same statement as the rows), plus those without a country (few, found through the country
 * index). A count(*) over the businesses costs time in proportion to the directory; this does not.
 */
export const ACTIVE_BUSINESSES_SQL = `(SELECT coalesce(sum(business_count), 0) FROM countries)
  + (SELECT count(*) FROM businesses WHERE country IS NULL AND is_active)`;

/** Hidden businesses, which only the admin sees (few; the partial inactive indexes find them). */
const HIDDEN_BUSINESSES_SQL = `(SELECT count(*) FROM businesses WHERE NOT is_active)`;

/** Every business, hidden ones included: the admin list's total. */
export async function countAllBusinesses(db: Db | Knex.Transaction): Promise<number> {
  const { rows } = await db.raw(`SELECT ${ACTIVE_BUSINESSES_SQL} + ${HIDDEN_BUSINESSES_SQL} AS n`);
  return Number(rows[0].n);
}

/** The home page's totals: businesses, and the cities, categories and countries that have any. */
export async function getStats(db: Db): Promise<Stats> {
  const { rows } = await db.raw(`
    SELECT ${ACTIVE_BUSINESSES_SQL} AS total_businesses,
           (SELECT count(*) FROM cities WHERE business_count > 0) AS total_cities,
           (SELECT count(*) FROM categories WHERE business_count > 0) AS total_categories,
           (SELECT count(*) FROM countries WHERE business_count > 0) AS total_countries`);
  const r = rows[0];
  return {
    totalBusinesses: Number(r.total_businesses),
    totalCities: Number(r.total_cities),
    totalCategories: Number(r.total_categories),
    totalCountries: Number(r.total_countries),
  };
}

/** True when PostgreSQL answers a trivial query within `timeoutMs` (a dead pool would otherwise wait a minute). */
export async function databaseAnswers(db: Db, timeoutMs = 3000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const ping = db.raw('SELECT 1').then(() => true, () => false);
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
