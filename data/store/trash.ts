/**
 * The admin's trash (docs/trash.md): deleting a business moves it here, restoring puts it back
 * under the same id, slug, values and former slugs, and only purging deletes it for good. Each runs
 * in one transaction under the import lock, like every other write of the store.
 *
 * The live row goes through a plain DELETE and comes back through a plain INSERT, so everything the
 * businesses table's triggers keep (search document, search words, facets, data version) follows on
 * its own; the city, category and country counts move in the same statement (APPLY_DELTAS), and
 * each move leaves a business_versions row for the activity log.
 */
import type { Knex } from 'knex';
import type pg from 'pg';
import type { Db } from '../../db/index.js';
import { TRASH_RETENTION_DAYS } from '../../domain/constants.js';
import { OPEN_WEEK_COLUMN } from '../../domain/business-columns.js';
import { InputError } from '../../domain/errors.js';
import { openWeekText } from '../../domain/opening-status.js';
import { readWorkingHours } from '../../domain/hours-text.js';
import type { BusinessHours } from '../../domain/types.js';
import { type DimRef, ensureDims, newDimCache, rowCityKey } from './load-dims.js';
import { APPLY_DELTAS, IMPORT_LOCK_SQL, refs } from './load-sql.js';

type Trx = Knex.Transaction;

/** Moves the businesses to the trash; returns how many were live (the others are ignored). */
export async function trashBusinesses(db: Db, ids: number[], username: string | null): Promise<number> {
  if (!ids.length) return 0;
  return db.transaction(async (trx) => {
    await trx.raw(IMPORT_LOCK_SQL);
    await sweep(trx);
    // The redirects are read from the statement's snapshot, before the delete cascades to them.
    const { rows } = await trx.raw(
      `WITH gone AS (DELETE FROM businesses WHERE id = ANY(?::bigint[]) RETURNING *),
       kept AS (
         INSERT INTO trashed_businesses (business_id, name, city, category, row, redirects, deleted_by)
         SELECT g.id, g.name, to_jsonb(c) - 'search_names', to_jsonb(k), to_jsonb(g) - 'search_vector',
                coalesce((SELECT jsonb_agg(to_jsonb(r) ORDER BY r.created_at, r.slug) FROM slug_redirects r WHERE r.business_id = g.id), '[]'),
                ?::text
           FROM gone g LEFT JOIN cities c ON c.id = g.city_id LEFT JOIN categories k ON k.id = g.category_id
       ),
       log AS (
         INSERT INTO business_versions (business_id, action, before, username)
         SELECT id, 'delete', to_jsonb(gone) - 'search_vector', ?::text FROM gone
       ),
       delta AS (${refs('gone', -1)}),
       ${APPLY_DELTAS}
       SELECT count(*)::int AS n FROM gone`,
      [ids, username, username],
    );
    return rows[0].n as number;
  });
}

interface TrashedRow {
  business_id: string;
  name: string;
  city: { id: number; name: string; slug: string; state: string | null; country: string; country_code: string | null; geoname_id: number | null; latitude: number | null; longitude: number | null } | null;
  category: { id: number; name: string; slug: string } | null;
  row: Record<string, Knex.Value>;
}

/**
 * Restores the businesses from the trash, all or none: 404 when one is not in the trash, 409
 * naming the business and what now holds its place id, name and address, or address on the site
 * (slug). Returns how many came back.
 */
export async function restoreBusinesses(db: Db, ids: number[], username: string | null): Promise<number> {
  if (!ids.length) return 0;
  return db.transaction(async (trx) => {
    await trx.raw(IMPORT_LOCK_SQL);
    await sweep(trx);
    const entries: TrashedRow[] = await trx('trashed_businesses').whereIn('business_id', ids).orderBy('business_id', 'desc').forUpdate();
    const missing = [...new Set(ids)].filter((id) => !entries.some((e) => Number(e.business_id) === id));
    if (missing.length) {
      const named = missing.length > 10 ? `${missing.slice(0, 10).join(', ')} and ${missing.length - 10} more` : missing.join(', ');
      throw new InputError(`Not in the trash: business ${named}`, 404);
    }
    const columns = await restorableColumns(trx);
    // One at a time (newest id first, as good an order as any): a clash with a business restored
    // just before is caught like any other, and the first clash undoes the whole call.
    for (const entry of entries) await restoreOne(trx, entry, columns, username);
    return entries.length;
  });
}

/** The businesses columns a restore writes: all but the derived search document and generated ones. */
async function restorableColumns(trx: Trx): Promise<Set<string>> {
  const { rows } = await trx.raw(
    `SELECT attname FROM pg_attribute
      WHERE attrelid = 'businesses'::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' AND attname <> 'search_vector'`,
  );
  return new Set(rows.map((r: { attname: string }) => r.attname));
}

async function restoreOne(trx: Trx, entry: TrashedRow, columns: Set<string>, username: string | null): Promise<void> {
  const row = entry.row;
  const clash = (
    await trx.raw(
      `SELECT name, slug, CASE WHEN identity_key = ? OR place_id = ? THEN 'place' ELSE 'slug' END AS what FROM businesses
        WHERE identity_key = ? OR place_id = ? OR slug = ?
       UNION ALL
       SELECT b.name, b.slug, 'redirect' FROM slug_redirects r JOIN businesses b ON b.id = r.business_id WHERE r.slug = ?
       LIMIT 1`,
      [row.identity_key, row.place_id ?? null, row.identity_key, row.place_id ?? null, row.slug, row.slug],
    )
  ).rows[0] as { name: string; slug: string; what: 'slug' | 'place' | 'redirect' } | undefined;
  if (clash) {
    const holder = `${clash.name} (${clash.slug})`;
    throw new InputError(
      clash.what === 'place'
        ? `Cannot restore ${entry.name}: ${holder} now has its place id, or its name at this address`
        : `Cannot restore ${entry.name}: its address ${String(row.slug)} is now used by ${holder}`,
      409,
    );
  }
  const { cityId, categoryId } = await placeOf(trx, entry);
  // Columns added after the row was trashed take their defaults; the parsed hours and the open
  // week are worked out again from the hours text by today's parser, as every write stores them
  // (a row trashed before the week existed has none, one trashed before a day's shifts were read
  // has a lunch break read as open).
  const cols = [...new Set([...Object.keys(row), 'business_hours', OPEN_WEEK_COLUMN])].filter((c) => columns.has(c));
  const text = row.working_hours;
  const hours = (typeof text === 'string' && text !== '' ? readWorkingHours(text) : (row.business_hours ?? null)) as BusinessHours | null;
  await insertBack(trx, entry, cols, [entry.business_id, cityId, categoryId, JSON.stringify(hours), openWeekText(hours), entry.business_id, username]);
}

/** The insert of a restore; a unique key taken in a way the checks above did not foresee is a 409 too, never a 500. */
async function insertBack(trx: Trx, entry: TrashedRow, cols: string[], params: Knex.Value[]): Promise<void> {
  const list = cols.map((c) => `"${c}"`).join(', ');
  await trx.raw(
    `WITH t AS (DELETE FROM trashed_businesses WHERE business_id = ? RETURNING redirects),
     ins AS (
       INSERT INTO businesses (${list})
       SELECT ${cols.map((c) => `r."${c}"`).join(', ')}
         FROM trashed_businesses tb, jsonb_populate_record(NULL::businesses, tb.row || jsonb_build_object('city_id', ?::int, 'category_id', ?::int, 'business_hours', ?::jsonb, '${OPEN_WEEK_COLUMN}', ?::text)) r
        WHERE tb.business_id = ?
       RETURNING *
     ),
     red AS (
       INSERT INTO slug_redirects (slug, business_id, created_at)
       SELECT r.slug, ins.id, r.created_at FROM t, ins, jsonb_populate_recordset(NULL::slug_redirects, t.redirects) r
        WHERE NOT EXISTS (SELECT 1 FROM businesses b WHERE b.slug = r.slug)
       ON CONFLICT (slug) DO NOTHING
     ),
     log AS (
       INSERT INTO business_versions (business_id, action, after, username)
       SELECT id, 'restore', to_jsonb(ins) - 'search_vector', ?::text FROM ins
     ),
     delta AS (${refs('ins', 1)}),
     ${APPLY_DELTAS}
     SELECT 1`,
    params,
  ).catch((err: { code?: string; constraint?: string }) => {
    if (err.code !== '23505') throw err;
    throw new InputError(`Cannot restore ${entry.name}: a business stored since holds one of its keys (${err.constraint ?? 'unique'})`, 409);
  });
}

/**
 * The city and category a restored business goes back to: its own if they still exist, the one
 * it was merged into, or the same made again (with its country) if re-resolution removed it for
 * having no business left.
 */
async function placeOf(trx: Trx, { city, category, row }: TrashedRow): Promise<{ cityId: number | null; categoryId: number | null }> {
  const { rows } = await trx.raw(
    `SELECT (SELECT id FROM cities WHERE id = ?::int) AS city_now, (SELECT target_id FROM page_redirects WHERE kind = 'city' AND slug = ?) AS city_moved,
            (SELECT id FROM categories WHERE id = ?::int) AS category_now, (SELECT target_id FROM page_redirects WHERE kind = 'category' AND slug = ?) AS category_moved`,
    [city?.id ?? null, city?.slug ?? null, category?.id ?? null, category?.slug ?? null],
  );
  let cityId: number | null = rows[0].city_now ?? rows[0].city_moved ?? null;
  let categoryId: number | null = rows[0].category_now ?? rows[0].category_moved ?? null;
  const country = typeof row.country === 'string' ? row.country : null;
  const countryCode = typeof row.country_code === 'string' ? row.country_code : null;
  const ref: DimRef = {
    category: categoryId === null ? (category?.name ?? null) : null,
    city: cityId === null ? (city?.name ?? null) : null,
    state: city?.state ?? null,
    country: cityId === null && city ? city.country : country,
    countryCode: cityId === null && city ? city.country_code : countryCode,
    cityPlace:
      cityId === null && city?.geoname_id && city.country_code && city.latitude !== null && city.longitude !== null
        ? { id: city.geoname_id, countryCode: city.country_code, latitude: city.latitude, longitude: city.longitude }
        : null,
  };
  const dims = newDimCache();
  const conn = (await trx.client.acquireConnection()) as pg.PoolClient;
  await ensureDims(conn, dims, country && country !== ref.country ? [ref, { ...EMPTY_REF, country, countryCode }] : [ref]);
  if (ref.city) cityId = dims.cities.get(rowCityKey(ref)!) ?? null;
  if (ref.category) categoryId = dims.categories.get(ref.category.toLowerCase()) ?? null;
  return { cityId, categoryId };
}

const EMPTY_REF: DimRef = { category: null, city: null, state: null, country: null, countryCode: null, cityPlace: null };

/** Deletes the businesses in the trash for good; returns how many were there. */
export async function purgeBusinesses(db: Db, ids: number[], username: string | null): Promise<number> {
  if (!ids.length) return 0;
  return db.transaction(async (trx) => {
    await trx.raw(IMPORT_LOCK_SQL);
    await sweep(trx);
    return purge(trx, 'business_id = ANY(?::bigint[])', [ids], 'purge', username);
  });
}

/**
 * Purges what has waited past the retention; returns how many. Runs on every write and listing of
 * the trash. Without the import lock, so listing never waits for an import's batch: it deletes
 * only trash rows, and a restore holding one of them makes it wait for that row alone.
 */
export async function sweepTrash(db: Db): Promise<number> {
  return db.transaction((trx) => sweep(trx));
}

const sweep = (trx: Trx) => purge(trx, `deleted_at < now() - make_interval(days => ?)`, [TRASH_RETENTION_DAYS], 'expire', null);

async function purge(trx: Trx, where: string, params: Knex.Value[], action: 'purge' | 'expire', username: string | null): Promise<number> {
  const { rows } = await trx.raw(
    `WITH gone AS (DELETE FROM trashed_businesses WHERE ${where} RETURNING business_id, name),
     log AS (
       INSERT INTO business_versions (business_id, action, before, username)
       SELECT business_id, ?, jsonb_build_object('name', name), ?::text FROM gone
     )
     SELECT count(*)::int AS n FROM gone`,
    [...params, action, username],
  );
  return rows[0].n as number;
}
