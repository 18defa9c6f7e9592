import type { Db } from '../index.js';
import type { Stats } from '../../data/types.js';

/** The home page's totals: businesses, and the cities, categories and countries that have any. */
export async function getStats(db: Db): Promise<Stats> {
  const { rows } = await db.raw(`
    SELECT (SELECT count(*) FROM businesses) AS total_businesses,
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
