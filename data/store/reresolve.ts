/**
 * Re-resolution of stored businesses' places (`rehber db reresolve`, the admin's countries page):
 * each business's address goes through data/places's resolver again, and its city, district,
 * country, ISO code, postal code, state and coordinates change where the gazetteer now says
 * better. Counts move with the businesses; slugs never change, so no link breaks.
 *
 * What is kept: a postal code or state the row has (it may come from the file's own columns);
 * coordinates that are the business's own (not a city centre); the stored city when neither the
 * address nor the stored city is known to the gazetteer. Cities and countries left without any
 * business are removed at the end (their pages had nothing to show).
 *
 * One transaction per batch of businesses, each under the import lock, so imports, edits and
 * this never interleave inside a batch, and an interrupted run leaves every batch whole.
 */
import type pg from 'pg';
import type { Db } from '../../db/index.js';
import { DEFAULT_COUNTRY } from '../../domain/constants.js';
import type { Knex } from 'knex';
import { resolvePlace, type ResolvedPlace } from '../places/resolve.js';
import { placeState } from '../places/choose-place.js';
import { placesWithIds } from '../places/gazetteer.js';
import { type DimRef, ensureDims, newDimCache, rowCityKey } from './load-dims.js';
import { APPLY_DELTAS, IMPORT_LOCK_SQL, refs } from './load-sql.js';

export const RERESOLVE_BATCH = 2_000;

export interface ReresolveResult {
  /** Businesses read. */
  checked: number;
  /** Businesses whose place changed. */
  changed: number;
  /** Cities and countries removed because no business is in them any more. */
  citiesRemoved: number;
  countriesRemoved: number;
}

interface StoredRow {
  id: string;
  address: string;
  city_name: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  country_code: string | null;
  district: string | null;
  city_id: number | null;
  latitude: number | null;
  longitude: number | null;
  coordinates_approximate: boolean;
}

/** What a business's place becomes; the columns the UPDATE writes, in its order. */
interface NewPlace extends DimRef {
  id: string;
  district: string | null;
  postalCode: string | null;
  latitude: number | null;
  longitude: number | null;
  approximate: boolean;
}

/** Where the address now puts the business, falling back to what is stored. */
function placeOf(row: StoredRow): NewPlace {
  const own = !row.coordinates_approximate && row.latitude !== null && row.longitude !== null;
  // The business's own state, postal code and spot pick among towns of one name, as at import:
  // a business wrongly filed under another Springfield moves to its own.
  const facts = { state: row.state, postalCode: row.postal_code, coordinates: own ? { latitude: row.latitude!, longitude: row.longitude! } : null };
  let resolved: ResolvedPlace = resolvePlace({ address: row.address, ...facts });
  // The address alone did not find a city: the stored city and country may (they can come from
  // the file's own columns); otherwise what is stored stays.
  if (!resolved.place && row.city_name) {
    const byColumns = resolvePlace({ address: row.address, city: row.city_name, country: row.country ?? undefined, ...facts });
    if (byColumns.place) resolved = byColumns;
  }
  const city = resolved.place ? resolved.city : row.city_name;
  const country = resolved.place || resolved.countryCode ? resolved.country : row.country;
  const centre = resolved.place ? { latitude: resolved.place.latitude, longitude: resolved.place.longitude } : null;
  return {
    id: row.id,
    city,
    cityPlace: resolved.place,
    state: row.state ?? resolved.state,
    country: country ?? (city ? DEFAULT_COUNTRY : null),
    countryCode: resolved.countryCode ?? row.country_code,
    category: null,
    district: resolved.district ?? row.district,
    postalCode: row.postal_code ?? resolved.postalCode,
    latitude: own ? row.latitude : (centre?.latitude ?? null),
    longitude: own ? row.longitude : (centre?.longitude ?? null),
    approximate: !own && centre !== null,
  };
}

/**
 * Gives each US gazetteer city its place's own state. Safe whatever the rows said: the state
 * follows from the city's GeoNames id, as its coordinates do; an import before this rule could
 * have given a Springfield, MO city row the state IL of its first row.
 */
async function restateCities(trx: Knex.Transaction): Promise<void> {
  const cities: { id: number; geoname_id: number; state: string | null }[] = await trx('cities')
    .where('country_code', 'US')
    .whereNotNull('geoname_id')
    .select('id', 'geoname_id', 'state');
  const places = placesWithIds('US', new Set(cities.map((c) => c.geoname_id)));
  const wrong = cities.flatMap((c) => {
    const place = places.get(c.geoname_id);
    const state = place ? placeState(place) : null;
    return state && state !== c.state ? [{ id: c.id, state }] : [];
  });
  if (!wrong.length) return;
  await trx.raw('UPDATE cities c SET state = w.state FROM unnest(?::int[], ?::text[]) AS w(id, state) WHERE c.id = w.id', [
    wrong.map((w) => w.id),
    wrong.map((w) => w.state),
  ]);
}

/** Re-resolves every business; `onProgress` gets the count read so far. */
export async function reresolvePlaces(db: Db, options: { onProgress?: (checked: number) => void } = {}): Promise<ReresolveResult> {
  const dims = newDimCache();
  const result: ReresolveResult = { checked: 0, changed: 0, citiesRemoved: 0, countriesRemoved: 0 };
  let after = '0';
  for (;;) {
    const rows: StoredRow[] = await db('businesses as b')
      .leftJoin('cities as c', 'c.id', 'b.city_id')
      .where('b.id', '>', after)
      .orderBy('b.id')
      .limit(RERESOLVE_BATCH)
      .select('b.id', 'b.address', 'c.name as city_name', 'b.state', 'b.postal_code', 'b.country', 'b.country_code', 'b.district', 'b.city_id',
        'b.latitude', 'b.longitude', 'b.coordinates_approximate');
    if (!rows.length) break;
    after = rows[rows.length - 1].id;
    const places = rows.map(placeOf);
    result.changed += await db.transaction(async (trx) => {
      const conn = (await trx.client.acquireConnection()) as pg.PoolClient;
      await conn.query(IMPORT_LOCK_SQL);
      await ensureDims(conn, dims, places);
      const cityIds = places.map((p) => (p.city ? (dims.cities.get(rowCityKey(p)!) ?? null) : null));
      // Only rows whose place differs are written; the counts move with them.
      const { rows: changed } = (await trx.raw(
        `WITH w AS (
           SELECT * FROM unnest(?::bigint[], ?::int[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::float8[], ?::float8[], ?::boolean[])
             AS w(id, city_id, state, country, country_code, district, postal_code, latitude, longitude, approximate)
         ),
         old AS (
           SELECT b.id, b.city_id, b.category_id, b.country, b.is_active FROM businesses b JOIN w ON w.id = b.id
            WHERE (b.city_id, b.state, b.country, b.country_code, b.district, b.postal_code, b.latitude, b.longitude, b.coordinates_approximate)
                  IS DISTINCT FROM (w.city_id, w.state, w.country, w.country_code, w.district, w.postal_code, w.latitude, w.longitude, w.approximate)
            FOR UPDATE OF b
         ),
         ch AS (
           UPDATE businesses b SET city_id = w.city_id, state = w.state, country = w.country, country_code = w.country_code,
                  district = w.district, postal_code = w.postal_code, latitude = w.latitude, longitude = w.longitude,
                  coordinates_approximate = w.approximate, updated_at = now()
             FROM w JOIN old ON old.id = w.id
            WHERE b.id = w.id
           RETURNING b.city_id, b.category_id, b.country, b.is_active
         ),
         delta AS (${refs('old', -1)} UNION ALL ${refs('ch', 1)}),
         ${APPLY_DELTAS}
         SELECT count(*)::int AS n FROM ch`,
        [
          places.map((p) => p.id),
          cityIds,
          places.map((p) => p.state),
          places.map((p) => p.country),
          places.map((p) => p.countryCode),
          places.map((p) => p.district),
          places.map((p) => p.postalCode),
          places.map((p) => p.latitude),
          places.map((p) => p.longitude),
          places.map((p) => p.approximate),
        ] as Knex.RawBinding[],
      )) as { rows: { n: number }[] };
      return changed[0].n;
    });
    result.checked += rows.length;
    options.onProgress?.(result.checked);
  }
  await db.transaction(async (trx) => {
    await trx.raw(IMPORT_LOCK_SQL);
    const cities = await trx.raw('DELETE FROM cities c WHERE NOT EXISTS (SELECT 1 FROM businesses b WHERE b.city_id = c.id)');
    const countries = await trx.raw('DELETE FROM countries c WHERE NOT EXISTS (SELECT 1 FROM businesses b WHERE b.country = c.name)');
    result.citiesRemoved = cities.rowCount ?? 0;
    await restateCities(trx);
    result.countriesRemoved = countries.rowCount ?? 0;
  });
  return result;
}
