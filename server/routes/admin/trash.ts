import type Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { badRequest } from '../../errors.js';
import { adminRouter } from './router.js';
import { adminDeepestPage, idParam, oneString, pageParams } from '../params.js';
import { listTrash } from '../../../db/queries/trash.js';
import { purgeBusinesses, restoreBusinesses, sweepTrash } from '../../../data/store/trash.js';
import { ADMIN_PAGE_SIZE } from '../../../domain/constants.js';
import { sessionOf } from '../../middleware/session.js';

/** At most this many businesses restored or purged in one call, as for the list's bulk actions. */
const MAX_BULK = 1000;

const username = (ctx: Parameters<typeof sessionOf>[0]) => sessionOf(ctx)?.username ?? null;

function idsOf(body: unknown): number[] {
  const ids = (body as { ids?: unknown }).ids;
  if (!Array.isArray(ids) || !ids.length || ids.length > MAX_BULK) throw badRequest(`ids must list 1 to ${MAX_BULK} businesses`);
  return [...new Set(ids.map((id) => idParam(typeof id === 'number' || typeof id === 'string' ? String(id) : '', 'ids')))];
}

/** The trash (docs/trash.md): list it, restore from it, delete for good from it; behind the admin guard. */
export function trashAdminRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const router = adminRouter(deps);

  router.get('/trash', async (ctx) => {
    const search = oneString(ctx.query.search, 'search');
    // Listing is one of the moments the retention is applied, so nothing past it is ever shown.
    await sweepTrash(db);
    ctx.body = await listTrash(db, { ...pageParams(ctx, ADMIN_PAGE_SIZE, adminDeepestPage), search });
  });

  router.post('/trash/restore', async (ctx) => {
    ctx.body = { restored: await restoreBusinesses(db, idsOf(ctx.request.body), username(ctx)) };
  });

  router.post('/trash/purge', async (ctx) => {
    ctx.body = { purged: await purgeBusinesses(db, idsOf(ctx.request.body), username(ctx)) };
  });

  return router;
}
