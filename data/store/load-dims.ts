/**
 * Find-or-create of the rows businesses point at: categories, countries and cities. Runs inside
 * the batch's transaction, under the import lock, so two imports never create the same city twice.
 */
import type pg from 'pg';
import { DEFAULT_COUNTRY } from '../domain/constants.js';
import type { BusinessInput } from '../import/pipeline.js';
import { slugifyText } from '../domain/slug.js';

export interface DimCache {
  categories: Map<string, number>;
  countries: Map<string, number>;
  cities: Map<string, number>;
}

export const newDimCache = (): DimCache => ({ categories: new Map(), countries: new Map(), cities: new Map() });

const lower = (s: string) => s.toLowerCase();
export const cityKey = (name: string, state: string | null, country: string | null) =>
  `${lower(name)}\u0001${lower(state ?? '')}\u0001${lower(country ?? DEFAULT_COUNTRY)}`;

/** Makes sure every category, country and city of the batch exists; fills the cache with their ids. */
/** What find-or-create needs of a row. */
export type DimRef = Pick<BusinessInput, 'category' | 'city' | 'state' | 'country'>;

export async function ensureDims(conn: pg.ClientBase, cache: DimCache, rows: DimRef[]): Promise<void> {
  const categories = new Map<string, string>();
  const countries = new Map<string, string>();
  const cities = new Map<string, { name: string; state: string | null; country: string }>();
  for (const r of rows) {
    // The first spelling met names a new row: 'Austin' then 'austin' is one city called Austin.
    if (r.category && !cache.categories.has(lower(r.category)) && !categories.has(lower(r.category))) categories.set(lower(r.category), r.category);
    if (r.country && !cache.countries.has(lower(r.country)) && !countries.has(lower(r.country))) countries.set(lower(r.country), r.country);
    if (r.city) {
      const key = cityKey(r.city, r.state, r.country);
      if (!cache.cities.has(key) && !cities.has(key)) cities.set(key, { name: r.city, state: r.state, country: r.country ?? DEFAULT_COUNTRY });
    }
  }
  if (categories.size) await ensureNamed(conn, 'categories', categories, cache.categories, 'category');
  if (countries.size) await ensureNamed(conn, 'countries', countries, cache.countries, 'country');
  if (cities.size) await ensureCities(conn, cities, cache.cities);
}

/** Categories and countries: one row per name, whatever its case. */
async function ensureNamed(conn: pg.ClientBase, table: 'categories' | 'countries', wanted: Map<string, string>, ids: Map<string, number>, fallback: string) {
  const found = await conn.query<{ id: number; name: string }>(`SELECT id, name FROM ${table} WHERE lower(name) = ANY($1)`, [[...wanted.keys()]]);
  for (const r of found.rows) ids.set(lower(r.name), r.id);
  const missing = [...wanted].filter(([k]) => !ids.has(k)).map(([, name]) => name);
  if (!missing.length) return;
  const bases = missing.map((n) => slugifyText(n) || fallback);
  const taken = await takenSlugs(conn, table, bases);
  const slugs = bases.map((b) => freeSlug([b], taken));
  const inserted = await conn.query<{ id: number; name: string }>(
    `INSERT INTO ${table} (name, slug) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING RETURNING id, name`,
    [missing, slugs],
  );
  for (const r of inserted.rows) ids.set(lower(r.name), r.id);
}

/** Cities: identity (name, state, country) case-insensitively; slug from the name, then name + state or country. */
async function ensureCities(conn: pg.ClientBase, wanted: Map<string, { name: string; state: string | null; country: string }>, ids: Map<string, number>) {
  const list = [...wanted.values()];
  const found = await conn.query<{ id: number; name: string; state: string | null; country: string }>(
    `SELECT c.id, c.name, c.state, c.country FROM cities c
       JOIN unnest($1::text[], $2::text[], $3::text[]) AS w(name, state, country)
         ON lower(c.name) = lower(w.name) AND lower(coalesce(c.state, '')) = lower(w.state) AND lower(c.country) = lower(w.country)`,
    [list.map((c) => c.name), list.map((c) => c.state ?? ''), list.map((c) => c.country)],
  );
  for (const r of found.rows) ids.set(cityKey(r.name, r.state, r.country), r.id);
  const missing = [...wanted].filter(([k]) => !ids.has(k)).map(([, c]) => c);
  if (!missing.length) return;
  const bases = missing.map((c) => slugifyText(c.name) || 'city');
  const taken = await takenSlugs(conn, 'cities', bases);
  const slugs = missing.map((c, i) => {
    const qualifier = slugifyText(c.state || c.country);
    return freeSlug(qualifier ? [bases[i], `${bases[i]}-${qualifier}`] : [bases[i]], taken);
  });
  const inserted = await conn.query<{ id: number; name: string; state: string | null; country: string }>(
    `INSERT INTO cities (name, state, country, slug)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) ON CONFLICT DO NOTHING
       RETURNING id, name, state, country`,
    [missing.map((c) => c.name), missing.map((c) => c.state), missing.map((c) => c.country), slugs],
  );
  for (const r of inserted.rows) ids.set(cityKey(r.name, r.state, r.country), r.id);
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
