import type Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { badRequest } from '../../errors.js';
import { adminRouter } from './router.js';
import { idParam, oneString } from '../params.js';
import { sessionOf } from '../../middleware/session.js';
import { listGroups } from '../../../db/queries/redirects.js';
import { type GroupKind, mergeGroup, previewMerge, renameGroup } from '../../../data/store/group-writes.js';
import { lastMerge, undoMerge } from '../../../data/store/group-merge-undo.js';

/** Categories and cities for the admin: list, rename, merge a duplicate into another, undo the last merge. */
export function groupAdminRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const router = adminRouter(deps);
  const username = (ctx: Parameters<typeof sessionOf>[0]) => sessionOf(ctx)?.username ?? null;
  const intoOf = (into: unknown) => {
    if (typeof into !== 'number' && typeof into !== 'string') throw badRequest('into (the id to merge into) is required');
    return idParam(String(into), 'into');
  };
  for (const [path, kind] of [['categories', 'category'], ['cities', 'city']] as [string, GroupKind][]) {
    router.get(`/${path}`, async (ctx) => {
      ctx.body = await listGroups(db, kind, oneString(ctx.query.search, 'search')?.trim() || undefined);
    });
    router.put(`/${path}/:id`, async (ctx) => {
      const name = (ctx.request.body as { name?: unknown }).name;
      if (typeof name !== 'string') throw badRequest('name is required');
      ctx.body = await renameGroup(db, kind, idParam(ctx.params.id), name, username(ctx));
    });
    // What a merge would move, for the confirmation; nothing is written.
    router.get(`/${path}/:id/merge`, async (ctx) => {
      ctx.body = await previewMerge(db, kind, idParam(ctx.params.id), intoOf(oneString(ctx.query.into, 'into')));
    });
    router.post(`/${path}/:id/merge`, async (ctx) => {
      ctx.body = await mergeGroup(db, kind, idParam(ctx.params.id), intoOf((ctx.request.body as { into?: unknown }).into), username(ctx));
    });
  }
  router.get('/merges/last', async (ctx) => {
    ctx.body = { merge: await lastMerge(db) };
  });
  router.post('/merges/:id/undo', async (ctx) => {
    ctx.body = await undoMerge(db, idParam(ctx.params.id), username(ctx));
  });
  return router;
}
