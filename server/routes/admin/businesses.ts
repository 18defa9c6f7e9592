import { PassThrough } from 'node:stream';
import type Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { badRequest } from '../../errors.js';
import { adminRouter } from './router.js';
import { countryStats, listAdminBusinesses } from '../../../db/queries/admin-businesses.js';
import { EXPORT_CONTENT_TYPES, exportBusinesses, exportFileName } from '../../../data/export.js';
import { ADMIN_PAGE_SIZE, EXPORT_FORMATS, MAX_PAGE_SIZE, type ExportFormat } from '../../../data/constants.js';

/** A positive integer query parameter, its default when absent, 400 otherwise. */
function positiveInt(value: unknown, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw badRequest(`${name} must be a positive integer`);
  const n = Number(value);
  if (n < 1 || n > max) throw badRequest(`${name} must be between 1 and ${max}`);
  return n;
}

function oneString(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be given once`);
  return value;
}

/** The admin's business list, country distribution and export (SPEC §7), behind the admin guard. */
export function businessAdminRoutes(deps: AppDeps): Router {
  const { db, config, logger } = deps;
  const router = adminRouter(deps);

  router.get('/businesses', async (ctx) => {
    const page = positiveInt(ctx.query.page, 'page', 1);
    const limit = positiveInt(ctx.query.limit, 'limit', ADMIN_PAGE_SIZE, MAX_PAGE_SIZE);
    const search = oneString(ctx.query.search, 'search');
    ctx.body = await listAdminBusinesses(db, { page, limit, search });
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
