/**
 * The filters and sort of a public list (domain/search.ts ListFilters), parsed from the
 * query string once for the search, city and category routes: each a value or a 400 {message}.
 */
import type { ParameterizedContext } from 'koa';
import { badRequest } from '../errors.js';
import { MIN_RATINGS, SEARCH_SORTS, type ListFilters, type SearchSort } from '../../domain/search.js';
import { MAX_RADIUS_KM, MIN_RADIUS_KM, parseNear, parseRadius, type GeoPoint } from '../../domain/nearby.js';
import { oneString } from './params.js';

const given = (ctx: ParameterizedContext, name: string): string | undefined => {
  const v = oneString(ctx.query[name], name)?.trim();
  return v ? v : undefined;
};

function flag(ctx: ParameterizedContext, name: string): boolean | undefined {
  const v = given(ctx, name);
  if (v === undefined) return undefined;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw badRequest(`Invalid ${name}: expected true or false`);
}

export function listFilters(ctx: ParameterizedContext): ListFilters {
  const minRating = given(ctx, 'minRating');
  if (minRating !== undefined && !(MIN_RATINGS as readonly number[]).includes(Number(minRating))) {
    throw badRequest(`Invalid minRating: expected one of ${MIN_RATINGS.join(', ')}`);
  }
  const sort = given(ctx, 'sort');
  if (sort !== undefined && !(SEARCH_SORTS as readonly string[]).includes(sort)) throw badRequest(`Invalid sort: expected one of ${SEARCH_SORTS.join(', ')}`);
  const filters: ListFilters = {
    category: given(ctx, 'category'),
    city: given(ctx, 'city'),
    district: given(ctx, 'district'),
    minRating: minRating === undefined ? undefined : Number(minRating),
    verified: flag(ctx, 'verified'),
    hasPhone: flag(ctx, 'hasPhone'),
    openNow: flag(ctx, 'open'),
    sort: sort as SearchSort | undefined,
    ...nearFilters(ctx, sort),
  };
  for (const k of Object.keys(filters) as (keyof ListFilters)[]) if (filters[k] === undefined) delete filters[k];
  return filters;
}

/**
 * A city's or a category's list: the filters of any list and `country` (a slug), the country a
 * category in a country's page fixes. A search takes none (its place is its location).
 */
export function groupListFilters(ctx: ParameterizedContext): ListFilters {
  const country = given(ctx, 'country');
  return country === undefined ? listFilters(ctx) : { ...listFilters(ctx), country };
}

/** `near` and `radius`: a point and a radius around it, or a 400; the distance sort needs the point. */
function nearFilters(ctx: ParameterizedContext, sort: string | undefined): { near?: GeoPoint; radius?: number } {
  const nearText = given(ctx, 'near');
  const radiusText = given(ctx, 'radius');
  const near = nearText === undefined ? undefined : parseNear(nearText);
  if (near === null) throw badRequest('Invalid near: expected <latitude>,<longitude> in decimal degrees');
  const radius = radiusText === undefined ? undefined : parseRadius(radiusText);
  if (radius === null) throw badRequest(`Invalid radius: expected kilometres from ${MIN_RADIUS_KM} to ${MAX_RADIUS_KM}`);
  if (radius !== undefined && !near) throw badRequest('radius needs near');
  if (sort === 'distance' && !near) throw badRequest('sort distance needs near');
  return { near, radius };
}

/** Longest search text taken (a pasted paragraph is cut, only its first words are searched anyway). */
export const MAX_QUERY_LENGTH = 200;

/** A text query parameter, '' when absent, cut to MAX_QUERY_LENGTH. */
export const queryText = (ctx: ParameterizedContext, name: string): string => (oneString(ctx.query[name], name) ?? '').slice(0, MAX_QUERY_LENGTH);
