import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { AppDeps } from '../deps.js';
import { notFound } from '../errors.js';
import { newRouter } from './router.js';
import { cacheControl } from '../freshness/cache-control.js';
import { getServedFile } from '../../db/queries/sitemaps.js';
import { INDEX_NAME } from '../../data/sitemap/sitemap-xml.js';
import { robotsTxt } from '../../data/sitemap/sitemap-robots.js';

/** A stored file: its type (words joined by hyphens) and its number, as fileName writes it. */
const FILE_NAME = /^[a-z]+(-[a-z]+)*-\d+\.xml$/;

/**
 * The served sitemap set: /sitemap.xml (the index) and /sitemaps/{name}, read from
 * PostgreSQL so every server instance and the CLI share one set. Before the first generation
 * /sitemap.xml answers 404: an empty index would not validate (the schema wants one entry) and
 * would tell a search console there is nothing to crawl. koa-compress gzips application/xml.
 */
export function sitemapRoutes({ db, config }: AppDeps): Router {
  const router = newRouter();

  async function serve(ctx: ParameterizedContext, name: string) {
    const file = await getServedFile(db, name);
    if (!file) throw notFound(`No sitemap ${name}`);
    ctx.type = 'application/xml; charset=utf-8';
    ctx.lastModified = new Date(file.lastModified);
    cacheControl(ctx, 'sitemap');
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = file.content;
  }

  router.get(`/${INDEX_NAME}`, (ctx) => serve(ctx, INDEX_NAME));
  router.get('/sitemaps/:name', async (ctx) => {
    if (!FILE_NAME.test(ctx.params.name)) throw notFound(`No sitemap ${ctx.params.name}`);
    await serve(ctx, ctx.params.name);
  });
  router.get('/robots.txt', (ctx) => {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = robotsTxt(config.publicBaseUrl);
  });
  return router;
}
