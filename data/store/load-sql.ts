/**
 * The set-based statements of one loader batch, run against the staging table. Each reads the
 * staging rows in `ord` order so duplicates of one identity inside a batch behave like rows
 * imported one by one: the first is new, a later identical one is skipped, a later different one
 * updates.
 */

import { type Field, OPEN_WEEK_COLUMN, VALUE_COLUMNS, VALUE_KEYS, type ValueColumnKey, WRITTEN_COLUMNS } from '../../domain/business-columns.js';

/**
 * Per batch transaction: sorts of a 10,000-row batch stay in memory, and the staging rows (which
 * have no statistics) are matched to businesses by index probes. Left to itself the planner picks
 * a merge join that reads the whole identity index once per batch: quadratic over a big import.
 * A batch's commit does not wait for its WAL to reach the disk (synchronous_commit off): a crash
 * can lose the last batches committed in the fraction of a second before it, whole (their rows
 * with the import record's counts, one transaction), never half of one; the import then shows
 * as interrupted and running it again writes them, since a batch is redone from the file. And
 * the import's end (finishImport, committed synchronously) flushes the WAL of every batch before
 * it, so an import reported done is on disk.
 */
export const BATCH_SETTINGS = { work_mem: "'64MB'", enable_mergejoin: 'off', enable_hashjoin: 'off', synchronous_commit: 'off' } as const;
export const BATCH_SETTINGS_SQL = Object.entries(BATCH_SETTINGS)
  .map(([name, value]) => `SET LOCAL ${name} = ${value}`)
  .join('; ');

/** Serialises batches of concurrent imports: find-or-create and classification never race. */
export const IMPORT_LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtext('rehber:import'))`;

/**
 * Every city a batch may write a business into or take one out of ($1: the rows' cities; $2: the
 * identity keys of its stored businesses, whose cities they may leave), locked in id order before
 * the batch writes any business. A zone refresh (zone-offsets.ts) locks the cities it rewrites in
 * id order too, then their businesses: had the batch locked some cities by its lane and others
 * later, row by row (the row trigger of a business new to a city) or by their counts, a refresh
 * could take one of the later ones and wait for one of the first, while the batch waited for it.
 */
export const LOCK_BATCH_CITIES_SQL = `
  SELECT c.id FROM cities c
   WHERE c.id IN (SELECT unnest($1::int[]) UNION SELECT b.city_id FROM businesses b WHERE b.identity_key = ANY($2::text[]))
   ORDER BY c.id FOR NO KEY UPDATE OF c`;

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
 * updated it), insert mode its first. $1: upsert mode, $4: the import's id (null outside one).
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
    INSERT INTO businesses (${BUSINESS_VALUE_COLUMNS.join(', ')}, slug, identity_key, created_import_id)
    SELECT ${insertValues('keyed')}, coalesce(s.slug, keyed.first_slug), keyed.identity_key, $4::int
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
 * Which columns of a file an import may change (the merge rule): `fields` are the file's headers
 * (undefined: every column), `clearEmpty` lets an empty cell erase a stored value.
 */
export interface MergePlan {
  fields?: ReadonlySet<Field>;
  clearEmpty?: boolean;
}

/** Values of a place read from the address: they change with it, or with their own column. */
const PLACE_KEYS: ReadonlySet<ValueColumnKey> = new Set(['city', 'state', 'postalCode', 'country', 'district', 'countryCode']);
const COORDINATE_KEYS: ReadonlySet<ValueColumnKey> = new Set(['latitude', 'longitude', 'coordinatesApproximate']);

/** The column of `businesses` a value key is written to. */
export function writtenColumn(k: ValueColumnKey): string {
  const c: { column: string; stored?: string } = VALUE_COLUMNS[k];
  return c.stored ?? c.column;
}

/**
 * When a file may change a value: 'always' (it carries the column), 'never', or 'address' (the
 * value is read from the address, which the file changes for this business).
 */
function carried(k: ValueColumnKey, fields: ReadonlySet<Field> | undefined): 'always' | 'never' | 'address' {
  if (!fields) return 'always';
  const own: Field | null = VALUE_COLUMNS[k].field;
  if (own && fields.has(own)) return 'always';
  if (k === 'businessHours') return fields.has('working_hours') ? 'always' : 'never';
  if (k === 'countryCode') return fields.has('country') ? 'always' : 'address';
  if (PLACE_KEYS.has(k)) return 'address';
  if (COORDINATE_KEYS.has(k)) return (fields.has('latitude') && fields.has('longitude')) || fields.has('location_link') ? 'always' : 'address';
  return 'never';
}

/** The value an update leaves in column `k`: the file's (`s`) or the stored one (`b`). */
export function mergedValue(k: ValueColumnKey, plan: MergePlan): string {
  const col = writtenColumn(k);
  const when = carried(k, plan.fields);
  if (when === 'never') return `b.${col}`;
  const c: { sql: string; default?: string } = VALUE_COLUMNS[k];
  const d = c.default;
  // A required value without a default (name, address) cannot be cleared: its empty cell (a row
  // naming its business by place id alone) keeps the stored one whatever the admin asked.
  const required = !d && c.sql.endsWith('NOT NULL');
  // An empty cell keeps what is stored, unless the admin asked for empty cells to clear it.
  const value = plan.clearEmpty && !required ? (d ? `coalesce(s.${col}, ${d})` : `s.${col}`) : `coalesce(s.${col}, b.${col})`;
  // No address in the row: the place read from it is the stored one.
  return when === 'always' ? value : `CASE WHEN s.address IS NOT NULL AND s.address IS DISTINCT FROM b.address THEN ${value} ELSE b.${col} END`;
}

/**
 * The open week an update leaves: the staged one (the row's hours' own, null for an empty cell)
 * wherever the merged hours are the row's, else the stored one, so it always follows the hours
 * (an empty cell cleared to '{}' states no day: null as well).
 */
export function mergedOpenWeek(plan: MergePlan): string {
  if (carried('businessHours', plan.fields) === 'never') return `b.${OPEN_WEEK_COLUMN}`;
  if (plan.clearEmpty) return `s.${OPEN_WEEK_COLUMN}`;
  return `CASE WHEN s.business_hours IS NULL THEN b.${OPEN_WEEK_COLUMN} ELSE s.${OPEN_WEEK_COLUMN} END`;
}

/** What an update writes (`businesses` b merged with staged row s): each value's column with its merged value, and the open week. */
export function mergedColumns(plan: MergePlan): { column: string; value: string }[] {
  return [...VALUE_KEYS.map((k) => ({ column: writtenColumn(k), value: mergedValue(k, plan) })), { column: OPEN_WEEK_COLUMN, value: mergedOpenWeek(plan) }];
}

/** A new business's values from staging alias `a`, with each NOT NULL column's default for an empty cell: WRITTEN_COLUMNS' values. */
export function insertValueList(a: string): string[] {
  return [
    ...VALUE_KEYS.map((k) => {
      const d: string | undefined = (VALUE_COLUMNS[k] as { default?: string }).default;
      return d ? `coalesce(${a}.${writtenColumn(k)}, ${d})` : `${a}.${writtenColumn(k)}`;
    }),
    `${a}.${OPEN_WEEK_COLUMN}`,
    `${a}.content_hash`,
  ];
}

function insertValues(a: string): string {
  return insertValueList(a).join(', ');
}

/**
 * The whole batch in one statement (the usual path): classify every staging row against
 * businesses and the earlier rows of its identity, merge the changed ones into what is stored
 * (upsert mode, by `plan`), insert the new ones with the slug they ask for, and move the counts.
 * A business counts as updated only when a stored value changes; one whose merged values equal
 * what is stored only takes the row's content hash (so the next same import skips it early).
 * For an identity seen several times in a batch, its last row is merged. Every change leaves a
 * business_versions row (before and after of the changed values) and every new business the
 * import's id, for undo. $1: upsert mode, $2: the import's id (null outside one).
 * Returns total, imported, updated and how many rows the INSERT placed.
 */
export function mergeSql(plan: MergePlan = {}): string {
  const columns = mergedColumns(plan);
  const merged = columns.map((c) => c.value);
  const stored = columns.map((c) => `b.${c.column}`);
  return `
  WITH s AS MATERIALIZED (
    SELECT st.*, b.id AS existing_id, b.content_hash AS existing_hash, b.is_active,
           b.city_id AS old_city_id, b.category_id AS old_category_id, b.country AS old_country,
           lag(st.content_hash) OVER w AS prev_hash, row_number() OVER w AS k,
           count(*) OVER (PARTITION BY st.identity_key) AS n,
           first_value(st.base_slug) OVER w AS first_slug, min(st.ord) OVER w AS first_ord
      FROM import_staging st LEFT JOIN businesses b ON b.identity_key = st.identity_key
    WINDOW w AS (PARTITION BY st.identity_key ORDER BY st.ord)
  ),
  f AS MATERIALIZED (
    SELECT s.existing_id, s.content_hash, s.is_active, s.old_city_id, s.old_category_id, s.old_country,
           ${merged.map((m, i) => `${m} AS m_${i}`).join(', ')},
           (${merged.join(', ')}) IS DISTINCT FROM (${stored.join(', ')}) AS changed,
           jsonb_build_object(${columns.map((c, i) => `'${c.column}', ${stored[i]}`).join(', ')}) AS old_values,
           jsonb_build_object(${columns.map((c, i) => `'${c.column}', ${merged[i]}`).join(', ')}) AS new_values
      FROM s JOIN businesses b ON b.id = s.existing_id
     WHERE $1::boolean AND s.k = s.n AND s.existing_hash IS DISTINCT FROM s.content_hash
  ),
  u AS (
    UPDATE businesses b SET ${columns.map((c, i) => `${c.column} = f.m_${i}`).join(', ')},
           content_hash = f.content_hash, updated_at = CASE WHEN f.changed THEN now() ELSE b.updated_at END
      FROM f WHERE b.id = f.existing_id
    RETURNING f.changed, f.old_city_id, f.old_category_id, f.old_country, f.is_active,
              b.city_id, b.category_id, b.country
  ),
  moved AS (SELECT * FROM u WHERE changed),
  -- What undo needs: the values each changed business had and has, changed keys only.
  versions AS (
    INSERT INTO business_versions (business_id, import_id, action, before, after)
    SELECT f.existing_id, $2::int, 'import',
           (SELECT jsonb_object_agg(o.key, o.value) FROM jsonb_each(f.old_values) o WHERE o.value IS DISTINCT FROM f.new_values -> o.key),
           (SELECT jsonb_object_agg(o.key, o.value) FROM jsonb_each(f.new_values) o WHERE o.value IS DISTINCT FROM f.old_values -> o.key)
      FROM f WHERE f.changed
  ),
  counts AS (
    SELECT count(*)::int AS total,
           (count(*) FILTER (WHERE k = 1 AND existing_id IS NULL))::int AS imported,
           (count(*) FILTER (WHERE $1::boolean AND k > 1 AND existing_id IS NULL AND prev_hash <> content_hash))::int AS repeats
      FROM s
  ),
  ins AS (
    INSERT INTO businesses (${BUSINESS_VALUE_COLUMNS.join(', ')}, slug, identity_key, created_import_id)
    SELECT ${insertValues('s')}, first_slug, identity_key, $2::int
      FROM s WHERE existing_id IS NULL AND k = CASE WHEN $1::boolean THEN n ELSE 1 END
     ORDER BY first_ord
    ON CONFLICT DO NOTHING
    RETURNING city_id, category_id, country, is_active
  ),
  delta AS (${refs('moved', -1, 'old_city_id', 'old_category_id', 'old_country')} UNION ALL ${refs('moved', 1)} UNION ALL ${refs('ins', 1)}),
  ${APPLY_DELTAS}
  SELECT counts.total, counts.imported, counts.repeats + (SELECT count(*)::int FROM moved) AS updated,
         (SELECT count(*)::int FROM ins) AS inserted FROM counts`;
}

/** New identities still without a row after INSERT_SQL: their slug was taken. */
export const UNPLACED_SQL = `
  SELECT DISTINCT ON (identity_key) identity_key, base_slug, ord
    FROM import_staging st
   WHERE NOT EXISTS (SELECT 1 FROM businesses b WHERE b.identity_key = st.identity_key)
   ORDER BY identity_key, ord`;
