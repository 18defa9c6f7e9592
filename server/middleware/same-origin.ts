import type { Middleware } from 'koa';
import { forbidden } from '../errors.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing call whose Origin (or, without one, Referer) names another site; mounted
 * on the admin routers. SameSite=Lax cookies already stop most of these; this closes the rest
 * (CONTRACT §8).
 */
export function sameOrigin(): Middleware {
  return async (ctx, next) => {
    if (!SAFE.has(ctx.method)) {
      const source = ctx.get('Origin') || ctx.get('Referer');
      if (source && hostOf(source) !== ctx.host) throw forbidden('Cross-site request refused');
    }
    await next();
  };
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
