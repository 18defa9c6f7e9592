/**
 * Query and path parameters, parsed once for every route: each is one value or a 400 {message}.
 */
import type { ParameterizedContext } from 'koa';
import { badRequest } from '../errors.js';
import { MAX_PAGE_SIZE } from '../../domain/constants.js';
import type { PageRequest } from '../../db/queries/paging.js';

/** The largest id PostgreSQL's integer columns hold; a bigger one can name no row. */
export const MAX_ID = 2_147_483_647;

/** A query parameter given at most once, as text (undefined when absent). */
export function oneString(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be given once`);
  return value;
}

/** A whole number from 1 to `max`; `fallback` when absent or empty. */
export function positiveInt(value: unknown, name: string, fallback: number, max: number): number {
  const text = oneString(value, name);
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > max) throw badRequest(`Invalid ${name}: expected a whole number from 1 to ${max}`);
  return n;
}

/**
 * `page` (default 1, at most `deepest` of the limit) and `limit` (default `pageSize`, at most
 * MAX_PAGE_SIZE). A public list takes any page: one past its deepest is read as a page past its
 * last, without walking there (data/reads/list-pages.ts browse, docs/security-limits.md).
 */
export function pageParams(ctx: ParameterizedContext, pageSize: number, deepest: (limit: number) => number = () => Number.MAX_SAFE_INTEGER): PageRequest {
  const limit = positiveInt(ctx.query.limit, 'limit', pageSize, MAX_PAGE_SIZE);
  return { page: positiveInt(ctx.query.page, 'page', 1, deepest(limit)), limit };
}

/**
 * The deepest page of an admin list: any whose first row's offset PostgreSQL's integer holds. The
 * admin pages the whole directory (its deep pages start from kept anchors, docs/admin-list.md),
 * and a bigger offset would fail its statements' integer casts.
 */
export const adminDeepestPage = (limit: number): number => Math.floor(MAX_ID / limit);

/** A row id from the path: a whole number from 1 to MAX_ID. */
export function idParam(value: string | undefined, name = 'id'): number {
  const n = positiveInt(value, name, 0, MAX_ID);
  if (n === 0) throw badRequest(`${name} is required`);
  return n;
}
