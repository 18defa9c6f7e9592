import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Middleware } from 'koa';
import { send } from '@koa/send';
import type { AppDeps } from '../deps.js';
import { injectAdsMeta, injectHead } from '../seo/head.js';
import { pageHead } from '../seo/page-head.js';
import { isApiPath } from './router.js';
import { notModified } from '../middleware/http-cache.js';
import { movedSlug } from '../../db/queries/businesses.js';
import { redirectedGroupSlug } from '../../db/queries/redirects.js';
import { matchPage, slugPath } from '../../data/domain/paths.js';

/** dist/web, from the sources (server/routes) or from the build (dist/server/routes). */
export function defaultDistDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const compiled = here.split(path.sep).includes('dist');
  return path.resolve(here, compiled ? '../../web' : '../../dist/web');
}

const YEAR_SECONDS = 31536000;

/**
 * Mounted last: hashed /assets/* cached forever, other built files briefly, and every other GET a
 * page of the SPA: index.html with the crawler head of its route and the ads <meta>, answering 404
 * for unknown paths and slugs so search engines see no soft 404s. /api/* never falls back to HTML.
 */
/** What names the web build a page's HTML carries: its index.html's modification time ('' when unbuilt). */
export function webBuildTag(distDir: string): string {
  try {
    return String(fs.statSync(path.join(distDir, 'index.html')).mtimeMs);
  } catch {
    return '';
  }
}

export function pageRoutes(deps: Pick<AppDeps, 'db' | 'config' | 'logger'>, options: { distDir?: string } = {}): Middleware {
  const distDir = options.distDir ?? defaultDistDir();
  const indexFile = path.join(distDir, 'index.html');
  let cached: { mtimeMs: number; html: string } | undefined;

  // Re-read when a rebuild replaced the file, so a running server never serves stale asset names.
  function indexHtml(): string | null {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(indexFile);
    } catch {
      return null;
    }
    if (!cached || cached.mtimeMs !== stat.mtimeMs) {
      cached = { mtimeMs: stat.mtimeMs, html: injectAdsMeta(fs.readFileSync(indexFile, 'utf8'), deps.config.ads) };
    }
    return cached.html;
  }

  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) return next();

    if (ctx.path.startsWith('/assets/')) {
      try {
        await send(ctx, ctx.path, {
          root: distDir,
          // Names carry a content hash: a cached copy can never be stale.
          setHeaders: (res) => res.setHeader('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`),
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
      const served = await send(ctx, ctx.path, { root: distDir, maxAge: 3600 * 1000 }).catch(() => null);
      if (served) return;
    }

    const html = indexHtml();
    if (html === null) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built: run `make build` (or `npx vite build --config web/vite.config.ts`) and reload.\n';
      return;
    }
    // A business page under a slug the admin has since changed: permanently to the new one.
    // A business, category or city page under a slug the admin has since changed (or merged away).
    const match = matchPage(ctx.path);
    if (match?.kind === 'slug' && match.page !== 'country') {
      const lookup = match.page === 'details' ? movedSlug(deps.db, match.slug) : redirectedGroupSlug(deps.db, match.page, match.slug);
      const moved = await lookup.catch(() => null);
      if (moved && moved !== match.slug) {
        ctx.status = 301;
        ctx.redirect(slugPath(match.page, moved));
        return;
      }
    }
    // A failed lookup (database down) still sends the SPA, which shows its own error states.
    const page = await pageHead(deps.db, deps.config.publicBaseUrl, ctx.url).catch((err: unknown) => {
      deps.logger.error({ err, path: ctx.path }, 'page head lookup failed');
      return { status: 500 as const, head: undefined };
    });
    ctx.status = page.status;
    ctx.type = 'text/html; charset=utf-8';
    // Public pages get their validators and shared-cache headers from httpCache (app.ts); the
    // admin's shell must not be kept.
    ctx.set('Cache-Control', matchPage(ctx.path)?.kind === 'admin' ? 'no-store' : 'no-cache');
    ctx.body = page.head ? injectHead(html, page.head) : html;
  };
}
