import type { Middleware } from 'koa';
import { unauthorized } from '../errors.js';
import { sessionOf } from './session.js';

/** The guard: a signed-in admin or 401. Mounted on the admin routers (routes/admin/router.ts), never by path. */
export function requireAdmin(): Middleware {
  return async (ctx, next) => {
    if (!sessionOf(ctx)?.userId) throw unauthorized();
    await next();
  };
}
