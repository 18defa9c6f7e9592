import type Koa from 'koa';
import type { AppDeps } from '../deps.js';

// Placeholder: koa-session with the PostgreSQL store is filled in by the foundation issue.
export function sessions(_app: Koa, _deps: AppDeps): Koa.Middleware {
  return async (_ctx, next) => next();
}
