import type Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { badRequest } from '../../errors.js';
import { adminRouter } from './router.js';
import { oneString, positiveInt } from '../params.js';
import { listActivity, parseCursor } from '../../../db/queries/activity.js';
import { ACTIVITY_KINDS, type ActivityKind } from '../../../domain/activity.js';

/** Entries of one page of the log, and the most one request may ask for. */
const ACTIVITY_PAGE = 50;
const MAX_ACTIVITY_PAGE = 200;

/** An instant (an ISO date or date and time) or nothing. */
function instant(value: unknown, name: string): string | undefined {
  const text = oneString(value, name)?.trim();
  if (!text) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text) || Number.isNaN(Date.parse(text))) {
    throw badRequest(`${name} must be a date (2026-12-01) or a date and time (2026-12-01T09:00:00Z)`);
  }
  return new Date(text).toISOString();
}

/** The activity log: every change, filtered by business, admin, kind and time, paged newest first. */
export function activityAdminRoutes(deps: AppDeps): Router {
  const router = adminRouter(deps);
  router.get('/activity', async (ctx) => {
    const q = ctx.query;
    const kind = oneString(q.kind, 'kind') || undefined;
    if (kind && !ACTIVITY_KINDS.includes(kind as ActivityKind)) throw badRequest(`kind must be one of ${ACTIVITY_KINDS.join(', ')}`);
    const business = positiveInt(q.business, 'business', 0, Number.MAX_SAFE_INTEGER);
    const before = oneString(q.before, 'before');
    const filters = {
      kind: kind as ActivityKind | undefined,
      businessId: business || undefined,
      username: oneString(q.admin, 'admin')?.trim() || undefined,
      since: instant(q.since, 'since'),
      until: instant(q.until, 'until'),
    };
    ctx.body = await listActivity(deps.db, filters, before ? parseCursor(before) : null, positiveInt(q.limit, 'limit', ACTIVITY_PAGE, MAX_ACTIVITY_PAGE));
  });
  return router;
}
