import type { Middleware } from 'koa';
import { unauthorized } from '../errors.js';

/** The one guard: every /api/admin/* path but the listed ones needs a signed-in admin. */
export function requireAdmin({ except }: { except: string[] }): Middleware {
  const open = new Set(except);
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api/admin/') && !open.has(ctx.path)) {
      const session = (ctx as { session?: { userId?: string } | null }).session;
      if (!session?.userId) throw unauthorized();
    }
    await next();
  };
}
