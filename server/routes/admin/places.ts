import type Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { conflict } from '../../errors.js';
import { adminRouter } from './router.js';
import { reresolvePlaces } from '../../../data/store/reresolve.js';
import { readReresolveRun, startReresolveRun } from '../../../db/queries/reresolve-runs.js';

/**
 * Re-resolution of every business's place from the admin's countries page (the same job as
 * `rehber db reresolve`). It takes minutes on a million businesses, longer than a request may, so
 * POST starts it in the background and answers 202; GET reports how far it got. Its status is in
 * PostgreSQL and its lock too, so every server process shows the same run and refuses a second.
 */
export function placesAdminRoutes(deps: AppDeps): Router {
  const { db, logger } = deps;
  const router = adminRouter(deps);

  router.get('/places/reresolve', async (ctx) => {
    ctx.body = await readReresolveRun(db);
  });

  router.post('/places/reresolve', async (ctx) => {
    const run = await startReresolveRun(db);
    if (!run) throw conflict('Places are already being re-resolved');
    reresolvePlaces(db, { onProgress: (checked) => void run.progress(checked).catch(() => {}) })
      .then((result) => run.finish(result))
      .catch(async (err: Error) => {
        logger.error({ err }, 're-resolution failed');
        await run.finish({ error: 'Re-resolution stopped: see the server log' }).catch(() => {});
      });
    ctx.status = 202;
    ctx.body = await readReresolveRun(db);
  });

  return router;
}
