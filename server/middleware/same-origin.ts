import type { Middleware } from 'koa';
import { forbidden } from '../errors.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing call whose Origin (or, without one, Referer) names another origin;
 * mounted on the admin routers. SameSite=Lax cookies already stop most of these; this closes the
 * rest. The whole origin counts: a page served over plain http on the same host is
 * another origin, and one an on-path attacker can write. The request's own scheme comes from
 * X-Forwarded-Proto only with TRUST_PROXY (Koa's ctx.protocol).
 */
export function sameOrigin(): Middleware {
  return async (ctx, next) => {
    if (!SAFE.has(ctx.method)) {
      const source = ctx.get('Origin') || ctx.get('Referer');
      if (source) {
        const own = originOf(`${ctx.protocol}://${ctx.host}`);
        // An unreadable origin never equals ours, even when our own Host is missing or unreadable.
        if (own === null || originOf(source) !== own) throw forbidden('Cross-site request refused');
      }
    }
    await next();
  };
}

/** Scheme, host and port, with a default port dropped (http://h:80 is http://h); null when not a URL ("null" included). */
function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
