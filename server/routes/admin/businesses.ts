import { PassThrough } from 'node:stream';
import type Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { badRequest, notFound } from '../../errors.js';
import { adminRouter } from './router.js';
import { adminDeepestPage, idParam, oneString, pageParams } from '../params.js';
import { countryStats, getAdminBusiness } from '../../../db/queries/admin-businesses.js';
import { adminBusinessesJson } from '../../../data/reads/admin-list.js';
import { editBusiness, setBusinessFlag } from '../../../data/store/business-writes.js';
import { trashBusinesses } from '../../../data/store/trash.js';
import { setBusinessesActive } from '../../../data/store/visibility.js';
import { FIELDS } from '../../../domain/business-columns.js';
import { ADMIN_SORTS, type AdminListFilters, type AdminSort, BULK_ACTIONS, type BulkAction } from '../../../domain/types.js';
import { sessionOf } from '../../middleware/session.js';
import { EXPORT_CONTENT_TYPES, exportBusinesses, exportFileName } from '../../../data/export/export.js';
import { ADMIN_PAGE_SIZE, EXPORT_FORMATS, type ExportFormat } from '../../../domain/constants.js';

/** At most this many businesses in one bulk action (a page of the list is 20). */
const MAX_BULK = 1000;

const username = (ctx: Parameters<typeof sessionOf>[0]) => sessionOf(ctx)?.username ?? null;

/** The admin's business list, edits and bulk actions, country distribution and export, behind the admin guard. */
export function businessAdminRoutes(deps: AppDeps): Router {
  const { db, config, logger } = deps;
  const router = adminRouter(deps);

  router.get('/businesses', async (ctx) => {
    const q = ctx.query;
    const search = oneString(q.search, 'search');
    const status = oneString(q.status, 'status') || undefined;
    if (status && !['active', 'hidden', 'featured'].includes(status)) throw badRequest('status must be active, hidden or featured');
    const verified = oneString(q.verified, 'verified') || undefined;
    if (verified && verified !== 'true' && verified !== 'false') throw badRequest('verified must be true or false');
    const by = (oneString(q.sort, 'sort') || 'newest') as AdminSort['by'];
    if (!ADMIN_SORTS.includes(by)) throw badRequest(`sort must be one of ${ADMIN_SORTS.join(', ')}`);
    const order = oneString(q.order, 'order') || (by === 'newest' || by === 'rating' ? 'desc' : 'asc');
    if (order !== 'asc' && order !== 'desc') throw badRequest('order must be asc or desc');
    const filters: AdminListFilters = {
      country: oneString(q.country, 'country') || undefined,
      city: oneString(q.city, 'city') || undefined,
      category: oneString(q.category, 'category') || undefined,
      status: status as AdminListFilters['status'],
      verified: verified === undefined ? undefined : verified === 'true',
    };
    // What a broad search found, per data version of the primary (which every admin read uses).
    const v = await deps.dataVersion.current();
    ctx.type = 'json';
    ctx.body = await adminBusinessesJson(db, { ...pageParams(ctx, ADMIN_PAGE_SIZE, adminDeepestPage), search, filters, sort: { by, order } }, v ? { ...deps.memos, version: v.version } : undefined);
  });

  router.get('/businesses/:id', async (ctx) => {
    const business = await getAdminBusiness(db, idParam(ctx.params.id));
    if (!business) throw notFound('Business not found');
    ctx.body = business;
  });

  // Edit: the form's fields (file headers) and optionally a new slug; validated as an imported row.
  router.put('/businesses/:id', async (ctx) => {
    const body = ctx.request.body as { fields?: unknown; slug?: unknown };
    if (body.fields === null || typeof body.fields !== 'object' || Array.isArray(body.fields)) throw badRequest('fields must be an object of field: text');
    const fields: Record<string, string | null> = {};
    for (const [key, value] of Object.entries(body.fields as Record<string, unknown>)) {
      if (!(FIELDS as readonly string[]).includes(key)) throw badRequest(`Unknown field ${key}`);
      if (value !== null && typeof value !== 'string') throw badRequest(`${key} must be text`);
      fields[key] = value;
    }
    if (body.slug !== undefined && typeof body.slug !== 'string') throw badRequest('slug must be text');
    ctx.body = await editBusiness(db, idParam(ctx.params.id), { fields, slug: body.slug }, username(ctx));
  });

  // Delete moves to the trash (docs/trash.md); only the trash deletes for good.
  router.delete('/businesses/:id', async (ctx) => {
    const id = idParam(ctx.params.id);
    if (!(await trashBusinesses(db, [id], username(ctx)))) throw notFound('Business not found');
    ctx.status = 204;
  });

  // Hide, show, delete (to the trash), feature, verify the selected rows of the list.
  router.post('/business-actions', async (ctx) => {
    const body = ctx.request.body as { action?: unknown; ids?: unknown };
    const action = body.action as BulkAction;
    if (!BULK_ACTIONS.includes(action)) throw badRequest(`action must be one of ${BULK_ACTIONS.join(', ')}`);
    if (!Array.isArray(body.ids) || !body.ids.length || body.ids.length > MAX_BULK) throw badRequest(`ids must list 1 to ${MAX_BULK} businesses`);
    const ids = body.ids.map((id) => idParam(typeof id === 'number' ? String(id) : String(id)));
    const who = username(ctx);
    const changed =
      action === 'hide' || action === 'show'
        ? await setBusinessesActive(db, ids, action === 'show', who)
        : action === 'delete'
          ? await trashBusinesses(db, ids, who)
          : await setBusinessFlag(db, ids, action.endsWith('feature') ? 'is_featured' : 'is_verified', !action.startsWith('un'), who);
    ctx.body = { changed };
  });

  router.get('/country-stats', async (ctx) => {
    ctx.body = await countryStats(db);
  });

  router.get('/countries', async (ctx) => {
    ctx.body = await countryStats(db);
  });

  router.get('/export', async (ctx) => {
    const format = (oneString(ctx.query.format, 'format') || 'xlsx') as ExportFormat;
    if (!EXPORT_FORMATS.includes(format)) throw badRequest(`format must be one of ${EXPORT_FORMATS.join(', ')}`);
    const country = oneString(ctx.query.country, 'country') || undefined;
    ctx.set('Content-Disposition', `attachment; filename="${exportFileName(country, format)}"`);
    ctx.type = EXPORT_CONTENT_TYPES[format];
    // A HEAD gets the headers only: nobody would read the body, so the export would wait forever.
    if (ctx.method === 'HEAD') {
      ctx.status = 200;
      return;
    }
    const body = new PassThrough();
    ctx.body = body;
    // Runs while Koa streams the body; a failure after the headers went out can only cut the file.
    exportBusinesses(db, { country, format, baseUrl: config.publicBaseUrl }, body).catch((err: Error) => {
      if (!body.destroyed) logger.error({ err }, 'export failed');
      body.destroy(err);
    });
  });

  return router;
}
