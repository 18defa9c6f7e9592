import type Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { badRequest } from '../../errors.js';
import { adminRouter } from './router.js';
import { idParam, oneString } from '../params.js';
import { sessionOf } from '../../middleware/session.js';
import { listGroups } from '../../../db/queries/redirects.js';
import { editGroup, type GroupKind, mergeGroup, previewMerge } from '../../../data/store/group-writes.js';
import { lastMerge, undoMerge } from '../../../data/store/group-merge-undo.js';

/** Categories and cities for the admin: list, rename, set a category's plural, merge a duplicate into another, undo the last merge. */
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
    // A name renames; a category's pluralName (text, or null to clear) sets its plural; both, in one transaction.
    router.put(`/${path}/:id`, async (ctx) => {
      const { name, pluralName } = ctx.request.body as { name?: unknown; pluralName?: unknown };
      const id = idParam(ctx.params.id);
      if (name !== undefined && typeof name !== 'string') throw badRequest('name must be text');
      if (pluralName !== undefined && pluralName !== null && typeof pluralName !== 'string') throw badRequest('pluralName must be text, or null to clear it');
      const now = await editGroup(db, kind, id, { name, pluralName }, username(ctx));
      // The answer is about what was asked: the slug after a rename, the plural after setting one.
      ctx.body = { ...(name !== undefined && { slug: now.slug }), ...(pluralName !== undefined && { pluralName: now.pluralName }) };
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
