/**
 * A public list's filters, sort and page in the URL: the query parameters are named as
 * ListFilters (domain/search.ts), so a reload, the back button or a shared link shows the
 * same list. The same names go to the API. Pure except the hook at the end.
 */
import { useLocation, useNavigate } from 'react-router-dom';
import { FACET_RATINGS, MIN_RATINGS, SEARCH_SORTS, type Facets, type ListFilters, type ListPage, type SearchSort } from '@domain/search';
import { nearParam, parseNear, parseRadius } from '@domain/nearby';
import type { CardList } from '@domain/card-row';

/**
 * A list answer as the pages keep it: ListPage with its businesses as card rows (cardList, in the
 * server render's loader and in the browser's fetch alike), facets maybe.
 */
export type ListAnswer = CardList<Omit<ListPage, 'facets'> & { facets?: Facets }>;

const FLAG = (v: string | null) => (v === 'true' || v === '1' ? true : undefined);
const TEXT = (v: string | null) => (v && v.trim() ? v.trim() : undefined);

/** The filters a URL's query names; a value that is not one the list takes is left out, never an error. */
export function parseListFilters(params: URLSearchParams): ListFilters {
  const page = Number(params.get('page'));
  const minRating = Number(params.get('minRating'));
  const sort = params.get('sort');
  // A point that is not one is ignored, and with it its radius and the distance sort.
  const near = parseNear(params.get('near')) ?? undefined;
  return clean({
    category: TEXT(params.get('category')),
    city: TEXT(params.get('city')),
    district: TEXT(params.get('district')),
    minRating: (MIN_RATINGS as readonly number[]).includes(minRating) ? minRating : undefined,
    verified: FLAG(params.get('verified')),
    hasPhone: FLAG(params.get('hasPhone')),
    openNow: FLAG(params.get('open')),
    sort: SEARCH_SORTS.includes(sort as SearchSort) && (near || sort !== 'distance') ? (sort as SearchSort) : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    near,
    radius: near ? (parseRadius(params.get('radius')) ?? undefined) : undefined,
  });
}

/**
 * Only the filters that are set (page 1 is no filter), so equal lists have equal query keys and
 * equal URLs: the server render's loader and the page's hook must build the same key.
 */
export function clean<T extends ListFilters>(f: T): T {
  return Object.fromEntries(Object.entries(f).filter(([k, v]) => v !== undefined && v !== false && v !== '' && !(k === 'page' && Number(v) <= 1))) as T;
}

/** The filters as query parameters, in a fixed order (page 1 and the default sort left out). */
export function listFiltersParams(f: ListFilters, defaultSort?: SearchSort): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.category) out.category = f.category;
  if (f.city) out.city = f.city;
  // Fixed by a category in a country's page (its path), never taken from a URL's query.
  if (f.country) out.country = f.country;
  if (f.district) out.district = f.district;
  if (f.minRating) out.minRating = String(f.minRating);
  if (f.verified) out.verified = 'true';
  if (f.hasPhone) out.hasPhone = 'true';
  if (f.openNow) out.open = '1';
  if (f.sort && f.sort !== defaultSort) out.sort = f.sort;
  if (f.page && f.page > 1) out.page = String(f.page);
  if (f.near) out.near = nearParam(f.near);
  if (f.near && f.radius) out.radius = String(f.radius);
  return out;
}

const FILTER_KEYS = ['category', 'city', 'district', 'minRating', 'verified', 'hasPhone', 'open', 'sort', 'page', 'near', 'radius'] as const;

/**
 * The query string of `current` (other parameters such as q and location kept) with `patch`
 * applied; any change but the page's goes back to page 1.
 */
export function withFilters(current: URLSearchParams, patch: Partial<ListFilters>, defaultSort?: SearchSort): string {
  const next = { ...parseListFilters(current), ...patch };
  if (!('page' in patch)) delete next.page;
  const p = new URLSearchParams(current);
  for (const k of FILTER_KEYS) p.delete(k);
  for (const [k, v] of Object.entries(listFiltersParams(clean(next), defaultSort))) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : '';
}

/**
 * True when any filter (not the sort or the page) narrows the list; a point is one, since a list
 * near it is no longer the page's plain list.
 */
export const hasFilters = (f: ListFilters): boolean => !!(f.category || f.city || f.district || f.minRating || f.verified || f.hasPhone || f.openNow || f.near);

/** What "Clear filters" applies: every filter off, the point and its radius with them (back to the plain list). */
export const NO_FILTERS: Partial<ListFilters> = { category: undefined, city: undefined, district: undefined, minRating: undefined, verified: undefined, hasPhone: undefined, openNow: undefined, near: undefined, radius: undefined };

export const RATING_STEPS = FACET_RATINGS;

export interface ListFiltersState {
  filters: ListFilters;
  /** The sort shown: the URL's, else the page's default. */
  sort: SearchSort;
  defaultSort: SearchSort;
  page: number;
  /** A link to this list with `patch` applied. */
  hrefWith: (patch: Partial<ListFilters>) => string;
  go: (patch: Partial<ListFilters>) => void;
}

/** The current list's filters from the URL, and links that change them. */
export function useListFilters(defaultSort: SearchSort): ListFiltersState {
  const location = useLocation();
  const navigate = useNavigate();
  const current = new URLSearchParams(location.search);
  const filters = parseListFilters(current);
  // Near a point the list is nearest first unless sorted otherwise.
  const sortByDefault = filters.near ? 'distance' : defaultSort;
  const hrefWith = (patch: Partial<ListFilters>) => `${location.pathname}${withFilters(current, patch, sortByDefault)}`;
  return {
    filters,
    sort: filters.sort ?? sortByDefault,
    defaultSort: sortByDefault,
    page: filters.page ?? 1,
    hrefWith,
    go: (patch) => navigate(hrefWith(patch)),
  };
}
