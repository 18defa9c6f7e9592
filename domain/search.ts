/**
 * The search contract shared by the server and the web client: the filters and sort a
 * public list takes (search, city and category pages alike, all kept in the URL), the facets it
 * answers with, and the suggestions of the search boxes.
 */
import type { Business, Page } from './types.js';

export const SEARCH_SORTS = ['relevance', 'rating', 'reviews', 'name'] as const;
/**
 * A search ranks at most this many matches (any of them, as the index yields them), so a broad
 * word costs about what a narrow one does; past it the total is this number with `totalCapped`.
 */
export const SEARCH_CANDIDATES = 1000;
/** The `minRating` values a list accepts (the ratings facet offers 4.5, 4, 3.5 and 3). */
export const MIN_RATINGS = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5] as const;
export const FACET_RATINGS = [4.5, 4, 3.5, 3] as const;
/** Values shown per facet (categories, cities, districts), most matches first. */
export const FACET_VALUES = 20;
/** Items per kind in the suggestions of the search boxes. */
export const SUGGEST_PER_KIND = 5;
/** Shorter input gets no suggestions (a single letter would match most of the directory). */
export const SUGGEST_MIN_LENGTH = 2;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Filters of a public list; each is a URL query parameter of the same name. */
export interface ListFilters {
  /** A category slug. */
  category?: string;
  /** A city slug. */
  city?: string;
  /** A district name within the city. */
  district?: string;
  /** Minimum rating, e.g. 4 for "4 and up". */
  minRating?: number;
  verified?: boolean;
  hasPhone?: boolean;
  /**
   * Only businesses open at the request's time in their own time zone (query parameter `open=1`);
   * a business whose hours were not read for certain, or whose zone is unknown, is never open now.
   */
  openNow?: boolean;
  sort?: SearchSort;
  page?: number;
}

export interface FacetValue {
  /** The slug (categories, cities) or the name (districts) that the filter takes. */
  value: string;
  label: string;
  count: number;
}

/** Counts of the list's matches by each filter, given the other filters already applied. */
export interface Facets {
  categories: FacetValue[];
  cities: FacetValue[];
  districts: FacetValue[];
  /** Matches with a rating of at least `min`, for min in 4.5, 4, 3.5, 3. */
  ratings: { min: number; count: number }[];
  verified: number;
  hasPhone: number;
}

/** GET /api/search, /api/cities/:slug/businesses, /api/categories/:slug/businesses. */
export interface ListPage extends Page<Business> {
  facets: Facets;
  /**
   * A spelling the index knows when the query matched nothing ('plumbr' → 'plumber'); the items
   * and facets are then those of this spelling (show "Showing results for …").
   */
  didYouMean?: string;
  /**
   * How a one-box query was read (`locksmith montreal` → {q: 'locksmith', location: 'Montreal'}),
   * or the place a mistyped location was respelt to (`resturant` in `Berln` → {q: 'restaurant',
   * location: 'Berlin'}, with `didYouMean`).
   */
  understood?: { q: string; location: string };
  /**
   * Words of the query no listing holds, left out when the query with them found nothing ('best
   * pizza berlin' → 'pizza' in Berlin, ignored ['best']); `understood` says what was searched.
   */
  ignored?: string[];
  /** True when `total` is a lower bound (a broad word on a huge directory). */
  totalCapped?: boolean;
}

export interface Suggestion {
  kind: 'business' | 'category' | 'city' | 'country';
  label: string;
  /** A second line: the business's city, the city's country... */
  detail?: string;
  /** Where choosing it goes: a public path. */
  path: string;
}

/** GET /api/suggest?q= */
export interface Suggestions {
  q: string;
  items: Suggestion[];
}
