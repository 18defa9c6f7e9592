/**
 * The search contract shared by the server and the web client (issue 13): the filters and sort a
 * public list takes (search, city and category pages alike, all kept in the URL), the facets it
 * answers with, and the suggestions of the search boxes.
 */
import type { Business, Page } from './types.js';

export const SEARCH_SORTS = ['relevance', 'rating', 'reviews', 'name'] as const;
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
  /** A spelling the index knows when the query matched little or nothing ('plumbr' → 'plumber'). */
  didYouMean?: string;
  /** How a one-box query was read: `locksmith montreal` → {q: 'locksmith', location: 'Montreal'}. */
  understood?: { q: string; location: string };
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
