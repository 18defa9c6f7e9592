import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { generateSitemaps } from '../../../data/sitemap.js';
import { getSitemapFiles, getSitemapProgress, getSitemapStats } from '../../../data/sitemap-status.js';
import { validateSitemaps } from '../../../data/sitemap-validate.js';

/**
 * Sitemap management (SPEC §7). The guard in app.ts applies. Generate answers when the new set is
 * published; a second one while it runs gets 409 (SitemapBusyError) from any process.
 */
export function sitemapAdminRoutes({ db, config }: AppDeps): Router {
  const router = new Router({ prefix: '/api/admin/sitemap' });

  router.get('/stats', async (ctx) => {
    ctx.body = await getSitemapStats(db);
  });
  router.get('/files', async (ctx) => {
    ctx.body = await getSitemapFiles(db);
  });
  router.get('/progress', async (ctx) => {
    ctx.body = await getSitemapProgress(db);
  });
  router.post('/generate', async (ctx) => {
    await generateSitemaps(db, { baseUrl: config.publicBaseUrl });
    ctx.body = { success: true, files: await getSitemapFiles(db) };
  });
  router.post('/validate', async (ctx) => {
    ctx.body = await validateSitemaps(db, { baseUrl: config.publicBaseUrl });
  });
  return router;
}
