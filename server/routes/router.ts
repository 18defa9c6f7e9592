import Router from '@koa/router';

/**
 * Every router of the app is built here: case-sensitive and strict, so a route answers exactly
 * one spelling of its path. `/API/ADMIN/export`, `/api/admin/export/` or `/api/%61dmin/export` match
 * no route and end as a 404: what a router does not serve, nothing needs to guard.
 */
export const newRouter = (prefix?: string): Router => new Router({ prefix, sensitive: true, strict: true });

/**
 * Whether a request path is under /api in any spelling (letter case, percent-encoded letters,
 * repeated or encoded slashes): such a path answers JSON, never the SPA's HTML.
 */
export function isApiPath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is judged as written.
  }
  return /^[/\\]+api([/\\]|$)/i.test(decoded);
}
