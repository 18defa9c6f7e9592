/**
 * The set-based statements of one loader batch, run against the staging table. Each reads the
 * staging rows in `ord` order so duplicates of one identity inside a batch behave like rows
 * imported one by one: the first is new, a later identical one is skipped, a later different one
 * updates.
 */

import { WRITTEN_COLUMNS } from '../domain/business-columns.js';

/**
 * Per batch transaction: sorts of a 10,000-row batch stay in memory, and the staging rows (which
 * have no statistics) are matched to businesses by index probes. Left to itself the planner picks
 * a merge join that reads the whole identity index once per batch: quadratic over a big import.
 */
export const BATCH_SETTINGS_SQL = `SET LOCAL work_mem = '64MB'; SET LOCAL enable_mergejoin = off; SET LOCAL enable_hashjoin = off`;

/** Serialises batches of concurrent imports: find-or-create and classification never race. */
export const IMPORT_LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtext('rehber:import'))`;

const BUSINESS_VALUE_COLUMNS = WRITTEN_COLUMNS;

/** Count deltas for cities, categories and countries from a CTE named `delta(kind, ref, n)`. */
export const APPLY_DELTAS = `
  dc AS (UPDATE cities c SET business_count = c.business_count + d.n
           FROM (SELECT ref::int AS id, sum(n) AS n FROM delta WHERE kind = 'city' GROUP BY ref) d
          WHERE c.id = d.id AND d.n <> 0),
  dk AS (UPDATE categories c SET business_count = c.business_count + d.n
           FROM (SELECT ref::int AS id, sum(n) AS n FROM delta WHERE kind = 'category' GROUP BY ref) d
          WHERE c.id = d.id AND d.n <> 0),
  dn AS (UPDATE countries c SET business_count = c.business_count + d.n
           FROM (SELECT ref AS name, sum(n) AS n FROM delta WHERE kind = 'country' GROUP BY ref) d
          WHERE c.name = d.name AND d.n <> 0)`;

/**
 * The `delta` rows of the businesses in `alias` (a CTE with city, category, country and
 * is_active columns): `sign` for each of their city, category and country. business_count counts
 * active businesses only, so hidden ones move nothing.
 */
export const refs = (alias: string, sign: number, city = 'city_id', category = 'category_id', country = 'country') => `
  SELECT 'city' AS kind, ${alias}.${city}::text AS ref, ${sign} AS n FROM ${alias} WHERE ${alias}.${city} IS NOT NULL AND ${alias}.is_active
  UNION ALL SELECT 'category', ${alias}.${category}::text, ${sign} FROM ${alias} WHERE ${alias}.${category} IS NOT NULL AND ${alias}.is_active
  UNION ALL SELECT 'country', ${alias}.${country}, ${sign} FROM ${alias} WHERE ${alias}.${country} IS NOT NULL AND ${alias}.is_active`;

/**
 * New identities that MERGE_SQL could not place (their slug was taken), with the slugs the
 * caller chose ($2 keys, $3 slugs). Upsert mode stores the key's last row (as if later rows had
 * updated it), insert mode its first. $1: upsert mode.
 */
export const INSERT_SQL = `
  WITH keyed AS (
    SELECT st.*, first_value(st.base_slug) OVER w AS first_slug, min(st.ord) OVER w AS first_ord,
           row_number() OVER (PARTITION BY st.identity_key ORDER BY CASE WHEN $1::boolean THEN -st.ord ELSE st.ord END) AS pick
      FROM import_staging st
     WHERE NOT EXISTS (SELECT 1 FROM businesses b WHERE b.identity_key = st.identity_key)
    WINDOW w AS (PARTITION BY st.identity_key ORDER BY st.ord)
  ),
  ins AS (
    INSERT INTO businesses (${BUSINESS_VALUE_COLUMNS.join(', ')}, slug, identity_key)
    SELECT ${BUSINESS_VALUE_COLUMNS.join(', ')}, coalesce(s.slug, keyed.first_slug), keyed.identity_key
      FROM keyed LEFT JOIN unnest($2::text[], $3::text[]) AS s(identity_key, slug) ON s.identity_key = keyed.identity_key
     WHERE pick = 1 AND ($2::text[] IS NULL OR s.slug IS NOT NULL)
     ORDER BY first_ord
    ON CONFLICT DO NOTHING
    RETURNING city_id, category_id, country, is_active
  ),
  delta AS (${refs('ins', 1)}),
  ${APPLY_DELTAS}
  SELECT count(*)::int AS n FROM ins`;

/**
 * The whole batch in one statement (the usual path): classify every staging row against
 * businesses and the earlier rows of its identity, update the changed ones (upsert mode), insert
 * the new ones with the slug they ask for, and move the counts. Classification reads the snapshot
 * from before the writes, so the numbers are those of importing the rows one by one.
 * $1: upsert mode. Returns total, imported, updated and how many rows the INSERT placed.
 */
export const MERGE_SQL = `
  WITH s AS MATERIALIZED (
    SELECT st.*, b.id AS existing_id, b.content_hash AS existing_hash, b.is_active,
           b.city_id AS old_city_id, b.category_id AS old_category_id, b.country AS old_country,
           lag(st.content_hash) OVER w AS prev_hash, row_number() OVER w AS k,
           count(*) OVER (PARTITION BY st.identity_key) AS n,
           first_value(st.base_slug) OVER w AS first_slug, min(st.ord) OVER w AS first_ord
      FROM import_staging st LEFT JOIN businesses b ON b.identity_key = st.identity_key
    WINDOW w AS (PARTITION BY st.identity_key ORDER BY st.ord)
  ),
  counts AS (
    SELECT count(*)::int AS total,
           (count(*) FILTER (WHERE k = 1 AND existing_id IS NULL))::int AS imported,
           (count(*) FILTER (WHERE $1::boolean AND (
              (k = 1 AND existing_id IS NOT NULL AND existing_hash IS DISTINCT FROM content_hash)
              OR (k > 1 AND prev_hash <> content_hash))))::int AS updated
      FROM s
  ),
  f AS (
    SELECT * FROM s
     WHERE $1::boolean AND existing_id IS NOT NULL AND k = n AND existing_hash IS DISTINCT FROM content_hash
  ),
  u AS (
    UPDATE businesses b SET ${BUSINESS_VALUE_COLUMNS.map((c) => `${c} = f.${c}`).join(', ')}, updated_at = now()
      FROM f WHERE b.id = f.existing_id RETURNING b.id
  ),
  ins AS (
    INSERT INTO businesses (${BUSINESS_VALUE_COLUMNS.join(', ')}, slug, identity_key)
    SELECT ${BUSINESS_VALUE_COLUMNS.join(', ')}, first_slug, identity_key
      FROM s WHERE existing_id IS NULL AND k = CASE WHEN $1::boolean THEN n ELSE 1 END
     ORDER BY first_ord
    ON CONFLICT DO NOTHING
    RETURNING city_id, category_id, country, is_active
  ),
  delta AS (${refs('f', -1, 'old_city_id', 'old_category_id', 'old_country')} UNION ALL ${refs('f', 1)} UNION ALL ${refs('ins', 1)}),
  ${APPLY_DELTAS}
  SELECT counts.*, (SELECT count(*)::int FROM ins) AS inserted, (SELECT count(*)::int FROM u) AS changed FROM counts`;

/** New identities still without a row after INSERT_SQL: their slug was taken. */
export const UNPLACED_SQL = `
  SELECT DISTINCT ON (identity_key) identity_key, base_slug, ord
    FROM import_staging st
   WHERE NOT EXISTS (SELECT 1 FROM businesses b WHERE b.identity_key = st.identity_key)
   ORDER BY identity_key, ord`;
