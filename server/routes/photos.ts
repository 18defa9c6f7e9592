import fs from 'node:fs';
import type Koa from 'koa';
import type Router from '@koa/router';
import type { AppDeps } from '../deps.js';
import { notFound } from '../errors.js';
import { newRouter } from './router.js';
import { PLACEHOLDER_VERSION } from '../../data/domain/photo-paths.js';
import { BusinessPhotos } from '../../data/photos/business-photo.js';
import { placeholderFile } from '../../data/photos/placeholders.js';
import { PhotoStore } from '../../data/photos/photo-store.js';

const FOREVER = 'public, max-age=31536000, immutable';
/** A failed source's redirect to its placeholder: about as long as the negative cache's shortest useful span. */
const FAILED_MAX_AGE = 'public, max-age=600';

/** Business photos and placeholders from rehber's own origin (data/photos). Mounted before the pages. */
export function photoRoutes({ db, config, logger, dataVersion }: AppDeps): Router {
  const store = new PhotoStore({ cacheDir: config.photos.cacheDir, allowPrivateAddresses: config.photos.allowPrivateHosts });
  const photos = new BusinessPhotos(db, store, async () => (await dataVersion.current())?.version ?? null);
  const router = newRouter();

  router.get('/photos/placeholders/:version/:file', async (ctx) => {
    const file = ctx.params.version === PLACEHOLDER_VERSION ? placeholderFile(ctx.params.file) : null;
    if (!file) throw notFound('Placeholder not found');
    sendFile(ctx, file, 'image/svg+xml', (await fs.promises.stat(file)).size);
  });

  router.get('/photos/:slug/:file', async (ctx) => {
    const answer = await photos.answer(ctx.params.slug, ctx.params.file);
    if (!answer) throw notFound('Photo not found');
    if (answer.kind === 'placeholder') {
      if (answer.fresh) logger.warn({ slug: ctx.params.slug, reason: answer.reason }, 'photo source refused');
      ctx.set('Cache-Control', FAILED_MAX_AGE);
      ctx.redirect(answer.path);
      return;
    }
    sendFile(ctx, answer.path, answer.contentType, answer.size);
  });
  return router;
}

function sendFile(ctx: Koa.Context, file: string, type: string, size: number): void {
  ctx.set('Cache-Control', FOREVER);
  ctx.type = type;
  ctx.length = size;
  ctx.body = fs.createReadStream(file);
}
