/**
 * The facets of a search counted in memory over its candidates, as db/queries/facets.ts's
 * statement counts a list's kept rows: each facet counts the candidates of every filter but its
 * own, so choosing a value shows the total its count promised. Labels are read once per data
 * version.
 */
import type { Knex } from 'knex';
import type { Db } from '../../db/index.js';
import { cityFacetValues, FACET_RATINGS, FACET_VALUES, type Facets } from '../../domain/search.js';
import { readLabels, type Dimension, type FacetCandidate, type FacetFilters, type Label } from '../../db/queries/facets.js';
import { memoizedEach, small, type MemoScope } from './search-memo.js';

/** Whether a candidate passes the filters but `except`: the SQL of businessWhere, in memory. */
export function passes(c: FacetCandidate, f: FacetFilters, except: Dimension | null = null): boolean {
  return (
    (f.categoryId === undefined || except === 'category' || c.category_id === f.categoryId) &&
    (f.cityId === undefined || except === 'city' || c.city_id === f.cityId) &&
    (f.district === undefined || except === 'district' || c.district === f.district) &&
    (f.minRating === undefined || except === 'rating' || Number(c.rating) >= f.minRating) &&
    (f.verified === undefined || except === 'verified' || c.is_verified === f.verified) &&
    (f.hasPhone === undefined || except === 'phone' || c.has_phone === f.hasPhone)
  );
}

/** Facet counts of a search's candidates, as facetSql counts them, with ids in place of labels. */
export interface CandidateFacets {
  categories: [number, number][];
  cities: [number, number][];
  districts: [string, number][];
  ratings: { min: number; count: number }[];
  verified: number;
  hasPhone: number;
}

/** The values of `key` among the rows passing, most first (ties by value), at most FACET_VALUES. */
function top<K extends number | string>(rows: FacetCandidate[], f: FacetFilters, dim: Dimension, key: (c: FacetCandidate) => K | null): [K, number][] {
  const counts = new Map<K, number>();
  for (const c of rows) {
    const k = key(c);
    if (k === null || k === '' || !passes(c, f, dim)) continue;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, FACET_VALUES);
}

/**
 * The facets of a search counted in memory over its candidates (at most SEARCH_CANDIDATES + 1
 * rows): each counts the candidates of every filter but its own, like facetSql, without a
 * dozen-armed statement for PostgreSQL to plan per request.
 */
export function countFacets(rows: FacetCandidate[], f: FacetFilters): CandidateFacets {
  const count = (dim: Dimension, also: (c: FacetCandidate) => boolean) => rows.reduce((n, c) => n + (also(c) && passes(c, f, dim) ? 1 : 0), 0);
  return {
    categories: top(rows, f, 'category', (c) => c.category_id),
    cities: top(rows, f, 'city', (c) => c.city_id),
    districts: top(rows, f, 'district', (c) => c.district),
    ratings: FACET_RATINGS.map((min) => ({ min, count: count('rating', (c) => Number(c.rating_floor) >= min) })),
    verified: count('verified', (c) => c.is_verified),
    hasPhone: count('phone', (c) => c.has_phone),
  };
}

/**
 * Counts of a sample multiplied by `factor` (a broad search's matches over its sample), rounded:
 * estimates, as the broad search's total is.
 */
export function scaled(counted: CandidateFacets, factor: number): CandidateFacets {
  const times = (n: number) => Math.round(n * factor);
  return {
    categories: counted.categories.map(([id, n]) => [id, times(n)]),
    cities: counted.cities.map(([id, n]) => [id, times(n)]),
    districts: counted.districts.map(([d, n]) => [d, times(n)]),
    ratings: counted.ratings.map((r) => ({ min: r.min, count: times(r.count) })),
    verified: times(counted.verified),
    hasPhone: times(counted.hasPhone),
  };
}

/** The labels of `keys` (`category:<id>`, `city:<id>`), by key, each read once per data version: those no entry holds yet together, in one statement. */
export async function keptLabels(db: Db | Knex.Transaction, keys: string[], scope?: MemoScope): Promise<Map<string, Label | null>> {
  const labels = await memoizedEach(small(scope), 'label', keys, (missing) => readLabels(db, missing));
  return new Map(keys.map((k, i) => [k, labels[i]]));
}

/** Slugs and names of the categories and cities facets show, each read once per data version. */
export async function facetLabels(db: Db | Knex.Transaction, counted: CandidateFacets, scope?: MemoScope): Promise<Facets> {
  const want = [...counted.categories.map(([id]) => `category:${id}`), ...counted.cities.map(([id]) => `city:${id}`)];
  const label = await keptLabels(db, want, scope);
  const values = (kind: string, counts: [number, number][]) =>
    counts.flatMap(([id, count]) => {
      const l = label.get(`${kind}:${id}`);
      return l ? [{ value: l.slug, name: l.name, state: l.state, country: l.country ?? '', count }] : [];
    });
  return {
    categories: values('category', counted.categories).map(({ value, name, count }) => ({ value, label: name, count })),
    cities: cityFacetValues(values('city', counted.cities)),
    districts: counted.districts.map(([d, count]) => ({ value: d, label: d, count })),
    ratings: counted.ratings,
    verified: counted.verified,
    hasPhone: counted.hasPhone,
  };
}
