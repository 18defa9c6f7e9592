import type { Knex } from 'knex';
import type { Db } from '../index.js';
import type { CityCategoryLink, CountryCategoryLink } from '../../domain/types.js';
import type { GroupKind, Groups, GroupSummaries } from '../../domain/public-reads.js';
import { SEEN_VERSION } from '../data-version.js';
import { CITY_SELECT, toCity, type CityRow } from './cities.js';
import { CATEGORY_SELECT, CATEGORY_SUMMARY_SELECT, toCategory, toCategorySummary, type CategoryRow } from './categories.js';
import { countryCategoryLinks } from './country-categories.js';

/** Whose categories in a city: one city's, one category's (its cities) or one country's. */
export type CityCategoriesOf = { cityId: number } | { categoryId: number } | { country: string };

/**
 * The categories in a city that are pages for search engines (at least `min` active businesses),
 * of one city, category or country, most businesses first, at most `limit`. Read from the kept
 * counts per category in a city (city_category_counts, active businesses only, kept with the facet
 * counts the city's list counts its categories by), so the figures agree with the page's and no
 * business row is read: a country's or a category's are the first entries of its index.
 */
export async function listCityCategories(db: Db | Knex.Transaction, of: CityCategoriesOf, min: number, limit: number): Promise<CityCategoryLink[]> {
  const where =
    'cityId' in of
      ? { sql: 'k.city_id = ?', bindings: [of.cityId] }
      : 'categoryId' in of
        ? { sql: 'k.category_id = ?', bindings: [of.categoryId] }
        : { sql: 'k.country = ?', bindings: [of.country] };
  const { rows } = await db.raw(`SELECT ${LINK_COLUMNS} FROM ${linksOf(where.sql)} ORDER BY ${LINK_ORDER}`, [...where.bindings, min, limit] as Knex.RawBinding[]);
  return rows as CityCategoryLink[];
}

const LINK_COLUMNS = `ci.slug AS "citySlug", ci.name AS city, ca.slug AS "categorySlug", ca.name AS category, ca.plural_name AS "categoryPluralName", g.n AS count`;
const LINK_ORDER = 'g.n DESC, ci.name, ca.name';
/** The links under `where` (on city_category_counts k) with at least ? businesses, at most ?, as `g` joined to their city `ci` and category `ca`. */
const linksOf = (where: string) => `(SELECT k.city_id, k.category_id, k.n FROM city_category_counts k
              WHERE ${where} AND k.n >= ? ORDER BY k.n DESC, k.city_id, k.category_id LIMIT ?) g
       JOIN cities ci ON ci.id = g.city_id JOIN categories ca ON ca.id = g.category_id`;

/**
 * The links under `where` (on city_category_counts k, which may name an outer query's columns) as
 * one JSON array, binding the least count and the limit after `where`'s own. `categoryId`: each
 * link's category too, which a country's page's keys name and its answer does not carry.
 */
export const cityCategoryLinksJson = (where: string, { categoryId = false } = {}) =>
  `(SELECT coalesce(json_agg(json_build_object('citySlug', ci.slug, 'city', ci.name, 'categorySlug', ca.slug, 'category', ca.name, 'categoryPluralName', ca.plural_name, 'count', g.n${categoryId ? `, 'categoryId', ca.id` : ''}) ORDER BY ${LINK_ORDER}), '[]')
      FROM ${linksOf(where)})`;

/** Each kind of group: its table, its columns, its side of the kept counts and its row's mapping. */
const GROUP_TABLES = {
  city: { table: 'cities', columns: CITY_SELECT, key: 'k.city_id = t.id', countries: null, to: (r: CityRow) => toCity(r) },
  // A category links its top countries too (the kept counts per category in a country, q).
  category: { table: 'categories', columns: CATEGORY_SELECT, key: 'k.category_id = t.id', countries: 'q.category_id = t.id', to: (r: CategoryRow) => toCategory(r) },
} as const;

/** How many links a group's page gives: to categories in a city and (a category's only) in a country. */
export type GroupLimits = { cities: number; countries: number };

/**
 * A city or a category by its slug with the categories in a city it links (as listCityCategories
 * gives them) and, for a category, its categories in a country (as listCountryCategories gives
 * them), in one statement: a page's first view after a write waits for one round trip, not one
 * after the other. `version`: the data version the statement saw.
 */
export async function getGroupWithLinks<K extends GroupKind>(
  db: Db | Knex.Transaction,
  kind: K,
  slug: string,
  min: number,
  limits: GroupLimits,
): Promise<{ group: Groups[K] | null; version: string | null }> {
  const { table, columns, key, countries, to } = GROUP_TABLES[kind];
  const countryLinks = countries
    ? `, (SELECT coalesce(json_agg(l ORDER BY l.count DESC, l.country, l.category), '[]') FROM (${countryCategoryLinks(countries)}) l) AS country_links`
    : '';
  const { rows } = await db.raw(
    `SELECT ${SEEN_VERSION} AS data_version, ${columns.map((c) => `t.${c}`).join(', ')},
            ${cityCategoryLinksJson(key)} AS links${countryLinks}
       FROM ${table} t WHERE t.slug = ?`,
    [min, limits.cities, ...(countries ? [min, limits.countries] : []), slug],
  );
  // Not found: no row, and no version seen (the answer checks its version itself).
  if (!rows.length) return { group: null, version: null };
  const { links, country_links, data_version, ...row } = rows[0] as (CityRow & CategoryRow) & { links: CityCategoryLink[]; country_links?: CountryCategoryLink[]; data_version: string | null };
  const group = { ...(to as (r: CityRow & CategoryRow) => object)(row), cityCategories: links };
  return { group: (countries ? { ...group, countryCategories: country_links } : group) as Groups[K], version: data_version };
}

/** A district of a city with its active businesses of one category. */
export interface DistrictCount {
  district: string;
  count: number;
}

/**
 * The districts of a city where a category has active businesses, most first (a tie by name), from
 * the kept facet counts as the list's district facet counts them, so the figures agree with the
 * page's. A business without a district is in none. `version`: the data version the statement saw.
 */
export async function listCategoryDistricts(db: Db | Knex.Transaction, cityId: number, categoryId: number): Promise<{ districts: DistrictCount[]; version: string | null }> {
  const { rows } = await db.raw(
    `SELECT ${SEEN_VERSION} AS version, coalesce((SELECT json_agg(d ORDER BY d.count DESC, d.district) FROM
       (SELECT f.district, sum(f.n)::int AS count FROM business_facets f
         WHERE f.city_id = ? AND f.category_id = ? AND f.district IS NOT NULL AND f.district <> ''
         GROUP BY f.district HAVING sum(f.n) > 0) d), '[]') AS districts`,
    [cityId, categoryId],
  );
  return rows[0] as { districts: DistrictCount[]; version: string | null };
}

/** What getGroupSummary reads of each kind: a city's row, a category's without its count (CategorySummary). */
const SUMMARY_ROWS = {
  city: { columns: CITY_SELECT, to: (r: CityRow) => toCity(r) },
  category: { columns: CATEGORY_SUMMARY_SELECT, to: (r: CategoryRow) => toCategorySummary(r) },
} as const;

/** The statement of getGroupSummary of each kind, prepared once per connection: one row whether or not the slug is found. */
const SUMMARIES = Object.fromEntries(
  (Object.keys(GROUP_TABLES) as GroupKind[]).map((kind) => {
    const { table } = GROUP_TABLES[kind];
    const { columns } = SUMMARY_ROWS[kind];
    const sql = `SELECT ${SEEN_VERSION} AS data_version, t.* FROM (SELECT 1) one
      LEFT JOIN LATERAL (SELECT ${columns.join(', ')} FROM ${table} WHERE slug = ? LIMIT 1) t ON true`;
    return [kind, { name: `rehber_${kind}_summary`, sql }];
  }),
) as Record<GroupKind, { name: string; sql: string }>;

/**
 * A city or a category by its slug without its links (null when none has it), and the data
 * version the statement saw: the read of a page that names one (a category in a city, a district
 * or a country), whose answer then needs no statement of its own to learn the version.
 */
export async function getGroupSummary<K extends GroupKind>(db: Db | Knex.Transaction, kind: K, slug: string): Promise<{ group: GroupSummaries[K] | null; version: string | null }> {
  const { name, sql } = SUMMARIES[kind];
  const { rows } = await db.raw(sql, [slug]).options({ name });
  const { data_version, ...group } = rows[0] as (CityRow & CategoryRow) & { data_version: string | null };
  const to = SUMMARY_ROWS[kind].to as (r: CityRow & CategoryRow) => object;
  return { group: group.id === null ? null : (to(group as CityRow & CategoryRow) as GroupSummaries[K]), version: data_version };
}
