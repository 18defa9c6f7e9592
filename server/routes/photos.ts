import fs from 'node:fs';
import type Koa from 'koa';
import type Router from '@koa/router';
import type { AppDeps } from '../deps.js';
import { notFound } from '../errors.js';
import { newRouter } from './router.js';
import { PLACEHOLDER_VERSION } from '../../domain/photo-paths.js';
import { BusinessPhotos } from '../../data/photos/business-photo.js';
import { placeholderFile } from '../../data/photos/placeholders.js';
import { PhotoStore } from '../../data/photos/photo-store.js';
import { cacheControl } from '../freshness/cache-control.js';


/** Business photos and placeholders from rehber's own origin (data/photos). Mounted before the pages. */
export function photoRoutes({ db, config, logger, dataVersion }: AppDeps): Router {
  const store = new PhotoStore({ cacheDir: config.photos.cacheDir, allowPrivateAddresses: config.photos.allowPrivateHosts, maxBytes: config.photos.maxBytes });
  const photos = new BusinessPhotos(db, store, async () => (await dataVersion.current())?.version ?? null);
  const router = newRouter();

  router.get('/photos/placeholders/:version/:file', async (ctx) => {
    const file = ctx.params.version === PLACEHOLDER_VERSION ? placeholderFile(ctx.params.file) : null;
    if (!file) throw notFound('Placeholder not found');
    await sendFile(ctx, (await openFile(file))!, 'image/svg+xml');
  });

  router.get('/photos/:slug/:file', async (ctx) => {
    // The cache's sweep (this server's or another's on the volume) may remove the file between the
    // answer and the open: the second answer makes it again.
    for (let attempt = 1; ; attempt++) {
      const answer = await photos.answer(ctx.params.slug, ctx.params.file);
      if (!answer) throw notFound('Photo not found');
      if (answer.kind === 'placeholder') {
        if (answer.fresh) logger.warn({ slug: ctx.params.slug, reason: answer.reason }, 'photo source refused');
        // Still being fetched: the photo may be there in a moment, so the placeholder is not kept.
        cacheControl(ctx, answer.pending ? 'no-store' : 'photo-placeholder');
        ctx.redirect(answer.path);
        return;
      }
      const file = await openFile(answer.path);
      if (file || attempt === 2) {
        await sendFile(ctx, file ?? (await fs.promises.open(answer.path)), answer.contentType);
        return;
      }
    }
  });
  return router;
}

/** The open file, or null when it is gone; once open, its removal no longer matters. */
const openFile = (file: string) => fs.promises.open(file).catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? null : Promise.reject(err)));

async function sendFile(ctx: Koa.Context, file: fs.promises.FileHandle, type: string): Promise<void> {
  cacheControl(ctx, 'immutable');
  ctx.type = type;
  ctx.length = (await file.stat()).size;
  ctx.body = file.createReadStream();
}
