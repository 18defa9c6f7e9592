import type Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { adminRouter } from './router.js';
import { generateSitemaps } from '../../../data/sitemap/sitemap.js';
import { getSitemapFiles, getSitemapProgress, getSitemapStats } from '../../../data/sitemap/sitemap-status.js';
import { validateSitemaps } from '../../../data/sitemap/sitemap-validate.js';

/**
 * Sitemap management, behind the admin guard. Generate answers when the new set is
 * published; a second one while it runs gets 409 (SitemapBusyError) from any process, and so does
 * one that would replace a public site's sitemaps with this machine's address (SitemapBaseUrlError:
 * PUBLIC_BASE_URL unset).
 */
export function sitemapAdminRoutes(deps: AppDeps): Router {
  const { db, config } = deps;
  const router = adminRouter(deps, { prefix: '/sitemap' });

  router.get('/stats', async (ctx) => {
    ctx.body = await getSitemapStats(db, { baseUrl: config.publicBaseUrl, cityCategoryMin: config.cityCategoryMin });
  });
  router.get('/files', async (ctx) => {
    ctx.body = await getSitemapFiles(db);
  });
  router.get('/progress', async (ctx) => {
    ctx.body = await getSitemapProgress(db);
  });
  router.post('/generate', async (ctx) => {
    await generateSitemaps(db, { baseUrl: config.publicBaseUrl, cityCategoryMin: config.cityCategoryMin });
    ctx.body = { success: true, files: await getSitemapFiles(db) };
  });
  router.post('/validate', async (ctx) => {
    ctx.body = await validateSitemaps(db, { baseUrl: config.publicBaseUrl });
  });
  return router;
}
