import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context, Middleware } from 'koa';
import { send } from '@koa/send';
import type { AppDeps } from '../deps.js';
import { injectAdsMeta } from '../seo/head.js';
import { pageHead } from '../seo/page-head.js';
import { mapTilesOf } from './map.js';
import { injectSiteMeta, PageRenderer, ssrDirOf } from '../ssr/renderer.js';
import { PageTemplate } from '../ssr/page-template.js';
import { builtStamp } from '../ssr/built-stamp.js';
import { requestDb, pageReads, wholeAnswer } from '../freshness/read-routing.js';
import type { SiteConfig } from '../../domain/site-config.js';
import { isApiPath } from './router.js';
import { keepOutOfCaches } from '../freshness/http-cache.js';
import { notModified } from '../freshness/conditional.js';
import { cacheControl } from '../freshness/cache-control.js';
import { movedSlug } from '../../db/queries/businesses.js';
import { redirectedGroupSlug } from '../../db/queries/redirects.js';
import { cityCategoryPath, countryCategoryPath, districtCategoryPath, matchPage, slugPath, type PageMatch } from '../../domain/paths.js';
import { pageEntry, publicRequest, type MovedKind, type PageRequest } from '../../domain/public-pages.js';
import type { Db } from '../../db/index.js';

/** dist/web, from the sources (server/routes) or from the build (dist/server/routes). */
export function defaultDistDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const compiled = here.split(path.sep).includes('dist');
  return path.resolve(here, compiled ? '../../web' : '../../dist/web');
}

/**
 * What names the web build a page's HTML carries: the modification times of its index.html and of
 * the server render's entry ('' for an unbuilt one).
 */
export function webBuildTag(distDir: string): string {
  return `${builtStamp(path.join(distDir, 'index.html'))}|${builtStamp(path.join(ssrDirOf(distDir), 'entry-server.js'))}`;
}

/**
 * Mounted last: hashed /assets/* cached forever, other built files briefly, and every other GET a
 * page: public pages server-rendered (body, data island, crawler head), admin screens the plain
 * shell the browser renders; 404 for unknown paths and slugs so search engines see no soft 404s.
 * /api/* never falls back to HTML.
 */
export function pageRoutes(deps: Pick<AppDeps, 'db' | 'config' | 'logger'> & Partial<Pick<AppDeps, 'dataVersion' | 'memos'>>, options: { distDir?: string } = {}): Middleware {
  const distDir = options.distDir ?? defaultDistDir();
  const indexFile = path.join(distDir, 'index.html');
  const renderer = new PageRenderer(distDir, deps.logger);
  renderer.warm();
  const site: SiteConfig = { siteName: deps.config.site.name, contact: deps.config.site.contact, ads: deps.config.ads, map: mapTilesOf(deps.config) };
  let cached: { stamp: string; html: string; template: PageTemplate } | undefined;

  // Re-read when a rebuild replaced the file, so a running server never serves stale asset names.
  function indexHtml(): { html: string; template: PageTemplate } | null {
    const stamp = builtStamp(indexFile);
    if (!stamp) return null;
    if (cached?.stamp !== stamp) {
      try {
        const html = injectSiteMeta(injectAdsMeta(fs.readFileSync(indexFile, 'utf8'), deps.config.ads), site);
        cached = { stamp, html, template: new PageTemplate(html) };
      } catch {
        return null;
      }
    }
    return cached;
  }

  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) return next();

    if (ctx.path.startsWith('/assets/')) {
      try {
        await send(ctx, ctx.path, {
          root: distDir,
          // Names carry a content hash: a cached copy can never be stale.
          setHeaders: (res) => cacheControl(res, 'immutable'),
        });
        // A revalidation (If-Modified-Since) of an unchanged file: 304, no body. Compared here, as
        // the origin: Koa's ctx.fresh refuses whenever the request says no-cache, which fetch()
        // adds to every conditional request.
        const lastModified = new Date(ctx.response.get('Last-Modified'));
        if (ctx.status === 200 && notModified(ctx, null, lastModified)) {
          ctx.status = 304;
          ctx.body = null;
        }
      } catch {
        ctx.status = 404;
        ctx.body = 'Not found';
      }
      return;
    }
    // Other built files (icons, robots of the build...) by exact name; directories are pages.
    if (path.extname(ctx.path) && ctx.path !== '/index.html') {
      const served = await send(ctx, ctx.path, { root: distDir, setHeaders: (res) => cacheControl(res, 'built-file') }).catch(() => null);
      if (served) return;
    }

    const index = indexHtml();
    if (index === null) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built: run `make build` (or `npx vite build --config web/vite.config.ts`) and reload.\n';
      return;
    }
    const match = pageMatchOf(ctx);
    if (match?.kind === 'admin') {
      ctx.type = 'text/html; charset=utf-8';
      // The admin's shell must not be kept.
      cacheControl(ctx, 'no-store');
      ctx.body = index.html;
      return;
    }
    const request = publicRequest(match, ctx.querystring);
    // One set of reads for the page view: the head, the redirect check and the body share answers,
    // read whole at one data version.
    const view = await wholeAnswer(deps, ctx, async () => {
      const reads = pageReads(deps, ctx);
      // A failed lookup (database down) still sends the shell, which shows its own error states.
      const page = await pageHead(reads, { baseUrl: deps.config.publicBaseUrl, cityCategoryMin: deps.config.cityCategoryMin, twitter: deps.config.site.twitter }, request).catch((err: unknown) => {
        deps.logger.error({ err, path: ctx.path }, 'page head lookup failed');
        return { status: 500 as const, head: undefined, data: undefined };
      });
      const moved = await movedTo(requestDb(deps, ctx), request, page).catch(() => null);
      return { page, moved, app: moved || page.status === 500 ? null : await renderer.render(ctx.url, reads, site, request) };
    });
    const { page, moved, app } = view;
    if (moved) {
      ctx.status = 301;
      ctx.redirect(moved);
      return;
    }
    ctx.status = page.status;
    ctx.type = 'text/html; charset=utf-8';
    // Public pages get their validators and shared-cache headers from httpCache (app.ts); a 404 or
    // a failure must not be kept as if it were the page.
    cacheControl(ctx, page.status === 200 ? 'revalidate' : 'no-store');
    // A page rendered with a failed read (shown loading, the browser asks for it) is sent, but no
    // cache (ours, a CDN's, the browser's) keeps it for a later visit.
    if (app && !app.complete) keepOutOfCaches(ctx);
    // Its bytes: Koa would measure a string's UTF-8 length, then Node encode it, two passes over
    // kilobytes of text (UTF-16 as soon as the page has one character past Latin-1, a rating's star).
    ctx.body = index.template.bytes(page.head, app);
  };
}

const MATCH = 'rehber.page';

/** Which page a request is: matched once per request (the answer cache asks first, then the page). */
export function pageMatchOf(ctx: Pick<Context, 'path' | 'state'>): PageMatch | null {
  const kept = ctx.state[MATCH] as { path: string; match: PageMatch | null } | undefined;
  if (kept?.path === ctx.path) return kept.match;
  const match = matchPage(ctx.path);
  ctx.state[MATCH] = { path: ctx.path, match };
  return match;
}

/** Where a moved subject's page now is: the path, or null when it has not moved. */
const movedGroup = (kind: 'city' | 'category' | 'country') => async (db: Db, { slug }: PageRequest) => {
  const to = await redirectedGroupSlug(db, kind, slug);
  return to && to !== slug ? slugPath(kind, to) : null;
};

const MOVED: Record<MovedKind, (db: Db, request: PageRequest) => Promise<string | null>> = {
  business: async (db, { slug }) => {
    const to = await movedSlug(db, slug);
    return to && to !== slug ? slugPath('details', to) : null;
  },
  city: movedGroup('city'),
  category: movedGroup('category'),
  country: movedGroup('country'),
  // A category in a city moves with either: its city or its category renamed or merged away.
  cityCategory: async (db, { slug, category = '' }) => {
    const [city, kind] = await Promise.all([redirectedGroupSlug(db, 'city', slug), redirectedGroupSlug(db, 'category', category)]);
    const to = cityCategoryPath(city ?? slug, kind ?? category);
    return to !== cityCategoryPath(slug, category) ? to : null;
  },
  // A category in a district moves with its city or its category, keeping the district.
  districtCategory: async (db, { slug, district = '', category = '' }) => {
    const [city, kind] = await Promise.all([redirectedGroupSlug(db, 'city', slug), redirectedGroupSlug(db, 'category', category)]);
    const to = districtCategoryPath(city ?? slug, district, kind ?? category);
    return to !== districtCategoryPath(slug, district, category) ? to : null;
  },
  // A category in a country moves with either: its country renamed, its category renamed or merged away.
  countryCategory: async (db, { slug, category = '' }) => {
    const [country, kind] = await Promise.all([redirectedGroupSlug(db, 'country', slug), redirectedGroupSlug(db, 'category', category)]);
    const to = countryCategoryPath(country ?? slug, kind ?? category);
    return to !== countryCategoryPath(slug, category) ? to : null;
  },
};

/**
 * A page under a slug its business, category or city has since changed (or was merged away), or a
 * country page under the slug of a name it had before: the path to send it to permanently. Asked
 * only when the page was not found, or found under a slug that is not its own (its entry in
 * domain/public-pages.ts says which), so a normal view costs nothing more.
 */
async function movedTo(db: Db, request: PageRequest | null, { status, data }: { status: number; data?: unknown }): Promise<string | null> {
  const moved = request && pageEntry(request.page).moved;
  if (!request || !moved) return null;
  if (!(status === 404 || (status === 200 && moved.elsewhere?.(data, request.slug)))) return null;
  return MOVED[moved.kind](db, request);
}
