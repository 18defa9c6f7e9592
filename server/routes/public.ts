import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { AppDeps } from '../deps.js';
import { badRequest, notFound } from '../errors.js';
import { newRouter } from './router.js';
import { MAX_PAGE_SIZE, PUBLIC_PAGE_SIZE } from '../../data/constants.js';
import { getBusinessBySlug, listBusinessesIn, listFeatured, listRecent, searchBusinesses } from '../../db/queries/businesses.js';
import { getCityBySlug, listCities, listPopularCities } from '../../db/queries/cities.js';
import { getCategoryBySlug, listCategories } from '../../db/queries/categories.js';
import { getCountryBySlug, listCountries } from '../../db/queries/countries.js';
import { databaseAnswers, getStats } from '../../db/queries/stats.js';
import type { PageRequest } from '../../db/queries/paging.js';

/** The public read API: the map at the bottom of data/types.ts, plus /healthz. */
export function publicRoutes({ db }: AppDeps): Router {
  const router = newRouter();

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
    ctx.body = found(await getBusinessBySlug(db, ctx.params.slug), 'Business not found');
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
    const paging = pageParams(ctx);
    const city = found(await getCityBySlug(db, ctx.params.slug), 'City not found');
    ctx.body = await listBusinessesIn(db, { cityId: city.id }, paging);
  });

  router.get('/api/categories', async (ctx) => {
    ctx.body = await listCategories(db);
  });
  router.get('/api/categories/:slug', async (ctx) => {
    ctx.body = found(await getCategoryBySlug(db, ctx.params.slug), 'Category not found');
  });
  router.get('/api/categories/:slug/businesses', async (ctx) => {
    const paging = pageParams(ctx);
    const category = found(await getCategoryBySlug(db, ctx.params.slug), 'Category not found');
    ctx.body = await listBusinessesIn(db, { categoryId: category.id }, paging);
  });

  router.get('/api/countries', async (ctx) => {
    ctx.body = await listCountries(db);
  });
  router.get('/api/countries/:slug', async (ctx) => {
    ctx.body = found(await getCountryBySlug(db, ctx.params.slug), 'Country not found');
  });

  router.get('/api/search', async (ctx) => {
    const paging = pageParams(ctx);
    ctx.body = await searchBusinesses(db, { q: text(ctx.query.q), location: text(ctx.query.location), ...paging });
  });

  return router;
}

function found<T>(value: T | null, message: string): T {
  if (value === null) throw notFound(message);
  return value;
}

const text = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/** `page` (default 1) and `limit` (default PUBLIC_PAGE_SIZE, at most MAX_PAGE_SIZE): positive integers or 400. */
export function pageParams(ctx: ParameterizedContext): PageRequest {
  return {
    page: positiveInt(ctx.query.page, 'page', 1, Number.MAX_SAFE_INTEGER),
    limit: positiveInt(ctx.query.limit, 'limit', PUBLIC_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}

function positiveInt(raw: string | string[] | undefined, name: string, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = text(raw);
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > max) throw badRequest(`Invalid ${name}: expected a whole number from 1 to ${max}`);
  return n;
}
