import type { Knex } from 'knex';
import type { Db } from '../index.js';
import type { CityCategoryLink } from '../../domain/types.js';

/** Whose categories in a city: one city's, one category's (its cities) or one country's. */
export type CityCategoriesOf = { cityId: number } | { categoryId: number } | { country: string };

/**
 * The categories in a city that are pages for search engines (at least `min` active businesses),
 * of one city, category or country, most businesses first, at most `limit`. Counted from the kept
 * facet counts (business_facets, active businesses only), as the city's list counts its
 * categories, so the figures agree with the page's and no business row is read.
 */
export async function listCityCategories(db: Db | Knex.Transaction, of: CityCategoriesOf, min: number, limit: number): Promise<CityCategoryLink[]> {
  const where =
    'cityId' in of
      ? { sql: 'f.city_id = ? AND f.category_id IS NOT NULL', bindings: [of.cityId] }
      : 'categoryId' in of
        ? { sql: 'f.category_id = ? AND f.city_id IS NOT NULL', bindings: [of.categoryId] }
        : { sql: 'f.city_id IN (SELECT id FROM cities WHERE country = ?) AND f.category_id IS NOT NULL', bindings: [of.country] };
  const { rows } = await db.raw(
    `SELECT ci.slug AS "citySlug", ci.name AS city, ca.slug AS "categorySlug", ca.name AS category, g.n AS count
       FROM (SELECT f.city_id, f.category_id, sum(f.n)::int AS n FROM business_facets f
              WHERE ${where.sql} GROUP BY f.city_id, f.category_id HAVING sum(f.n) >= ?
              ORDER BY n DESC, f.city_id, f.category_id LIMIT ?) g
       JOIN cities ci ON ci.id = g.city_id JOIN categories ca ON ca.id = g.category_id
      ORDER BY g.n DESC, ci.name, ca.name`,
    [...where.bindings, min, limit] as Knex.RawBinding[],
  );
  return rows as CityCategoryLink[];
}

/** A district of a city with its active businesses of one category. */
export interface DistrictCount {
  district: string;
  count: number;
}

/**
 * The districts of a city where a category has active businesses, most first (a tie by name), from
 * the kept facet counts as the list's district facet counts them, so the figures agree with the
 * page's. A business without a district is in none.
 */
export async function listCategoryDistricts(db: Db | Knex.Transaction, cityId: number, categoryId: number): Promise<DistrictCount[]> {
  const { rows } = await db.raw(
    `SELECT f.district, sum(f.n)::int AS count FROM business_facets f
      WHERE f.city_id = ? AND f.category_id = ? AND f.district IS NOT NULL AND f.district <> ''
      GROUP BY f.district HAVING sum(f.n) > 0 ORDER BY count DESC, f.district`,
    [cityId, categoryId],
  );
  return rows as DistrictCount[];
}
