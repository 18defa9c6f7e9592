import type { Knex } from 'knex';
import type { Db } from '../index.js';
import type { CountryCategoryLink } from '../../domain/types.js';

/** Whose categories in a country: one country's (by its name) or one category's (its countries). */
export type CountryCategoriesOf = { country: string } | { categoryId: number };

/**
 * The categories in a country that are pages for search engines (at least `min` active businesses
 * in the country's cities), of one country or one category, most businesses first, at most `limit`.
 * Counted from the kept facet counts (business_facets), as the page's list counts its total, so a
 * link's figure and the page's agree and no business row is read.
 */
export async function listCountryCategories(db: Db | Knex.Transaction, of: CountryCategoriesOf, min: number, limit: number): Promise<CountryCategoryLink[]> {
  const where =
    'country' in of
      ? { sql: 'f.city_id IN (SELECT id FROM cities WHERE country = ?) AND f.category_id IS NOT NULL', bindings: [of.country] }
      : { sql: 'f.category_id = ? AND f.city_id IS NOT NULL', bindings: [of.categoryId] };
  const { rows } = await db.raw(
    `SELECT co.slug AS "countrySlug", co.name AS country, ca.slug AS "categorySlug", ca.name AS category, g.n AS count
       FROM (SELECT ci.country, f.category_id, sum(f.n)::int AS n FROM business_facets f JOIN cities ci ON ci.id = f.city_id
              WHERE ${where.sql} GROUP BY ci.country, f.category_id HAVING sum(f.n) >= ?) g
       JOIN countries co ON co.name = g.country JOIN categories ca ON ca.id = g.category_id
      ORDER BY g.n DESC, co.name, ca.name LIMIT ?`,
    [...where.bindings, min, limit] as Knex.RawBinding[],
  );
  return rows as CountryCategoryLink[];
}
