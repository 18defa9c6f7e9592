import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AppDeps } from '../deps.js';
import { notFound } from '../errors.js';
import { pageParams } from './params.js';
import { listFilters, queryText } from './list-params.js';
import { newRouter } from './router.js';
import { PUBLIC_PAGE_SIZE } from '../../domain/constants.js';
import { listFeatured, listRecent } from '../../db/queries/businesses.js';
import { listBusinessesIn, searchBusinesses } from '../../data/reads/search.js';
import { suggest } from '../../data/reads/suggest.js';
import { memoized, slugMemo } from '../../data/reads/search-memo.js';
import { memoScope } from '../read-routing.js';
import { getCityBySlug, listCities, listPopularCities } from '../../db/queries/cities.js';
import { getCategoryBySlug, listCategories } from '../../db/queries/categories.js';
import { getCountryBySlug, listCountries } from '../../db/queries/countries.js';
import { databaseAnswers, getStats } from '../../db/queries/stats.js';
import { getBusinessPage } from '../seo/title-place.js';

/** The public read API: the map at the bottom of domain/types.ts, plus /healthz. */
export function publicRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const router = newRouter();
  const scope = (ctx: Context) => memoScope(deps, ctx);

  router.get('/healthz', async (ctx) => {
    const ok = await databaseAnswers(db);
    ctx.status = ok ? 200 : 503;
    ctx.body = ok ? { status: 'ok' } : { message: 'Database unavailable' };
  });

  router.get('/api/stats', async (ctx) => {
    ctx.body = await getStats(db);
  });
  router.get('/api/businesses/featured', async (ctx) => {
    ctx.body = await listFeatured(db);
  });
  router.get('/api/businesses/recent', async (ctx) => {
    ctx.body = await listRecent(db);
  });
  router.get('/api/businesses/detail/:slug', async (ctx) => {
    ctx.body = found(await getBusinessPage(db, ctx.params.slug), 'Business not found');
  });

  router.get('/api/cities/popular', async (ctx) => {
    ctx.body = await listPopularCities(db);
  });
  router.get('/api/cities', async (ctx) => {
    ctx.body = await listCities(db);
  });
  router.get('/api/cities/:slug', async (ctx) => {
    ctx.body = found(await getCityBySlug(db, ctx.params.slug), 'City not found');
  });
  router.get('/api/cities/:slug/businesses', async (ctx) => {
    const paging = pageParams(ctx, PUBLIC_PAGE_SIZE);
    const filters = listFilters(ctx);
    const at = await scope(ctx);
    const city = found(await memoized(slugMemo(at, ctx.params.slug), `city|${ctx.params.slug}`, () => getCityBySlug(db, ctx.params.slug)), 'City not found');
    ctx.body = await listBusinessesIn(db, { cityId: city.id }, paging, filters, at);
  });

  router.get('/api/categories', async (ctx) => {
    ctx.body = await listCategories(db);
  });
  router.get('/api/categories/:slug', async (ctx) => {
    ctx.body = found(await getCategoryBySlug(db, ctx.params.slug), 'Category not found');
  });
  router.get('/api/categories/:slug/businesses', async (ctx) => {
    const paging = pageParams(ctx, PUBLIC_PAGE_SIZE);
    const filters = listFilters(ctx);
    const at = await scope(ctx);
    const category = found(await memoized(slugMemo(at, ctx.params.slug), `category|${ctx.params.slug}`, () => getCategoryBySlug(db, ctx.params.slug)), 'Category not found');
    ctx.body = await listBusinessesIn(db, { categoryId: category.id }, paging, filters, at);
  });

  router.get('/api/countries', async (ctx) => {
    ctx.body = await listCountries(db);
  });
  router.get('/api/countries/:slug', async (ctx) => {
    ctx.body = found(await getCountryBySlug(db, ctx.params.slug), 'Country not found');
  });

  router.get('/api/search', async (ctx) => {
    const paging = pageParams(ctx, PUBLIC_PAGE_SIZE);
    const q = { q: queryText(ctx, 'q'), location: queryText(ctx, 'location'), filters: listFilters(ctx), ...paging };
    ctx.body = await searchBusinesses(db, q, await scope(ctx));
  });
  router.get('/api/suggest', async (ctx) => {
    ctx.body = await suggest(db, queryText(ctx, 'q'));
  });

  return router;
}

function found<T>(value: T | null, message: string): T {
  if (value === null) throw notFound(message);
  return value;
}
