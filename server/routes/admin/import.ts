import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';

// Placeholder: filled in by the issue that owns these routes.
export function importRoutes(_deps: AppDeps): Router {
  return new Router();
}
