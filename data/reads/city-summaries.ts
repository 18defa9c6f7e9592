import type { City } from '../../domain/types.js';

/**
 * Every city's row as a page that names a city reads it (a category in a city or a district),
 * kept per data version as one entry of the small memo: a city's first view then sends no
 * statement of its own for it. The combination pages' cities are many and spread (a run of first
 * views finds nearly every city for the first time), while all of them are a few thousand rows.
 * Kept as a tuple a city, not as the City itself: the memo counts every object's keys, and an
 * entry over a sixteenth of its bytes is never kept (docs/caching.md): the generated million's
 * 4,347 cities count 0.7 MB as tuples, 2.0 MB as cities, over the small memo's 1.5 MB an entry.
 * More than KEPT_CITIES_MAX cities are not kept whole: each is then read by its slug.
 */
export const KEPT_CITIES_MAX = 6_000;

type CityTuple = [id: number, name: string, state: string | null, country: string, businessCount: number, createdAt: number];

/** The cities by slug. */
export type KeptCities = Map<string, CityTuple>;

export function keptCities(cities: City[]): KeptCities {
  return new Map(cities.map((c) => [c.slug, [c.id, c.name, c.state, c.country, c.businessCount, Date.parse(c.createdAt)]]));
}

/** The city of `slug` among `kept`, as the read of its row alone gives it; null when none has it. */
export function keptCity(kept: KeptCities, slug: string): City | null {
  const t = kept.get(slug);
  if (!t) return null;
  const [id, name, state, country, businessCount, createdAt] = t;
  return { id, name, state, country, businessCount, slug, createdAt: new Date(createdAt).toISOString() };
}
