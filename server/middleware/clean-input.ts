import type { Middleware } from 'koa';
import { badRequest } from '../errors.js';

/**
 * Mounted before every route: a URL whose path or query has a malformed escape or a NUL character
 * (which no PostgreSQL text can hold) is a 400, refused before it reaches a query.
 */
export function cleanInput(): Middleware {
  return async (ctx, next) => {
    let path: string;
    let query: string;
    try {
      path = decodeURIComponent(ctx.path);
      query = decodeURIComponent(ctx.querystring.replace(/\+/g, ' '));
    } catch {
      throw badRequest('Malformed percent-encoding in the URL');
    }
    if (path.includes('\0') || query.includes('\0')) throw badRequest('The URL contains a NUL character');
    await next();
  };
}

/** Whether a parsed JSON value holds a NUL character in any string (key or value). */
export const hasNul = (value: unknown): boolean => JSON.stringify(value ?? null).includes('\\u0000');
