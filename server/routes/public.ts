import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AppDeps } from '../deps.js';
import { notFound } from '../errors.js';
import { pageParams } from './params.js';
import { groupListFilters, listFilters, queryText } from './list-params.js';
import { newRouter } from './router.js';
import { PUBLIC_PAGE_SIZE } from '../../domain/constants.js';
import type { ListFilters } from '../../domain/search.js';
import type { GroupKind } from '../../domain/public-reads.js';
import { requestReads, wholeAnswer } from '../freshness/read-routing.js';
import { databaseAnswers } from '../../db/queries/stats.js';

/**
 * The public read API: the map at the bottom of domain/types.ts, plus /healthz. Each route reads
 * through the request's read service (data/reads/public-reads.ts), which the server render uses too.
 */
export function publicRoutes(deps: AppDeps): Router {
  const router = newRouter();
  const reads = (ctx: Context) => requestReads(deps, ctx);

  router.get('/healthz', async (ctx) => {
    const ok = await databaseAnswers(deps.db);
    ctx.status = ok ? 200 : 503;
    ctx.body = ok ? { status: 'ok' } : { message: 'Database unavailable' };
  });

  // Each route answers what its read gives, read whole at one data version.
  const get = (path: string, answer: (ctx: Context) => Promise<unknown>) => router.get(path, async (ctx) => {
    ctx.body = await wholeAnswer(deps, ctx, () => answer(ctx));
  });

  get('/api/stats', (ctx) => reads(ctx).stats());
  get('/api/businesses/featured', (ctx) => reads(ctx).featuredBusinesses());
  get('/api/businesses/recent', (ctx) => reads(ctx).recentBusinesses());
  get('/api/businesses/detail/:slug', async (ctx) => found(await reads(ctx).business(ctx.params.slug), 'Business not found'));
  get('/api/businesses/detail/:slug/nearby', async (ctx) => reads(ctx).moreNearby(found(await reads(ctx).business(ctx.params.slug), 'Business not found')));

  get('/api/cities/popular', (ctx) => reads(ctx).popularCities());
  get('/api/cities', (ctx) => reads(ctx).cities());
  get('/api/categories', (ctx) => reads(ctx).categories());
  // A city's and a category's page and list. Their parameters are checked before the group is
  // looked up (a bad page is a 400 even under an unknown slug), so the lookup is a function the
  // list calls after them rather than a router.param loader, which koa-router runs first.
  for (const [kind, path, missing] of GROUP_ROUTES) {
    // Without its links: what a category in a city, a district or a country names, and all a list needs of it.
    const summary = async (ctx: Context) => found(await reads(ctx).groupSummary(kind, ctx.params.slug), missing);
    get(`${path}/:slug`, async (ctx) => found(await reads(ctx).group(kind, ctx.params.slug), missing));
    get(`${path}/:slug/summary`, summary);
    get(`${path}/:slug/businesses`, async (ctx) => {
      const { filters, limit } = listRequest(ctx);
      return reads(ctx).groupBusinesses(kind, await summary(ctx), filters, limit);
    });
  }

  // The districts where a category has businesses in a city: the links of its category-in-city page.
  get('/api/cities/:slug/categories/:category/districts', async (ctx) => {
    const [city, category] = await Promise.all([reads(ctx).groupSummary('city', ctx.params.slug), reads(ctx).groupSummary('category', ctx.params.category)]);
    return reads(ctx).categoryDistricts(found(city, 'City not found'), found(category, 'Category not found'));
  });

  get('/api/countries', (ctx) => reads(ctx).countries());
  get('/api/countries/:slug', async (ctx) => found(await reads(ctx).country(ctx.params.slug), 'Country not found'));
  get('/api/countries/:slug/summary', async (ctx) => found(await reads(ctx).countrySummary(ctx.params.slug), 'Country not found'));

  get('/api/search', (ctx) => {
    const { page, limit } = pageParams(ctx, PUBLIC_PAGE_SIZE);
    const q = queryText(ctx, 'q');
    const location = queryText(ctx, 'location');
    return reads(ctx).search({ q, location, filters: { ...listFilters(ctx), page } }, limit);
  });
  get('/api/suggest', (ctx) => reads(ctx).suggest(queryText(ctx, 'q')));

  return router;
}

const GROUP_ROUTES = [
  ['city', '/api/cities', 'City not found'],
  ['category', '/api/categories', 'Category not found'],
] as const satisfies ReadonlyArray<readonly [GroupKind, string, string]>;

/** A list's page, filters and page size from the query string (a bad one is a 400 before any read). */
function listRequest(ctx: Context): { filters: ListFilters; limit: number } {
  const { page, limit } = pageParams(ctx, PUBLIC_PAGE_SIZE);
  return { filters: { ...groupListFilters(ctx), page }, limit };
}

function found<T>(value: T | null, message: string): T {
  if (value === null) throw notFound(message);
  return value;
}
