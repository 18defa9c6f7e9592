/**
 * Facet counts of a public list, from a relation of (city_id, category_id, district, rating_floor,
 * is_verified, has_phone, n): the kept business_facets rows of a city or category page, or the
 * candidate matches of a search (n = 1 each). Each facet counts the matches of every filter but
 * its own, so choosing a value shows the total its count promised; the `total` row applies all.
 */
import type { Knex } from 'knex';
import { cityFacetValues, FACET_RATINGS, FACET_VALUES, type FacetCity, type Facets } from '../../domain/search.js';
import type { Db } from '../index.js';
import { OPEN_ESTIMATE_SQL, openAtSql, type OpenAt } from './open-at.js';

/** The list filters with slugs already turned into ids. */
export interface FacetFilters {
  categoryId?: number;
  cityId?: number;
  /**
   * A country's name: a category's list within it (a category in a country). Its businesses are
   * walked by their own country (its listing index), counted by their city's (the kept counts have no
   * country): one and the same, as the import writes both from one place.
   */
  country?: string;
  district?: string;
  minRating?: number;
  verified?: boolean;
  hasPhone?: boolean;
  /** Open at this minute in their city's time zone; the kept facet counts know nothing of it. */
  openAt?: OpenAt;
}

/** SQL with `?` placeholders and their values. */
export interface SqlPart {
  sql: string;
  bindings: unknown[];
}

/** A facet: each counts with every filter but its own. */
export type Dimension = 'category' | 'city' | 'district' | 'rating' | 'verified' | 'phone';

/** The filters but `except` as SQL over the relation `s`, with their bindings. */
function where(f: FacetFilters, except: Dimension | null): [string, unknown[]] {
  const parts: string[] = ['TRUE'];
  const bindings: unknown[] = [];
  const add = (dim: Dimension | null, sql: string, value?: unknown) => {
    if (dim !== null && dim === except) return;
    parts.push(sql);
    if (value !== undefined) bindings.push(value);
  };
  if (f.categoryId !== undefined) add('category', 's.category_id = ?', f.categoryId);
  if (f.cityId !== undefined) add('city', 's.city_id = ?', f.cityId);
  // No facet of its own: every arm keeps it.
  if (f.country !== undefined) add(null, 's.city_id IN (SELECT id FROM cities WHERE country = ?)', f.country);
  if (f.district !== undefined) add('district', 's.district = ?', f.district);
  if (f.minRating !== undefined) add('rating', 's.rating_floor >= ?', f.minRating);
  if (f.verified !== undefined) add('verified', f.verified ? 's.is_verified' : 'NOT s.is_verified');
  if (f.hasPhone !== undefined) add('phone', f.hasPhone ? 's.has_phone' : 'NOT s.has_phone');
  return [parts.join(' AND '), bindings];
}

/**
 * One statement answering the total and every facet over `source` (SQL of the relation s), and
 * `more` arms of the same four columns (kind, value, label, count) that may read s too (a list's page).
 */
export function facetSql(source: SqlPart, f: FacetFilters, more: SqlPart[] = []): SqlPart {
  const arms: string[] = [];
  const bindings: unknown[] = [];
  const arm = (sql: string, except: Dimension | null, extra = '') => {
    const [cond, b] = where(f, except);
    arms.push(sql.replace('$WHERE', `${cond}${extra}`));
    bindings.push(...b);
  };
  arm(`SELECT 'total' AS kind, NULL AS value, NULL AS label, coalesce(sum(s.n), 0)::int AS count FROM s WHERE $WHERE`, null);
  arm(`SELECT 'category', k.slug, k.name, x.count FROM (SELECT s.category_id, sum(s.n)::int AS count FROM s WHERE $WHERE
         GROUP BY s.category_id ORDER BY 2 DESC, 1 LIMIT ${FACET_VALUES}) x JOIN categories k ON k.id = x.category_id`, 'category', ' AND s.category_id IS NOT NULL');
  // A city's label is its name and where it is (cityFacetValues tells namesakes apart by them).
  arm(`SELECT 'city', c.slug, json_build_array(c.name, c.state, c.country)::text, x.count FROM (SELECT s.city_id, sum(s.n)::int AS count FROM s WHERE $WHERE
         GROUP BY s.city_id ORDER BY 2 DESC, 1 LIMIT ${FACET_VALUES}) x JOIN cities c ON c.id = x.city_id`, 'city', ' AND s.city_id IS NOT NULL');
  arm(`SELECT 'district', x.district, x.district, x.count FROM (SELECT s.district, sum(s.n)::int AS count FROM s WHERE $WHERE
         GROUP BY s.district ORDER BY 2 DESC, 1 LIMIT ${FACET_VALUES}) x`, 'district', ` AND s.district IS NOT NULL AND s.district <> ''`);
  for (const min of FACET_RATINGS) {
    arm(`SELECT 'rating', '${min}', NULL, coalesce(sum(s.n), 0)::int FROM s WHERE $WHERE`, 'rating', ` AND s.rating_floor >= ${min}`);
  }
  arm(`SELECT 'verified', NULL, NULL, coalesce(sum(s.n), 0)::int FROM s WHERE $WHERE`, 'verified', ' AND s.is_verified');
  arm(`SELECT 'phone', NULL, NULL, coalesce(sum(s.n), 0)::int FROM s WHERE $WHERE`, 'phone', ' AND s.has_phone');
  for (const m of more) {
    arms.push(m.sql);
    bindings.push(...m.bindings);
  }
  return { sql: `WITH s AS MATERIALIZED (${source.sql}) ${arms.map((a) => `(${a})`).join(' UNION ALL ')}`, bindings: [...source.bindings, ...bindings] };
}

/** How many of the kept counts `source` (SQL of the relation s) pass `f`: facetSql's total alone. */
export function totalSql(source: SqlPart, f: FacetFilters): SqlPart {
  const [cond, bindings] = where(f, null);
  return { sql: `SELECT coalesce(sum(s.n), 0)::int AS total FROM (${source.sql}) s WHERE ${cond}`, bindings: [...source.bindings, ...bindings] };
}

export interface FacetRow {
  kind: string;
  value: string | null;
  label: string | null;
  count: number;
}

export const NO_FACETS: Facets = { categories: [], cities: [], districts: [], ratings: [], verified: 0, hasPhone: 0 };

/** The rows of facetSql as the contract's Facets, and the total of all the filters. */
export function toFacets(rows: FacetRow[]): { facets: Facets; total: number } {
  const facets: Facets = { categories: [], cities: [], districts: [], ratings: [], verified: 0, hasPhone: 0 };
  const cities: FacetCity[] = [];
  let total = 0;
  for (const r of rows) {
    const count = Number(r.count);
    if (r.kind === 'total') total = count;
    else if (r.kind === 'category') facets.categories.push({ value: r.value!, label: r.label!, count });
    else if (r.kind === 'city') {
      const [name, state, country] = JSON.parse(r.label!) as [string, string | null, string];
      cities.push({ value: r.value!, name, state, country, count });
    }
    else if (r.kind === 'district') facets.districts.push({ value: r.value!, label: r.label!, count });
    else if (r.kind === 'rating') facets.ratings.push({ min: Number(r.value), count });
    else if (r.kind === 'verified') facets.verified = count;
    else if (r.kind === 'phone') facets.hasPhone = count;
  }
  facets.cities = cityFacetValues(cities);
  return { facets, total };
}

/** The facet columns of businesses `b` (a search's candidates), each counted once. */
export const CANDIDATE_FACET_COLUMNS = `b.city_id, b.category_id, b.district, floor(b.rating * 2) / 2 AS rating_floor, b.is_verified,
  coalesce(b.phone, '') <> '' AS has_phone`;

/**
 * The same filters on the active businesses `b` themselves (the rows of a page), as SQL: the hot
 * reads are written as text, not built by knex per request. `estimate`: for a statement that only
 * asks the planner's estimate (EXPLAIN), which open now does not change with the minute.
 */
export function businessWhere(f: FacetFilters, { estimate = false }: { estimate?: boolean } = {}): SqlPart {
  const parts = ['b.is_active'];
  const bindings: unknown[] = [];
  const add = (sql: string, value?: unknown) => {
    parts.push(sql);
    if (value !== undefined) bindings.push(value);
  };
  if (f.categoryId !== undefined) add('b.category_id = ?', f.categoryId);
  if (f.cityId !== undefined) add('b.city_id = ?', f.cityId);
  if (f.country !== undefined) add('b.country = ?', f.country);
  if (f.district !== undefined) add('b.district = ?', f.district);
  if (f.minRating !== undefined) add('b.rating >= ?', f.minRating);
  if (f.verified !== undefined) add('b.is_verified = ?', f.verified);
  if (f.hasPhone !== undefined) add(`(coalesce(b.phone, '') <> '') = ?`, f.hasPhone);
  if (f.openAt !== undefined) {
    const open = estimate ? { sql: OPEN_ESTIMATE_SQL, bindings: [] } : openAtSql(f.openAt, f.cityId);
    parts.push(open.sql);
    bindings.push(...open.bindings);
  }
  return { sql: parts.join(' AND '), bindings };
}

/** One candidate of a search with what its filters and facets read (CANDIDATE_FACET_COLUMNS). */
export interface FacetCandidate {
  city_id: number | null;
  category_id: number | null;
  district: string | null;
  rating: number;
  rating_floor: number;
  is_verified: boolean;
  has_phone: boolean;
}

/** A category's or a city's slug and name, as a facet value shows it, and a city's time zone (a business's card shows it: near a point, data/reads/nearby.ts). */
export interface Label {
  slug: string;
  name: string;
  /** A city's; null for a category. */
  time_zone: string | null;
  /** A city's, to tell namesakes apart in a facet (cityFacetValues); null for a category. */
  state: string | null;
  country: string | null;
}

/** The labels of `keys` (`category:<id>`, `city:<id>`), by key; one statement. */
export async function readLabels(db: Db | Knex.Transaction, keys: string[]): Promise<Map<string, Label>> {
  const ids = (kind: string) => keys.filter((k) => k.startsWith(`${kind}:`)).map((k) => Number(k.slice(kind.length + 1)));
  const { rows } = await db.raw(
    `SELECT 'category:' || id AS key, slug, name, NULL AS time_zone, NULL AS state, NULL AS country FROM categories WHERE id = ANY(?::int[])
     UNION ALL SELECT 'city:' || id, slug, name, time_zone, state, country FROM cities WHERE id = ANY(?::int[])`,
    [ids('category'), ids('city')],
  );
  return new Map((rows as (Label & { key: string })[]).map((r) => [r.key, r]));
}
