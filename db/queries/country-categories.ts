import type { Knex } from 'knex';
import type { Db } from '../index.js';
import type { CountryCategoryLink } from '../../domain/types.js';

/** Whose categories in a country: one country's (by its name) or one category's (its countries). */
export type CountryCategoriesOf = { country: string } | { categoryId: number };

/**
 * The categories in a country that are pages for search engines (at least `min` active businesses
 * in the country's cities), of one country or one category, most businesses first, at most `limit`.
 * Read from the kept counts per category in a country (country_category_counts: the active
 * businesses of the country's cities, kept with the facet counts the page's list counts its total
 * by), so a link's figure and the page's agree and no business row is read: a country's rows are
 * one per category, a category's one per country.
 */
export async function listCountryCategories(db: Db | Knex.Transaction, of: CountryCategoriesOf, min: number, limit: number): Promise<CountryCategoryLink[]> {
  const where = 'country' in of ? { sql: 'q.country = ?', bindings: [of.country] } : { sql: 'q.category_id = ?', bindings: [of.categoryId] };
  const { rows } = await db.raw(countryCategoryLinks(where.sql), [...where.bindings, min, limit] as Knex.RawBinding[]);
  return rows as CountryCategoryLink[];
}

/**
 * The statement of listCountryCategories for the kept counts `q` under `where` (which may name an
 * outer query's columns: a category's page reads its row and these in one statement), binding the
 * least count and the limit after `where`'s own. Which links make the limit is decided by their
 * counts and, among equal counts, by country name and category id, never by a category's name: a
 * country's page depends only on the categories it shows (change-keys.ts countryKeys), so renaming
 * one it does not show must not bring that one in. `categoryId`: each link's category too, which
 * the page's keys name and its answer does not carry.
 */
export const countryCategoryLinks = (where: string, { categoryId = false } = {}) => `
  SELECT l.* FROM (
    SELECT co.slug AS "countrySlug", co.name AS country, ca.slug AS "categorySlug", ca.name AS category, ca.plural_name AS "categoryPluralName", q.n AS count${categoryId ? ', ca.id AS "categoryId"' : ''}
      FROM country_category_counts q
      JOIN countries co ON co.name = q.country JOIN categories ca ON ca.id = q.category_id
     WHERE ${where} AND q.n >= ?
     ORDER BY q.n DESC, co.name, q.category_id LIMIT ?) l
   ORDER BY l.count DESC, l.country, l.category`;
