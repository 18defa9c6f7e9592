import type { Knex } from 'knex';
import type { Db } from '../index.js';
import type { CountryCategoryLink } from '../../domain/types.js';

/** Whose categories in a country: one country's (by its name) or one category's (its countries). */
export type CountryCategoriesOf = { country: string } | { categoryId: number };

/**
 * The categories in a country that are pages for search engines (at least `min` active businesses
 * in the country's cities), of one country or one category, most businesses first, at most `limit`.
 * Summed from the kept counts of each category in each city (city_category_counts, which carry their
 * city's country and hold no district rows), as the page's list counts its total, so a link's figure
 * and the page's agree and no business row is read.
 */
export async function listCountryCategories(db: Db | Knex.Transaction, of: CountryCategoriesOf, min: number, limit: number): Promise<CountryCategoryLink[]> {
  const where = 'country' in of ? { sql: 'k.country = ?', bindings: [of.country] } : { sql: 'k.category_id = ?', bindings: [of.categoryId] };
  const { rows } = await db.raw(countryCategoryLinks(where.sql), [...where.bindings, min, limit] as Knex.RawBinding[]);
  return rows as CountryCategoryLink[];
}

/**
 * The statement of listCountryCategories for the kept counts `k` under `where` (which may name an
 * outer query's columns: a category's page reads its row and these in one statement), binding the
 * least count and the limit after `where`'s own. A city without a country is in none.
 */
export const countryCategoryLinks = (where: string) => `
  SELECT co.slug AS "countrySlug", co.name AS country, ca.slug AS "categorySlug", ca.name AS category, g.n AS count
    FROM (SELECT k.country, k.category_id, sum(k.n)::int AS n FROM city_category_counts k
           WHERE ${where} AND k.country IS NOT NULL GROUP BY k.country, k.category_id HAVING sum(k.n) >= ?) g
    JOIN countries co ON co.name = g.country JOIN categories ca ON ca.id = g.category_id
   ORDER BY g.n DESC, co.name, ca.name LIMIT ?`;
