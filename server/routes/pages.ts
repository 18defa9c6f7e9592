import type { Middleware } from 'koa';
import type { AppDeps } from '../deps.js';

// Placeholder: serves the built SPA with history fallback once the public-site issue fills it in.
export function pageRoutes(_deps: AppDeps): Middleware {
  return async (_ctx, next) => {
    await next();
  };
}
