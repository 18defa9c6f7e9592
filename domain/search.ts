/**
 * The search contract shared by the server and the web client: the filters and sort a
 * public list takes (search, city and category pages alike, all kept in the URL), the facets it
 * answers with, and the suggestions of the search boxes.
 */
import type { Business, Page } from './types.js';
import type { GeoPoint } from './nearby.js';
import { formatNumber, nounFor, type CountNoun } from './plural.js';
import { foldName } from './slug.js';

/** `distance` orders by the distance from `near` (its default there); without a point it is refused. */
export const SEARCH_SORTS = ['relevance', 'rating', 'reviews', 'name', 'distance'] as const;
/**
 * A search with more matches than this is broad: up to it, the matches are read from the search
 * index and ranked in memory; past it, each relevance tier is walked in quality order, so only
 * the page's rows are read, and the total is an estimate (`totalApprox`). The pages of a broad
 * search reach its best this many.
 */
export const SEARCH_CANDIDATES = 1000;
/**
 * A business's quality, the order within a relevance tier: its rating weighed by its review
 * count, a Bayesian average that counts QUALITY_PRIOR_REVIEWS reviews of QUALITY_PRIOR_RATING
 * besides its own, so a 5.0 from no review (3.5) ranks below a 4.9 from 1,142 (4.89). Stored
 * with each business (businesses.quality); a change here takes a migration that redefines it.
 */
export const QUALITY_PRIOR_RATING = 3.5;
export const QUALITY_PRIOR_REVIEWS = 10;
/** A business's quality as businesses.quality stores it. */
export const qualityOf = (rating: number, reviews: number): number =>
  (QUALITY_PRIOR_RATING * QUALITY_PRIOR_REVIEWS + rating * reviews) / (QUALITY_PRIOR_REVIEWS + reviews);
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
  /** A country slug: a city's or category's list within that country (a category in a country's page; not a search's filter). */
  country?: string;
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
  /** The `near=<lat>,<lng>` point (domain/nearby.ts): the list is then the businesses nearest it. */
  near?: GeoPoint;
  /** With `near`: only businesses within this many kilometres of it. */
  radius?: number;
}

export interface FacetValue {
  /** The slug (categories, cities) or the name (districts) that the filter takes. */
  value: string;
  label: string;
  count: number;
}

/** A city of a facet before its label is chosen: its name, and where it is, to tell it from a namesake. */
export interface FacetCity {
  value: string;
  name: string;
  state: string | null;
  country: string;
  count: number;
}

/**
 * A facet's cities labelled so that two of one name can be told apart: a name shared in the list
 * ("Springfield", "Cambridge", "London" are each several places of the gazetteer) gets its state
 * where the address has one, else its country ("Cambridge, MA", "Cambridge, Canada"); a name alone
 * in the list stays as it is. Namesakes of one state and country keep the same label: the data
 * holds nothing else a visitor would know them by, and their counts and links still differ.
 */
export function cityFacetValues(cities: readonly FacetCity[]): FacetValue[] {
  const folded = cities.map((c) => foldName(c.name));
  const named = new Map<string, number>();
  for (const f of folded) named.set(f, (named.get(f) ?? 0) + 1);
  return cities.map((c, i) => ({ value: c.value, label: named.get(folded[i])! > 1 ? `${c.name}, ${c.state || c.country}` : c.name, count: c.count }));
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
  /**
   * Absent when they are not counted: an "open now" list of a city, a category or the directory,
   * or a search whose open matches are broad (docs/search.md).
   */
  facets?: Facets;
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
  /**
   * True when `total` is an estimate from the database's statistics (a broad search: "about
   * 104,000 results"); its pages then reach the best SEARCH_CANDIDATES, and its facets are
   * counted on a sample of the matches, scaled to the estimate.
   */
  totalApprox?: boolean;
  /**
   * True when the matches were counted only up to a cap and there are more: an open-now list (ten
   * pages past the one asked) or a list near a point (its NEAR_CANDIDATES nearest). `total` is
   * then a floor ("220+ results"), and the page links reach only as far as it.
   */
  totalCapped?: boolean;
}

/** How a list's total reads: "about 104,000" (an estimate), "220+" (counted up to a cap), "12". */
export function totalFigure(total: number, answer: Pick<ListPage, 'totalApprox' | 'totalCapped'> | undefined): string {
  const n = formatNumber(total);
  if (answer?.totalApprox) return `about ${n}`;
  return answer?.totalCapped ? `${n}+` : n;
}

/** What a list's count says: "about 104,000 results", "220+ results", "12 results". */
export function resultCount(total: number, answer: Pick<ListPage, 'totalApprox' | 'totalCapped'> | undefined): string {
  return `${totalFigure(total, answer)} ${countedNoun(total, answer, 'result')}`;
}

/** The noun after a list's total: "1+" is more than one, so a capped total takes the plural. */
export const countedNoun = (total: number, answer: Pick<ListPage, 'totalCapped'> | undefined, noun: CountNoun): string => nounFor(answer?.totalCapped ? 2 : total, noun);

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

/** An estimate said as one ("about 124,000"): three significant figures from a thousand up. */
export const roughly = (estimate: number): number => (estimate >= 1000 ? Number(estimate.toPrecision(3)) : Math.round(estimate));
