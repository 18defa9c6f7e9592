import type { Middleware } from 'koa';
import type { Config } from '../config.js';

// Placeholder: security headers and CSP are filled in by the foundation issue.
export function securityHeaders(_config: Config): Middleware {
  return async (_ctx, next) => next();
}
