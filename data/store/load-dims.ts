/**
 * Find-or-create of the rows businesses point at: categories, countries and cities. Runs inside
 * the batch's transaction, under the import lock, so two imports never create the same city twice.
 */
import type pg from 'pg';
import { DEFAULT_COUNTRY } from '../../domain/constants.js';
import type { BusinessInput } from '../../domain/business-columns.js';
import type { CityPlace } from '../../domain/business-columns.js';
import { slugifyText } from '../../domain/slug.js';
import { foldName, placeNames } from '../places/gazetteer.js';
import { placeState } from '../places/choose-place.js';
import { zoneNear } from '../places/time-zones.js';
import { zoneOffsets } from '../../domain/open-hours.js';

export interface DimCache {
  categories: Map<string, number>;
  countries: Map<string, number>;
  cities: Map<string, number>;
  /** By city id: the offsets of its zone (`cities.open_offsets`), which its businesses' open hours follow. */
  offsets: Map<number, number[] | null>;
}

export const newDimCache = (): DimCache => ({ categories: new Map(), countries: new Map(), cities: new Map(), offsets: new Map() });

const lower = (s: string) => s.toLowerCase();
/** A city the gazetteer does not know is one row per (name, state, country), whatever the case. */
export const cityKey = (name: string, state: string | null, country: string | null) =>
  `${lower(name)}\u0001${lower(state ?? '')}\u0001${lower(country ?? DEFAULT_COUNTRY)}`;
/** A gazetteer place is one city row whatever its spelling: 'München' and 'Munich' are one. */
const placeKey = (id: number) => `g:${id}`;

/** What find-or-create needs of a row. */
export type DimRef = Pick<BusinessInput, 'category' | 'city' | 'state' | 'country' | 'countryCode' | 'cityPlace'>;

/** The cache key of a row's city (its id is `cache.cities.get(rowCityKey(r))`); null without a city. */
export const rowCityKey = (r: DimRef): string | null =>
  r.cityPlace ? placeKey(r.cityPlace.id) : r.city ? cityKey(r.city, r.state, r.country) : null;

interface WantedCity {
  name: string;
  state: string | null;
  country: string;
  countryCode: string | null;
  place: CityPlace | null;
}

/** Makes sure every category, country and city of the batch exists; fills the cache with their ids. */
export async function ensureDims(conn: pg.ClientBase, cache: DimCache, rows: DimRef[]): Promise<void> {
  const categories = new Map<string, string>();
  const countries = new Map<string, { name: string; code: string | null }>();
  const cities = new Map<string, WantedCity>();
  for (const r of rows) {
    // The first spelling met names a new row: 'Austin' then 'austin' is one city called Austin.
    if (r.category && !cache.categories.has(lower(r.category)) && !categories.has(lower(r.category))) categories.set(lower(r.category), r.category);
    if (r.country && !cache.countries.has(lower(r.country)) && !countries.has(lower(r.country))) countries.set(lower(r.country), { name: r.country, code: r.countryCode });
    const key = rowCityKey(r);
    if (r.city && key && !cache.cities.has(key) && !cities.has(key)) {
      // A gazetteer city takes its own state where the gazetteer names it, never the row's: a row's
      // state column may name another place of the same name.
      const state = (r.cityPlace && placeState(r.cityPlace)) ?? r.state;
      cities.set(key, { name: r.city, state, country: r.country ?? DEFAULT_COUNTRY, countryCode: r.countryCode, place: r.cityPlace });
    }
  }
  if (categories.size) await ensureNamed(conn, 'categories', new Map([...categories].map(([k, name]) => [k, { name, code: null }])), cache.categories, 'category');
  if (countries.size) await ensureNamed(conn, 'countries', countries, cache.countries, 'country');
  if (cities.size) await ensureCities(conn, cities, cache.cities, cache.offsets);
}

/** Categories and countries: one row per name, whatever its case. */
async function ensureNamed(
  conn: pg.ClientBase,
  table: 'categories' | 'countries',
  wanted: Map<string, { name: string; code: string | null }>,
  ids: Map<string, number>,
  fallback: string,
) {
  const found = await conn.query<{ id: number; name: string }>(`SELECT id, name FROM ${table} WHERE lower(name) = ANY($1)`, [[...wanted.keys()]]);
  for (const r of found.rows) ids.set(lower(r.name), r.id);
  const missing = [...wanted].filter(([k]) => !ids.has(k)).map(([, w]) => w);
  if (!missing.length) return;
  const bases = missing.map((w) => slugifyText(w.name) || fallback);
  const taken = await takenSlugs(conn, table, bases);
  const slugs = bases.map((b) => freeSlug([b], taken));
  const names = missing.map((w) => w.name);
  const inserted = await conn.query<{ id: number; name: string }>(
    table === 'countries'
      ? `INSERT INTO countries (name, slug, code) SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING RETURNING id, name`
      : `INSERT INTO ${table} (name, slug) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING RETURNING id, name`,
    table === 'countries' ? [names, slugs, missing.map((w) => w.code)] : [names, slugs],
  );
  for (const r of inserted.rows) ids.set(lower(r.name), r.id);
}

/**
 * Cities: a gazetteer place by its GeoNames id, any other by (name, state, country) case-insensitively.
 * A new city is named as the first row met spells it; its slug is the name's, then name + state or country.
 */
async function ensureCities(conn: pg.ClientBase, wanted: Map<string, WantedCity>, ids: Map<string, number>, offsets: Map<number, number[] | null>) {
  const list = [...wanted.values()];
  const places = list.filter((c) => c.place);
  const unplaced = list.filter((c) => !c.place);
  if (places.length) {
    const found = await conn.query<{ id: number; geoname_id: number; open_offsets: number[] | null }>(
      'SELECT id, geoname_id, open_offsets FROM cities WHERE geoname_id = ANY($1::int[])',
      [places.map((c) => c.place!.id)],
    );
    for (const r of found.rows) {
      ids.set(placeKey(r.geoname_id), r.id);
      offsets.set(r.id, r.open_offsets);
    }
  }
  if (unplaced.length) {
    const found = await conn.query<{ id: number; name: string; state: string | null; country: string; open_offsets: number[] | null }>(
      `SELECT c.id, c.name, c.state, c.country, c.open_offsets FROM cities c
         JOIN unnest($1::text[], $2::text[], $3::text[]) AS w(name, state, country)
           ON lower(c.name) = lower(w.name) AND lower(coalesce(c.state, '')) = lower(w.state) AND lower(c.country) = lower(w.country)
        WHERE c.geoname_id IS NULL`,
      [unplaced.map((c) => c.name), unplaced.map((c) => c.state ?? ''), unplaced.map((c) => c.country)],
    );
    for (const r of found.rows) {
      ids.set(cityKey(r.name, r.state, r.country), r.id);
      offsets.set(r.id, r.open_offsets);
    }
  }
  const missing = [...wanted].filter(([k]) => !ids.has(k)).map(([, c]) => c);
  if (!missing.length) return;
  const bases = missing.map((c) => slugifyText(c.name) || 'city');
  const taken = await takenSlugs(conn, 'cities', bases);
  const names = placeNames(missing.flatMap((c) => (c.place ? [c.place] : [])));
  const slugs = missing.map((c, i) => {
    const qualifier = slugifyText(c.state || c.country);
    return freeSlug(qualifier ? [bases[i], `${bases[i]}-${qualifier}`] : [bases[i]], taken);
  });
  const zones = missing.map((c) => c.place?.timeZone || zoneNear(c.place?.countryCode ?? c.countryCode, c.place?.latitude, c.place?.longitude));
  const inserted = await conn.query<{ id: number; name: string; state: string | null; country: string; geoname_id: number | null; open_offsets: number[] | null }>(
    `INSERT INTO cities (name, state, country, slug, geoname_id, country_code, latitude, longitude, alt_names, time_zone, open_offsets)
       SELECT n, st, co, sl, g, cc, lat, lon, alt, z.tz, CASE WHEN z.tz IS NOT NULL THEN off::int2[] END
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::float8[], $8::float8[], $9::text[], $10::text[], $11::text[])
              AS w(n, st, co, sl, g, cc, lat, lon, alt, tz, off),
              LATERAL (SELECT CASE WHEN w.tz IN (SELECT name FROM pg_timezone_names) THEN w.tz END AS tz) z
       ON CONFLICT DO NOTHING
       RETURNING id, name, state, country, geoname_id, open_offsets`,
    [
      missing.map((c) => c.name),
      missing.map((c) => c.state),
      missing.map((c) => c.country),
      slugs,
      missing.map((c) => c.place?.id ?? null),
      missing.map((c) => c.place?.countryCode ?? c.countryCode),
      missing.map((c) => c.place?.latitude ?? null),
      missing.map((c) => c.place?.longitude ?? null),
      missing.map((c) => altNames(c, c.place ? (names.get(c.place.id) ?? []) : [])),
      // A zone PostgreSQL does not know is left out: the filter would fail on it. A city the
      // gazetteer gives no zone takes its country's nearest (or only) one.
      zones,
      // Its zone's offsets as this runtime reads them, which the read service checks its minutes against.
      zones.map((z) => {
        const o = z ? zoneOffsets(z) : null;
        return o ? `{${o.join(',')}}` : null;
      }),
    ],
  );
  for (const r of inserted.rows) {
    ids.set(r.geoname_id !== null ? placeKey(r.geoname_id) : cityKey(r.name, r.state, r.country), r.id);
    offsets.set(r.id, r.open_offsets);
  }
}

/** '|munich|munchen|…|': every name a location search may use, with the row's own spelling. */
function altNames(c: WantedCity, placeNames: string[]): string {
  const names = new Set([foldName(c.name), ...placeNames].filter(Boolean));
  return names.size ? `|${[...names].join('|')}|` : '';
}

async function takenSlugs(conn: pg.ClientBase, table: string, bases: string[]): Promise<Set<string>> {
  const { rows } = await conn.query<{ slug: string }>(`SELECT slug FROM ${table} WHERE slug = ANY($1) OR slug LIKE ANY($2)`, [
    bases,
    bases.map((b) => `${b}-%`),
  ]);
  return new Set(rows.map((r) => r.slug));
}

/** The first candidate nobody holds, else the last one with -2, -3... */
export function freeSlug(candidates: string[], taken: Set<string>): string {
  let slug = candidates.find((c) => !taken.has(c));
  const last = candidates[candidates.length - 1];
  for (let n = 2; !slug; n++) if (!taken.has(`${last}-${n}`)) slug = `${last}-${n}`;
  taken.add(slug);
  return slug;
}
