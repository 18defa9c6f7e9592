import { PassThrough } from 'node:stream';
import type Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { badRequest } from '../../errors.js';
import { adminRouter } from './router.js';
import { oneString, pageParams } from '../params.js';
import { countryStats, listAdminBusinesses } from '../../../db/queries/admin-businesses.js';
import { EXPORT_CONTENT_TYPES, exportBusinesses, exportFileName } from '../../../data/export/export.js';
import { ADMIN_PAGE_SIZE, EXPORT_FORMATS, type ExportFormat } from '../../../data/domain/constants.js';

/** The admin's business list, country distribution and export (SPEC §7), behind the admin guard. */
export function businessAdminRoutes(deps: AppDeps): Router {
  const { db, config, logger } = deps;
  const router = adminRouter(deps);

  router.get('/businesses', async (ctx) => {
    const search = oneString(ctx.query.search, 'search');
    ctx.body = await listAdminBusinesses(db, { ...pageParams(ctx, ADMIN_PAGE_SIZE), search });
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
    ctx.set('Cache-Control', 'no-store');
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
