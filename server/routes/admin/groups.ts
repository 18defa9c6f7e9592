import type Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { badRequest } from '../../errors.js';
import { adminRouter } from './router.js';
import { idParam, oneString } from '../params.js';
import { listGroups } from '../../../db/queries/redirects.js';
import { type GroupKind, mergeGroup, renameGroup } from '../../../data/store/group-writes.js';

/** Categories and cities for the admin: list, rename, merge a duplicate into another. */
export function groupAdminRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const router = adminRouter(deps);
  for (const [path, kind] of [['categories', 'category'], ['cities', 'city']] as [string, GroupKind][]) {
    router.get(`/${path}`, async (ctx) => {
      ctx.body = await listGroups(db, kind, oneString(ctx.query.search, 'search')?.trim() || undefined);
    });
    router.put(`/${path}/:id`, async (ctx) => {
      const name = (ctx.request.body as { name?: unknown }).name;
      if (typeof name !== 'string') throw badRequest('name is required');
      ctx.body = await renameGroup(db, kind, idParam(ctx.params.id), name);
    });
    router.post(`/${path}/:id/merge`, async (ctx) => {
      const into = (ctx.request.body as { into?: unknown }).into;
      if (typeof into !== 'number' && typeof into !== 'string') throw badRequest('into (the id to merge into) is required');
      ctx.body = await mergeGroup(db, kind, idParam(ctx.params.id), idParam(String(into), 'into'));
    });
  }
  return router;
}
